import type { MiddlewareHandler } from 'hono';

// One JSON line per request, with nothing in it that could be a credential: no query string (codes, states),
// no headers (bearer tokens), no bodies, and webhook paths with their callback token replaced.

export type LogLine = Record<string, string | number | boolean>;
export type Logger = (line: LogLine) => void;

export const consoleLogger: Logger = (line) => console.log(JSON.stringify(line));

/** The path as it may be logged. */
export function redactPath(path: string): string {
  return path.replace(/^\/webhooks\/[^/]+/, '/webhooks/:token');
}

export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log({
      method: c.req.method,
      path: redactPath(c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  };
}
