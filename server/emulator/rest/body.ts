import type { Context } from 'hono';

export type ParsedBody = { ok: true; fields: Record<string, unknown> } | { ok: false; message: string };

/**
 * Reads a write body: JSON (an object) or form-encoded, as the platform accepts both. `access_token` is an
 * authentication parameter, not a field, so it is dropped here.
 */
export async function readBody(c: Context): Promise<ParsedBody> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('multipart/form-data')) {
    const form = await c.req.parseBody();
    return finish(Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string')));
  }
  const text = await c.req.text();
  if (type.includes('application/x-www-form-urlencoded')) return finish(Object.fromEntries(new URLSearchParams(text)));
  if (text.trim() === '') return finish({});
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Malformed JSON body: ${(error as Error).message}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, message: 'The JSON body must be an object of field names and values' };
  }
  return finish(parsed as Record<string, unknown>);
}

function finish(fields: Record<string, unknown>): ParsedBody {
  delete fields.access_token;
  return { ok: true, fields };
}

/** The `access_token` form parameter of a form-encoded body, without consuming it for later readers. */
export async function formAccessToken(c: Context): Promise<string | undefined> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.includes('application/x-www-form-urlencoded')) return undefined;
  return new URLSearchParams(await c.req.text()).get('access_token') ?? undefined;
}
