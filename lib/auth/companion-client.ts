import {
  COMPANION_PATHS,
  CompanionErrorSchema,
  OAuthStartReplySchema,
  type OAuthStartReply,
} from '../../contracts/companion-http';
import { networkError, rateLimitedError, serverError, signedOutError, validationError } from '../api/errors';
import { TokenResponseSchema } from '../api/schemas';
import type { InstallationKeys } from './installation-key';
import { companionFieldsOf, type TokenAnswer } from './token-set';

// The companion's OAuth API (contracts/companion-http.ts): it holds the App Secret, so the extension
// never does. Every call is tied to this installation (contracts/installation-binding.ts): the flow's
// verifier and the installation's public key at sign-in, its signature at every refresh; and the installation's
// identity (pairing), when it has one, so the pass the companion answers names that staff member. 400
// invalid_grant means "sign in again" (SignedOutError); 429, 5xx or no answer mean "retry later"
// (RateLimitedError, ServerError, NetworkError), whatever the body says: a busy or failing server says
// nothing about the grant, and must never end the person's sign-in.

export interface CompanionClientOptions {
  /** Read on every call, so a changed connection applies at once. */
  companionUrl: () => Promise<string>;
  installation: InstallationKeys;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function createCompanionClient(options: CompanionClientOptions) {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 20_000;

  async function post(path: string, body: unknown): Promise<unknown> {
    const base = (await options.companionUrl()).replace(/\/$/, '');
    const request = `POST ${path}`;
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw networkError('The companion server could not be reached', { cause, request });
    }
    const json: unknown = await response.json().catch(() => undefined);
    if (response.ok) return json;
    const error = CompanionErrorSchema.safeParse(json);
    const code = error.success ? error.data.error : 'unknown_error';
    const text = error.success
      ? (error.data.message ?? error.data.error_description ?? code)
      : `HTTP ${response.status}`;
    if (response.status === 429) {
      const after = Number(response.headers.get('retry-after'));
      throw rateLimitedError('The Fieldside server is busy; Fieldside tries again shortly', {
        status: 429,
        request,
        ...(Number.isFinite(after) && after > 0 ? { retryAfterMs: after * 1000 } : {}),
      });
    }
    if (response.status >= 500)
      throw serverError(`The companion could not reach the platform: ${text}`, { status: response.status, request });
    if (code === 'invalid_grant')
      throw signedOutError('Access was revoked or has expired: sign in again', { status: response.status, request });
    throw validationError(`The companion refused the request: ${text}`, { status: response.status, request });
  }

  function tokens(json: unknown): TokenAnswer {
    const parsed = TokenResponseSchema.safeParse(json);
    if (!parsed.success) throw serverError('The token answer had no usable access token');
    return { ...parsed.data, ...companionFieldsOf(json) };
  }

  return {
    /** Starts a flow for `codeChallenge` (the S256 of the verifier the caller keeps). */
    async start(redirectUrl: string, scopes: string[], codeChallenge: string): Promise<OAuthStartReply> {
      const { id } = await options.installation.publicKey();
      const body = { redirect_url: redirectUrl, scopes, code_challenge: codeChallenge, installation: id };
      const parsed = OAuthStartReplySchema.safeParse(await post(COMPANION_PATHS.oauthStart, body));
      if (!parsed.success) throw serverError('The companion answered /oauth/start without an authorize URL');
      return parsed.data;
    },
    /** `identity`: this installation's identity for the account, if pairing gave it one. */
    async exchangeCode(
      code: string,
      state: string,
      codeVerifier: string,
      codeMac: string,
      identity?: string,
    ): Promise<TokenAnswer> {
      const { key } = await options.installation.publicKey();
      const answer = tokens(
        await post(COMPANION_PATHS.oauthToken, {
          code,
          state,
          code_mac: codeMac,
          code_verifier: codeVerifier,
          installation_key: key,
          ...(identity ? { identity } : {}),
        }),
      );
      // The refresh token is now sealed to this pair: keep it (until sign-out).
      await options.installation.keep();
      return answer;
    },
    async refresh(refreshToken: string, identity?: string): Promise<TokenAnswer> {
      const proof = await options.installation.prove(refreshToken);
      const body = { refresh_token: refreshToken, proof, ...(identity ? { identity } : {}) };
      return tokens(await post(COMPANION_PATHS.oauthRefresh, body));
    },
  };
}
export type CompanionClient = ReturnType<typeof createCompanionClient>;
