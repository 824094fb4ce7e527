import { Hono, type Context } from 'hono';
import { COMPANION_PATHS, OAUTH_REDIRECT_PARAMS, OAuthStartRequestSchema } from '../../../contracts/companion-http';
import { sha256Base64Url } from '../../../contracts/installation-binding';
import { addonKey, type AddonStore } from '../addon/store/types';
import type { CompanionConfig } from '../config';
import { jsonError, readJsonBody } from '../http-errors';
import { tooManyRequests, type RateLimiter } from '../limits/rate-limit';
import type { RedirectAllowlist } from './redirect-allowlist';
import { sendPage } from '../pages/html';
import { createActivation } from './activation-routes';
import { isActivationState } from './activation-state';
import { authorizeUrl } from './authorize-url';
import { codeMacFor, flowOf, type ReturnedTo } from './code-mac';
import type { PlatformTokens } from './platform-token';
import { returnErrorPage } from './return-page';
import { signState, STATE_TTL_MS } from './state';
import { createStateCheck, STATE_PROBLEMS } from './state-check';
import { createTokenRoutes } from './token-routes';

// The companion's OAuth surface (see ARCHITECTURE.md): it is the platform's Return URL, hands the code on to the
// extension's identity redirect URL, and adds the App Secret to the code and refresh grants, for the installation
// that started the flow only (contracts/installation-binding.ts). Each sign-in has a Return URL of its own,
// `/oauth/return/<flow>` (code-mac.ts), and a code is handed on once, marked for the state it first came with: a
// code seen (and stolen) on its way back is worth nothing with another flow. The bare Return URL ends the add-on's
// activation (activation-routes.ts), told apart by its state, and sign-ins of browsers that name no redirect_uri.
// An activation keeps the account's own tokens, sealed, for the add-on's panel.

export interface OAuthRouteDeps {
  config: CompanionConfig;
  allowlist: RedirectAllowlist;
  limiter: RateLimiter;
  fetch?: typeof fetch;
  /** Clock for state expiry and proofs (tests). */
  now?: () => number;
  /** Keeps an activated account's tokens (../addon/account-tokens.ts). */
  keepTokens: (account: string, tokens: PlatformTokens) => Promise<void>;
  /** Whether an account keeps a grant already (an activation then replaces it only with a ticket). */
  hasTokens: (account: string) => Promise<boolean>;
  /** What every instance shares: the state each code was first handed on with, the tickets spent. */
  store: Pick<AddonStore, 'get' | 'setIfAbsent'>;
  /** The caller's address, for the per-address limit (undefined when the runtime does not say). */
  addressOf?: (c: Context) => string | undefined;
}

const CODE_TAKEN =
  'This sign-in code was already handed on to another sign-in, so it is refused here. Start the sign-in again from Fieldside.';
const OTHER_FLOW = "This sign-in answer belongs to another sign-in's address, so it is refused.";

