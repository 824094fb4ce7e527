import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  COMPANION_PATHS,
  OAuthRefreshRequestSchema,
  OAuthTokenRequestSchema,
  type CompanionTokenFields,
} from '../../../contracts/companion-http';
import { codeChallengeOf, installationIdOf, type InstallationKey } from '../../../contracts/installation-binding';
import type { CompanionConfig } from '../config';
import { jsonError, readJsonBody } from '../http-errors';
import { tooManyRequests, type LimitSubject, type RateLimiter } from '../limits/rate-limit';
import { accountOf } from './account-of';
import { checkRefreshProof } from './installation-proof';
import { requestPlatformToken, type PlatformTokens, type TokenAnswer } from './platform-token';
import { createRefreshReplay } from './refresh-replay';
import type { AddonStore } from '../addon/store/types';
import { sealRefreshToken, unsealRefreshToken } from './sealed-refresh-token';
import { STATE_PROBLEMS, type CheckedState } from './state-check';
import { checkCodeMac, flowOf } from './code-mac';
import { staffOfIdentity } from '../trust/identity';
import { signPass } from '../trust/pass';

// /oauth/token and /oauth/refresh: the two places the App Secret is used, each only for the installation the
// sign-in belongs to. A code is redeemed only with the companion's mark of it for this very state (code-mac.ts), at
// the Return URL its flow named, and with the verifier of the flow's starter; a refresh only with a sealed token and
// a fresh signature of the installation key it was sealed to. No refusal reaches the platform, so a refused attempt
// spends nothing of the real installation's code or refresh token, and a stranger's costs the platform nothing.
// Each answer carries the pass for its access token (../trust/pass.ts), naming the staff member when the request
// brought this installation's identity for this account (../trust/identity.ts), and whether the account activated
// Fieldside.
// A refresh's answer is kept a minute for a retry whose first answer never arrived (refresh-replay.ts).

export interface TokenRouteDeps {
  config: CompanionConfig;
  limiter: RateLimiter;
  fetch?: typeof fetch;
  now: () => number;
  /** The Return URL the authorize step named (the code grant must name it again). */
  returnUrl: string;
  checkState(state: string): Promise<CheckedState>;
  /** Shared by every instance: where a refresh's answer is kept for a retry (refresh-replay.ts). */
  store: Pick<AddonStore, 'get' | 'setIfAbsent'>;
  /** The caller's address, for the per-address limit. */
  addressOf?: (c: Context) => string | undefined;
  /** Whether the account turned Fieldside on (the companion keeps its activation's grant): told with every answer, so
   * the extension sends nobody to the job card's Fieldside before it can say who they are. */
  activated?: (account: string) => Promise<boolean>;
}

const NOT_THE_STARTER =
  'This sign-in was started by another browser or program, so its code is refused. Start the sign-in again from Fieldside.';
const NOT_ITS_CODE =
  'This code was not handed on for this sign-in, so it is refused. Start the sign-in again from Fieldside.';
const NOT_BOUND =
  'This sign-in is not tied to this browser (or it was made before Fieldside tied sign-ins to browsers). Sign in again.';
const SKEW =
  "This computer's clock is more than five minutes off, so the companion cannot tell a fresh request from a replayed one. Set the clock right; Fieldside stays signed in.";

export function createTokenRoutes(deps: TokenRouteDeps): Hono {
  const { config, now } = deps;
  const replay = createRefreshReplay(config.signingSecret, deps.store, now);
  const app = new Hono();

  function noStore(c: Context): void {
    c.header('cache-control', 'no-store');
    c.header('pragma', 'no-cache');
  }

  /** The platform's answer passed on: its refresh token sealed to the installation, and the pass for its access
   * token (none when the account is not known: a grant without `vendor`). */
  async function answer(
    c: Context,
    result: TokenAnswer,
    key: InstallationKey,
    account: string | null,
    identity: string | undefined,
  ): Promise<Response> {
    noStore(c);
    switch (result.kind) {
      case 'tokens': {
        // The companion knows whose token it hands out: the code exchange asked the platform (accountOf), a
        // refresh carries the account sealed with the refresh token.
        const sealed = await sealRefreshToken(config.signingSecret, {
          refreshToken: result.tokens.refresh_token,
          key,
          account,
        });
        const tokens: PlatformTokens & CompanionTokenFields = { ...result.tokens, refresh_token: sealed };
        if (account !== null) {
          const bound = { account, installation: await installationIdOf(key) };
          const staff = await staffOfIdentity(config.signingSecret, identity, bound, now());
          tokens.fieldside_pass = await signPass(config.signingSecret, {
            account,
            accessToken: result.tokens.access_token,
            expiresAtMs: now() + result.tokens.expires_in * 1000,
            staff,
          });
          if (staff) tokens.fieldside_staff = staff;
          // A store that cannot say now leaves the field out: the extension keeps what it was told last.
          const activated = await deps.activated?.(account).catch(() => undefined);
          if (activated !== undefined) tokens.fieldside_activated = activated;
        }
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
    const address = deps.addressOf?.(c);
    const limited = await deps.limiter.check(
      { kind: 'installation', id: check.payload.installation },
      ...(address ? [{ kind: 'address' as const, id: address }] : []),
    );
    if (!limited.ok) return tooManyRequests(c, limited, 'sign-ins');
    const { code, state } = body.data;
    const returnedTo = await checkCodeMac(config.signingSecret, code, state, body.data.code_mac);
    if (!returnedTo) return jsonError(c, 400, 'invalid_grant', NOT_ITS_CODE);
    const key = body.data.installation_key;
    // Digests the signed state shows to whoever holds it: nothing secret for a timing to reveal.
    const sameInstallation = (await installationIdOf(key)) === check.payload.installation;
    const sameStarter = (await codeChallengeOf(body.data.code_verifier)) === check.payload.codeChallenge;
    if (!sameInstallation || !sameStarter) return jsonError(c, 400, 'invalid_grant', NOT_THE_STARTER);

    // The Return URL this state's flow named: the platform refuses the code at any other.
    const redirectUri = returnedTo === 'flow' ? `${deps.returnUrl}/${await flowOf(state)}` : deps.returnUrl;
    const grant = { grant_type: 'authorization_code', code, redirect_uri: redirectUri } as const;
    const result = await requestPlatformToken(config, grant, deps.fetch);
    const account = result.kind === 'tokens' ? await accountOf(config, result.tokens.access_token, deps.fetch) : null;
    if (account !== null) {
      const perAccount = await deps.limiter.check({ kind: 'account', id: account });
      if (!perAccount.ok) return tooManyRequests(c, perAccount, 'sign-ins');
    }
    return answer(c, result, key, account, body.data.identity);
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

    // A retry of a refresh whose answer was lost gets that answer (refresh-replay.ts), also when the first was still
    // on its way to the platform: its invalid_grant is then the first one's doing, and the first's answer may be a
    // moment from kept (answeredSoon).
    const spent = sealed.refreshToken;
    const replayed = await replay.answered(spent);
    let result: TokenAnswer = replayed
      ? { kind: 'tokens', tokens: replayed }
      : await requestPlatformToken(config, { grant_type: 'refresh_token', refresh_token: spent }, deps.fetch);
    if (result.kind === 'tokens' && !replayed) await replay.keep(spent, result.tokens);
    if (result.kind === 'oauth_error' && result.body.error === 'invalid_grant') {
      const late = await replay.answeredSoon(spent);
      if (late) result = { kind: 'tokens', tokens: late };
    }
    return answer(c, result, sealed.key, sealed.account, body.data.identity);
  });

  return app;
}
