import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';

// Every error the companion itself answers has one JSON shape: a stable machine code in `error` (OAuth style,
// so the extension handles the platform's and ours alike) and a sentence for people in `message`.

export interface ErrorBody {
  error: string;
  message: string;
}

export function jsonError(c: Context, status: ContentfulStatusCode, error: string, message: string): Response {
  c.header('cache-control', 'no-store');
  return c.json<ErrorBody>({ error, message }, status);
}

/** The answer to a request the feed or the webhook intake failed to handle (a store that did not answer): 503, so the
 * platform retries a delivery and a client tries again later. */
export function failedRetryLater(c: Context): Response {
  return jsonError(c, 503, 'server_error', 'The companion failed to handle the request; retry later');
}

export type BodyResult<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Reads a JSON body and validates it; a wrong content type, bad JSON or a schema miss is a 400 that says which. */
export async function readJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<BodyResult<z.infer<S>>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return {
      ok: false,
      response: jsonError(c, 415, 'invalid_request', 'The body must be JSON (Content-Type: application/json)'),
    };
  }
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return { ok: false, response: jsonError(c, 400, 'invalid_request', 'The body is not valid JSON') };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const problems = z.prettifyError(parsed.error);
    return { ok: false, response: jsonError(c, 400, 'invalid_request', `Invalid request body: ${problems}`) };
  }
  return { ok: true, data: parsed.data };
}
