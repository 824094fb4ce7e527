import type { MiddlewareHandler } from 'hono';

// What the platform was asked: a count for the control API's stats, and the last requests themselves, for tests
// that check which requests a client made (a resumed walk's pages).

/** How many of the last requests to the API the control API's stats list. */
export const RECENT_REQUESTS_KEPT = 500;

export function createRequestLog() {
  let requests = 0;
  const recent: string[] = [];
  const count: MiddlewareHandler = async (c, next) => {
    requests++;
    const url = new URL(c.req.url);
    recent.push(`${c.req.method} ${url.pathname}${url.search}`);
    if (recent.length > RECENT_REQUESTS_KEPT) recent.shift();
    await next();
  };
  return { count, requests: () => requests, recent: () => [...recent] };
}
