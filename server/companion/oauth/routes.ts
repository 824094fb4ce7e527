import { Hono } from 'hono';
import { COMPANION_PATHS, OAuthStartRequestSchema } from '../../../contracts/companion-http';
import type { CompanionConfig } from '../config';
import { jsonError, readJsonBody } from '../http-errors';
import { tooManyRequests, type RateLimiter } from '../limits/rate-limit';
import type { RedirectAllowlist } from './redirect-allowlist';
import { sendPage } from '../pages/html';
import { createActivation } from './activation-routes';
import { isActivationState } from './activation-state';
import { authorizeUrl } from './authorize-url';
import type { PlatformTokens } from './platform-token';
import { returnErrorPage } from './return-page';
import { signState } from './state';
import { createStateCheck, STATE_PROBLEMS } from './state-check';
import type { TokenChecker } from '../feed/token-check';
import { createTokenRoutes } from './token-routes';

// The companion's OAuth surface (see ARCHITECTURE.md): it is the platform's Return URL, hands the code on to the
// extension's identity redirect URL, and adds the App Secret to the code and refresh grants, for the installation
// that started the flow only (contracts/installation-binding.ts). The Return URL also ends the add-on's
// activation (activation-routes.ts), told apart by its state. For sign-ins it stores nothing; an activation keeps
// the account's own tokens, sealed, for the add-on's panel.

export interface OAuthRouteDeps {
  config: CompanionConfig;
  allowlist: RedirectAllowlist;
  limiter: RateLimiter;
  fetch?: typeof fetch;
  /** Clock for state expiry and proofs (tests). */
  now?: () => number;
  /** Keeps an activated account's tokens (../addon/account-tokens.ts). */
  keepTokens: (account: string, tokens: PlatformTokens) => Promise<void>;
  /** The feed's token checker (app.ts): told the account of each access token handed out, so the feed need not
   * ask the platform (token-routes.ts). */
  checker?: Pick<TokenChecker, 'vouch'>;
}

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
    const limited = await deps.limiter.check({ kind: 'installation', id: installation });
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
    return c.json({ authorize_url: authorizeUrl(config, scopes, returnUrl, state), state });
  });

  const activation = createActivation({
    config,
    returnUrl,
    now,
    keepTokens: deps.keepTokens,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  app.route('/', activation.routes);

  app.get(COMPANION_PATHS.oauthReturn, async (c) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    const state = c.req.query('state');
    const failed = (detail: string) => sendPage(c, 400, 'Sign-in could not continue', returnErrorPage(detail));
    if (!state) return failed('The platform sent no sign-in state.');
    if (isActivationState(state)) return activation.finishActivation(c, state);
    const check = await checkState(state);
    if (!check.ok) return failed(`${STATE_PROBLEMS[check.reason]}.`);
    const target = new URL(check.payload.redirectUrl);
    const code = c.req.query('code');
    const error = c.req.query('error');
    if (code) {
      target.searchParams.set('code', code);
    } else {
      // A refusal (`access_denied`) or a platform that sent neither: the extension must still hear back,
      // or its identity flow would wait until the person closes the window.
      target.searchParams.set('error', error || 'invalid_request');
      const description = c.req.query('error_description');
      if (description) target.searchParams.set('error_description', description);
    }
    target.searchParams.set('state', state);
    return c.redirect(target.toString(), 302);
  });

  app.route(
    '/',
    createTokenRoutes({
      config,
      limiter: deps.limiter,
      now,
      returnUrl,
      checkState,
      ...(deps.checker ? { checker: deps.checker } : {}),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    }),
  );
  return app;
}
