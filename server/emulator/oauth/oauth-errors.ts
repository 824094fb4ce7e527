import type { Context } from 'hono';

export type TokenErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope';

/** Token responses and errors must never be cached (RFC 6749 §5.1). */
export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

/** An RFC 6749 §5.2 error answer. invalid_client is 401 with a challenge; the rest are 400. */
export function tokenError(c: Context, error: TokenErrorCode, description: string): Response {
  const status = error === 'invalid_client' ? 401 : 400;
  const headers: Record<string, string> = { ...NO_STORE };
  if (status === 401) headers['WWW-Authenticate'] = 'Basic realm="oauth", charset="UTF-8"';
  return c.json({ error, error_description: description }, status, headers);
}
