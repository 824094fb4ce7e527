import type { MiddlewareHandler } from 'hono';

// One JSON line per request, with nothing in it that could be a credential: no query string (codes, states),
// no headers (bearer tokens, cookies), no bodies, and webhook paths with everything after /webhooks/ replaced
// (a callback URL's path is its secret, whatever its shape).

export type LogLine = Record<string, string | number | boolean>;
export type Logger = (line: LogLine) => void;

/** Standard output, one JSON object a line, each stamped with its time. */
export const consoleLogger: Logger = (line) => console.log(JSON.stringify({ time: new Date().toISOString(), ...line }));

/** The path as it may be logged. */
export function redactPath(path: string): string {
  return path.replace(/^\/webhooks\/.*$/s, '/webhooks/:token');
}

export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log({
      level: c.res.status >= 500 ? 'error' : 'info',
      method: c.req.method,
      path: redactPath(c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  };
}
