// Reading the OAuth token endpoint's answers, and a direct client of that endpoint.
//
// createDirectTokenEndpoint sends the App Secret, so it is for tests and the benchmark (Node) ONLY,
// never for the extension: an extension ships its code to every user, and the secret with it. The
// extension goes through the companion server, which holds the secret, and can reuse
// readTokenAnswer to classify the companion's relayed answers the same way.
import { ApiError } from '../api/errors';
import { OAuthErrorBodySchema, TokenResponseSchema, type TokenResponse } from '../api/schemas';

/**
 * Classifies a token endpoint answer: 200 with a token → the token; invalid_grant (the refresh token
 * or code is no longer valid, e.g. access revoked) → SignedOutError; 5xx/429 → retryable errors;
 * anything else (invalid_client, invalid_request...) → AuthenticationError, a configuration fault.
 */
export function readTokenAnswer(status: number, bodyText: string): TokenResponse {
  let body: unknown = null;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // handled below by status
  }
  if (status === 200) {
    const parsed = TokenResponseSchema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new ApiError('ValidationError', 'token endpoint: 200 without a usable access_token', {
      status,
      cause: parsed.error,
    });
  }
  const oauthError = OAuthErrorBodySchema.safeParse(body);
  const code = oauthError.success ? oauthError.data.error : undefined;
  const text = oauthError.success
    ? `${code}${oauthError.data.error_description ? `: ${oauthError.data.error_description}` : ''}`
    : bodyText.slice(0, 200);
  if (code === 'invalid_grant') {
    return throwError(
      new ApiError('SignedOutError', `Access to the platform ended (${text}); sign in again.`, { status }),
    );
  }
  if (status === 429) throwError(new ApiError('RateLimitedError', `token endpoint: ${status} ${text}`, { status }));
  if (status >= 500) throwError(new ApiError('ServerError', `token endpoint: ${status} ${text}`, { status }));
  return throwError(new ApiError('AuthenticationError', `token endpoint: ${status} ${text}`, { status }));
}

function throwError(error: ApiError): never {
  throw error;
}

export interface DirectTokenEndpointOptions {
  /** {auth_url}: the endpoint is `${authUrl}/oauth/access_token`. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof globalThis.fetch;
}

/** TESTS AND BENCHMARKS ONLY (it holds the App Secret): see the header comment. */
export function createDirectTokenEndpoint(options: DirectTokenEndpointOptions) {
  const url = `${options.authUrl.replace(/\/+$/, '')}/oauth/access_token`;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let grants = 0;

  async function post(params: Record<string, string>): Promise<TokenResponse> {
    grants++;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ ...params, client_id: options.clientId, client_secret: options.clientSecret }),
      });
      text = await response.text();
    } catch (cause) {
      throw new ApiError(
        'NetworkError',
        `token endpoint: no answer (${cause instanceof Error ? cause.message : String(cause)})`,
        {
          cause,
        },
      );
    }
    return readTokenAnswer(response.status, text);
  }

  return {
    exchangeCode: (code: string, redirectUri: string) =>
      post({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken: string) => post({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    /** How many grants this endpoint sent (for tests that count refreshes). */
    grantCount: () => grants,
  };
}
