import type { Hono } from 'hono';

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

/**
 * Logs each request `app` answers around its `fetch` rather than as a middleware on `*`, so that a route with no
 * middleware of its own runs without Hono's middleware chain (Hono calls a lone handler directly): the webhook
 * intake, which takes every notification. The line is the one a middleware would write: the status of the answer
 * `fetch` gives (an error handler's and a not-found answer included), the path as Hono routes it.
 */
export function logRequests(app: Hono, log: Logger): void {
  const dispatch = app.fetch;
  const logged = (request: Request, started: number, answer: Response): Response => {
    log({
      level: answer.status >= 500 ? 'error' : 'info',
      method: request.method,
      path: redactPath(app.getPath(request)),
      status: answer.status,
      ms: Math.round(performance.now() - started),
    });
    return answer;
  };
  app.fetch = (request, ...rest) => {
    const started = performance.now();
    const answer = dispatch(request, ...rest);
    return answer instanceof Promise
      ? answer.then((response) => logged(request, started, response))
      : logged(request, started, answer);
  };
}