export function createOAuthRoutes(deps: OAuthRouteDeps): Hono {
  const { config, allowlist } = deps;
  const now = deps.now ?? Date.now;
  const returnUrl = `${config.publicUrl}${COMPANION_PATHS.oauthReturn}`;
  const app = new Hono();

  const checkState = createStateCheck(config, allowlist, now);

  app.post(COMPANION_PATHS.oauthStart, async (c) => {
    const body = await readJsonBody(c, OAuthStartRequestSchema);
    if (!body.ok) return body.response;
    const { redirect_url: redirectUrl, scopes, code_challenge: codeChallenge, installation } = body.data;
    const address = deps.addressOf?.(c);
    const limited = await deps.limiter.check(
      { kind: 'installation', id: installation },
      ...(address ? [{ kind: 'address' as const, id: address }] : []),
    );
    if (!limited.ok) return tooManyRequests(c, limited, 'sign-ins');
    if (!allowlist.allows(redirectUrl)) {
      return jsonError(
        c,
        400,
        'redirect_url_not_allowed',
        'redirect_url is not the identity redirect URL of an allowed extension',
      );
    }
    const { state } = await signState(
      config.signingSecret,
      { redirectUrl, codeChallenge, installation },
      { now: now() },
    );
    c.header('cache-control', 'no-store');
    const ownReturnUrl = `${returnUrl}/${await flowOf(state)}`;
    return c.json({ authorize_url: authorizeUrl(config, scopes, ownReturnUrl, state), state });
  });

  const activation = createActivation({
    config,
    returnUrl,
    now,
    keepTokens: deps.keepTokens,
    hasTokens: deps.hasTokens,
    store: deps.store,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  app.route('/', activation.routes);

  /** Hands a sign-in's answer on to the extension: the code with its mark, once per code, or the refusal. */
  async function handOn(c: Context, state: string, to: ReturnedTo): Promise<Response> {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    const failed = (detail: string) => sendPage(c, 400, 'Sign-in could not continue', returnErrorPage(detail));
    const check = await checkState(state);
    if (!check.ok) return failed(`${STATE_PROBLEMS[check.reason]}.`);
    if (to === 'flow' && c.req.param('flow') !== (await flowOf(state))) return failed(OTHER_FLOW);
    const target = new URL(check.payload.redirectUrl);
    const code = c.req.query(OAUTH_REDIRECT_PARAMS.code);
    const error = c.req.query(OAUTH_REDIRECT_PARAMS.error);
    if (code) {
      // The first state a code comes with is its flow's: whoever brings it again with another state is not.
      const key = addonKey('code', await sha256Base64Url(code));
      const stateDigest = await sha256Base64Url(state);
      const first = await deps.store.setIfAbsent(key, stateDigest, STATE_TTL_MS);
      if (!first && (await deps.store.get(key)) !== stateDigest) return failed(CODE_TAKEN);
      target.searchParams.set(OAUTH_REDIRECT_PARAMS.code, code);
      target.searchParams.set(OAUTH_REDIRECT_PARAMS.codeMac, await codeMacFor(config.signingSecret, code, state, to));
    } else {
      // A refusal (`access_denied`) or a platform that sent neither: the extension must still hear back,
      // or its identity flow would wait until the person closes the window.
      target.searchParams.set(OAUTH_REDIRECT_PARAMS.error, error || 'invalid_request');
      const description = c.req.query(OAUTH_REDIRECT_PARAMS.errorDescription);
      if (description) target.searchParams.set(OAUTH_REDIRECT_PARAMS.errorDescription, description);
    }
    target.searchParams.set(OAUTH_REDIRECT_PARAMS.state, state);
    return c.redirect(target.toString(), 302);
  }

  app.get(COMPANION_PATHS.oauthReturn, async (c) => {
    const state = c.req.query(OAUTH_REDIRECT_PARAMS.state);
    if (state && isActivationState(state)) return activation.finishActivation(c, state);
    if (!state) {
      c.header('cache-control', 'no-store');
      return sendPage(c, 400, 'Sign-in could not continue', returnErrorPage('The platform sent no sign-in state.'));
    }
    return handOn(c, state, 'registered');
  });
  app.get(`${COMPANION_PATHS.oauthReturn}/:flow{[A-Za-z0-9_-]{22}}`, async (c) => {
    const state = c.req.query(OAUTH_REDIRECT_PARAMS.state);
    if (!state || isActivationState(state)) {
      c.header('cache-control', 'no-store');
      return sendPage(c, 400, 'Sign-in could not continue', returnErrorPage('The platform sent no sign-in state.'));
    }
    return handOn(c, state, 'flow');
  });

  app.route(
    '/',
    createTokenRoutes({
      config,
      limiter: deps.limiter,
      now,
      returnUrl,
      checkState,
      store: deps.store,
      activated: deps.hasTokens,
      ...(deps.addressOf ? { addressOf: deps.addressOf } : {}),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    }),
  );
  return app;
}
