import type { Context } from 'hono';

/** The most a webhook request may carry: a notification is a few hundred bytes. */
export const MAX_WEBHOOK_BODY = 64 * 1024;

/**
 * The request body as text, or undefined past `max` bytes, declared or streamed. Not hono/body-limit: it touches
 * `request.body` on every request, so @hono/node-server builds a full web Request per notification (a third of the
 * intake rate). A declared Content-Length (what the platform sends) is read at once; a body of unknown length is
 * read chunk by chunk and given up as soon as it passes the limit.
 */
export async function readBoundedText(c: Context, max = MAX_WEBHOOK_BODY): Promise<string | undefined> {
  const declared = c.req.header('content-length');
  if (declared !== undefined) {
    if (!/^\d+$/.test(declared) || Number(declared) > max) return undefined;
    const text = await c.req.text();
    return text.length > max ? undefined : text;
  }
  const body = c.req.raw.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}
