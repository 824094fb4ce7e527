import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The platform's error body: `{"errorCode": n, "message": "..."}`, with errorCode the HTTP status. */
export function apiError(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.json({ errorCode: status, message }, status);
}

/** The platform's success body for writes. */
export function apiOk(c: Context): Response {
  return c.json({ errorCode: 0, message: 'OK' });
}

export const RATE_LIMIT_MESSAGE = 'Number of allowed API requests per minute exceeded';
export const DAILY_RATE_LIMIT_MESSAGE = 'Number of allowed API requests per day exceeded';
