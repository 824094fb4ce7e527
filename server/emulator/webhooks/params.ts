import type { Context } from 'hono';

export type Params = { ok: true; params: Record<string, unknown> } | { ok: false; message: string };

/** Form-encoded (the real platform's shape), multipart, or a JSON object; an empty body is no parameters. */
export async function readParams(c: Context): Promise<Params> {
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  if (type.startsWith('application/json')) {
    const text = await c.req.text();
    if (text.trim() === '') return { ok: true, params: {} };
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return { ok: true, params: parsed as Record<string, unknown> };
      }
      return { ok: false, message: 'the JSON body must be an object' };
    } catch {
      return { ok: false, message: 'the body is not valid JSON' };
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    try {
      return { ok: true, params: await c.req.parseBody() };
    } catch {
      return { ok: false, message: 'the form body could not be read' };
    }
  }
  const text = await c.req.text();
  if (text.trim() === '') return { ok: true, params: {} };
  return { ok: false, message: 'send the parameters form-encoded (application/x-www-form-urlencoded) or as JSON' };
}
