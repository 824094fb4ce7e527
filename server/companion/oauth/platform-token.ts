import { z } from 'zod';
import type { CompanionConfig } from '../config';

// The one place the App Secret leaves the companion: form POSTs to {PLATFORM_AUTH_URL}/oauth/access_token.
// The platform's error bodies are undocumented (PLATFORM-NOTES), so the answer is classified, not trusted:
// a token JSON is passed on with exactly its documented fields; an OAuth error (4xx with `error`) is passed on
// with its status so the extension can tell `invalid_grant` ("sign in again"); anything unreachable, 5xx or
// malformed becomes 502 ("retry later").
// A refresh answer may leave refresh_token out (RFC 6749 §6: the client then keeps the one it has, which stays good),
// and whether the platform's does is unknown (FIDELITY.md #10): the answer then carries the refresh token just spent,
// so whoever keeps it (a sealed token for the extension, an account's kept tokens) keeps a token that works.

const TokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  token_type: z.string().min(1),
  scope: z.string().default(''),
  refresh_token: z.string().min(1).optional(),
});
export type PlatformTokens = Required<z.infer<typeof TokenSchema>>;

const OAuthErrorSchema = z.looseObject({ error: z.string().min(1), error_description: z.string().optional() });

export type TokenAnswer =
  | { kind: 'tokens'; tokens: PlatformTokens }
  | { kind: 'oauth_error'; status: number; body: { error: string; error_description?: string } }
  | { kind: 'unavailable'; message: string };

export type TokenGrant =
  | { grant_type: 'authorization_code'; code: string; redirect_uri: string }
  | { grant_type: 'refresh_token'; refresh_token: string };

export const PLATFORM_TIMEOUT_MS = 15_000;

export async function requestPlatformToken(
  config: Pick<CompanionConfig, 'platformAuthUrl' | 'clientId' | 'clientSecret'>,
  grant: TokenGrant,
  fetchImpl: typeof fetch = fetch,
): Promise<TokenAnswer> {
  const form = new URLSearchParams({ ...grant, client_id: config.clientId, client_secret: config.clientSecret });
  let response: Response;
  try {
    response = await fetchImpl(`${config.platformAuthUrl}/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    });
  } catch {
    // The error text may quote the request; say only what happened.
    return { kind: 'unavailable', message: 'The platform could not be reached' };
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    return { kind: 'unavailable', message: `The platform answered ${response.status}` };
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  if (response.ok) {
    const parsed = TokenSchema.safeParse(json);
    if (!parsed.success) return { kind: 'unavailable', message: 'The platform answered without a usable access token' };
    const kept = grant.grant_type === 'refresh_token' ? grant.refresh_token : undefined;
    const refreshToken = parsed.data.refresh_token ?? kept;
    // A sign-in without a refresh token would end within the hour, unannounced: refused as malformed.
    if (refreshToken === undefined)
      return { kind: 'unavailable', message: 'The platform answered without a refresh token' };
    return { kind: 'tokens', tokens: { ...parsed.data, refresh_token: refreshToken } };
  }
  const error = OAuthErrorSchema.safeParse(json);
  if (error.success) {
    const body: { error: string; error_description?: string } = { error: error.data.error };
    if (error.data.error_description !== undefined) body.error_description = error.data.error_description;
    return { kind: 'oauth_error', status: response.status, body };
  }
  return {
    kind: 'oauth_error',
    status: response.status,
    body: { error: 'platform_error', error_description: `The platform refused the request (${response.status})` },
  };
}
