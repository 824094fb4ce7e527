import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { COMPANION_PATHS, OAuthRefreshRequestSchema, OAuthTokenRequestSchema } from '../../../contracts/companion-http';
import { codeChallengeOf, installationIdOf, type InstallationKey } from '../../../contracts/installation-binding';
import type { CompanionConfig } from '../config';
import { jsonError, readJsonBody } from '../http-errors';
import { tooManyRequests, type LimitSubject, type RateLimiter } from '../limits/rate-limit';
import { accountOf } from './account-of';
import { checkRefreshProof } from './installation-proof';
import { requestPlatformToken, type PlatformTokens, type TokenAnswer } from './platform-token';
import { sealRefreshToken, unsealRefreshToken } from './sealed-refresh-token';
import { STATE_PROBLEMS, type CheckedState } from './state-check';
import type { TokenChecker } from '../feed/token-check';
import { timingSafeEqual } from './timing-safe-equal';

// /oauth/token and /oauth/refresh: the two places the App Secret is used, each only for the installation the
// sign-in belongs to. A code is redeemed only with the verifier of the flow's starter; a refresh only with a
// sealed token and a fresh signature of the installation key it was sealed to. Neither refusal reaches the
// platform, so a refused attempt spends nothing of the real installation's code or refresh token.

export interface TokenRouteDeps {
  config: CompanionConfig;
  limiter: RateLimiter;
  fetch?: typeof fetch;
  now: () => number;
  /** The Return URL the authorize step named (the code grant must name it again). */
  returnUrl: string;
  checkState(state: string): Promise<CheckedState>;
  /** The feed's token checker: told each access token's account, so the browser's first feed call with it costs
   * the account's shared budget no vendor.json (issue 18). */
  checker?: Pick<TokenChecker, 'vouch'>;
}

const NOT_THE_STARTER =
  'This sign-in was started by another browser or program, so its code is refused. Start the sign-in again from Fieldside.';
const NOT_BOUND =
  'This sign-in is not tied to this browser (or it was made before Fieldside tied sign-ins to browsers). Sign in again.';
const SKEW =
  "This computer's clock is more than five minutes off, so the companion cannot tell a fresh request from a replayed one. Set the clock right; Fieldside stays signed in.";

export function createTokenRoutes(deps: TokenRouteDeps): Hono {
  const { config, now } = deps;
  const app = new Hono();

  function noStore(c: Context): void {
    c.header('cache-control', 'no-store');
    c.header('pragma', 'no-cache');
  }

  /** The platform's answer passed on; its refresh token sealed to the installation. */
  async function answer(
    c: Context,
    result: TokenAnswer,
    key: InstallationKey,
    account: string | null,
  ): Promise<Response> {
    noStore(c);
    switch (result.kind) {
      case 'tokens': {
        // The companion knows whose token it hands out: the code exchange asked the platform (accountOf), a
        // refresh carries the account sealed with the refresh token. A token of no known account is not vouched.
        if (account !== null) await deps.checker?.vouch(result.tokens.access_token, account);
        const sealed = await sealRefreshToken(config.signingSecret, {
          refreshToken: result.tokens.refresh_token,
          key,
          account,
        });
        const tokens: PlatformTokens = { ...result.tokens, refresh_token: sealed };
        return c.json(tokens, 200);
      }
      case 'oauth_error':
        return c.json(result.body, result.status as ContentfulStatusCode);
      case 'unavailable':
        return jsonError(c, 502, 'platform_unavailable', result.message);
    }
  }

  const installation = async (key: InstallationKey): Promise<LimitSubject> => ({
    kind: 'installation',
    id: await installationIdOf(key),
  });

  app.post(COMPANION_PATHS.oauthToken, async (c) => {
    const body = await readJsonBody(c, OAuthTokenRequestSchema);
    if (!body.ok) return body.response;
    const check = await deps.checkState(body.data.state);
    if (!check.ok) return jsonError(c, 400, 'invalid_state', STATE_PROBLEMS[check.reason]);
    const limited = await deps.limiter.check({ kind: 'installation', id: check.payload.installation });
    if (!limited.ok) return tooManyRequests(c, limited, 'sign-ins');
    const key = body.data.installation_key;
    const sameInstallation = timingSafeEqual(await installationIdOf(key), check.payload.installation);
    const sameStarter = timingSafeEqual(await codeChallengeOf(body.data.code_verifier), check.payload.codeChallenge);
    if (!sameInstallation || !sameStarter) return jsonError(c, 400, 'invalid_grant', NOT_THE_STARTER);

    const grant = { grant_type: 'authorization_code', code: body.data.code, redirect_uri: deps.returnUrl } as const;
    const result = await requestPlatformToken(config, grant, deps.fetch);
    const account = result.kind === 'tokens' ? await accountOf(config, result.tokens.access_token, deps.fetch) : null;
    if (account !== null) {
      const perAccount = await deps.limiter.check({ kind: 'account', id: account });
      if (!perAccount.ok) return tooManyRequests(c, perAccount, 'sign-ins');
    }
    return answer(c, result, key, account);
  });

  app.post(COMPANION_PATHS.oauthRefresh, async (c) => {
    const body = await readJsonBody(c, OAuthRefreshRequestSchema);
    if (!body.ok) return body.response;
    const sealed = await unsealRefreshToken(config.signingSecret, body.data.refresh_token);
    if (!sealed) return jsonError(c, 400, 'invalid_grant', NOT_BOUND);
    const proof = await checkRefreshProof(sealed.key, body.data.refresh_token, body.data.proof, now());
    if (!proof.ok)
      return proof.reason === 'clock_skew'
        ? jsonError(c, 400, 'clock_skew', SKEW)
        : jsonError(c, 400, 'invalid_grant', NOT_BOUND);
    const subjects = [
      await installation(sealed.key),
      ...(sealed.account ? [{ kind: 'account' as const, id: sealed.account }] : []),
    ];
    const limited = await deps.limiter.check(...subjects);
    if (!limited.ok) return tooManyRequests(c, limited, 'sign-in refreshes');

    const result = await requestPlatformToken(
      config,
      { grant_type: 'refresh_token', refresh_token: sealed.refreshToken },
      deps.fetch,
    );
    return answer(c, result, sealed.key, sealed.account);
  });

  return app;
}
