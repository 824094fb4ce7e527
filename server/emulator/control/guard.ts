import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** The header a control request carries, with the token the emulator printed at start (`control_token`). */
export const CONTROL_HEADER = 'x-emulator-control';

/** Compared as digests, so neither the time nor the lengths say anything of the token. */
const digest = (text: string) => createHash('sha256').update(text).digest();
const sameToken = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/**
 * Keeps web pages away from {base_url}/_emulator while `npm start` runs a browser beside it. A page cannot send
 * a custom header cross-origin without a CORS preflight, and the preflight is refused (no CORS headers, ever);
 * a page that rebinds its own host name to 127.0.0.1 (DNS rebinding) is same-origin to itself, but its requests
 * name its host in Host, which is refused. The token itself keeps out whatever else runs on the machine.
 * Requests from browsers are refused outright (they carry Origin); tools send none.
 */
export function controlGuard(opts: { token: string; port: () => string }): MiddlewareHandler {
  return async (c, next) => {
    const refuse = (message: string) => c.json({ errorCode: 403, message }, 403);
    const host = (c.req.header('host') ?? '').toLowerCase();
    const port = opts.port();
    if (![`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host)) {
      return refuse('The emulator control surface answers only requests addressed to 127.0.0.1 or localhost');
    }
    if (c.req.method === 'OPTIONS' || c.req.header('origin') !== undefined) {
      return refuse('The emulator control surface takes no requests from web pages');
    }
    const presented = c.req.header(CONTROL_HEADER) ?? '';
    if (!sameToken(presented, opts.token)) {
      return refuse(
        `The emulator control surface needs the ${CONTROL_HEADER} header with the control_token the emulator printed at start`,
      );
    }
    await next();
  };
}
