import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { COMPANION_PATHS, OAuthRefreshRequestSchema, OAuthStartRequestSchema, OAuthTokenRequestSchema } from '../../../contracts/companion-http';
import type { CompanionConfig } from '../config';
import { jsonError, readJsonBody } from '../http-errors';
import { requestPlatformToken, type TokenAnswer, type TokenGrant } from './platform-token';
import type { RedirectAllowlist } from './redirect-allowlist';
import { renderReturnErrorPage } from './return-page';
import { signState, verifyState, type StateCheck } from './state';

// The companion's OAuth surface (see ARCHITECTURE.md): it is the platform's Return URL, hands the code on to the
// extension's identity redirect URL, and adds the App Secret to the code and refresh grants. It stores nothing.

export interface OAuthRouteDeps {
  config: CompanionConfig;
  allowlist: RedirectAllowlist;
  fetch?: typeof fetch;
  /** Clock for state expiry (tests). */
  now?: () => number;
}

type StateProblem = Exclude<StateCheck, { ok: true }>['reason'] | 'not_allowed';
type CheckedState = Extract<StateCheck, { ok: true }> | { ok: false; reason: StateProblem };

const STATE_PROBLEMS: Record<StateProblem, string> = {
  malformed: 'The sign-in state is malformed',
  bad_signature: 'The sign-in state was not issued by this companion',
  expired: 'The sign-in took longer than 10 minutes and has expired',
  not_allowed: 'The sign-in state is for an extension that is no longer allowed',
};

export function createOAuthRoutes(deps: OAuthRouteDeps): Hono {
  const { config, allowlist } = deps;
  const now = deps.now ?? Date.now;
  const returnUrl = `${config.publicUrl}${COMPANION_PATHS.oauthReturn}`;
  const app = new Hono();

  /** A state is good only if signed, unexpired, and still for an allowed extension (the list may have shrunk). */
  async function checkState(state: string): Promise<CheckedState> {
    const check = await verifyState(config.signingSecret, state, now());
    if (check.ok && !allowlist.allows(check.payload.redirectUrl)) return { ok: false, reason: 'not_allowed' };
    return check;
  }

  function answerTokens(c: Context, answer: TokenAnswer): Response {
    c.header('cache-control', 'no-store');
    c.header('pragma', 'no-cache');
    switch (answer.kind) {
      case 'tokens':
        return c.json(answer.tokens, 200);
      case 'oauth_error':
        return c.json(answer.body, answer.status as ContentfulStatusCode);
      case 'unavailable':
        return jsonError(c, 502, 'platform_unavailable', answer.message);
    }
  }

  app.post(COMPANION_PATHS.oauthStart, async (c) => {
    const body = await readJsonBody(c, OAuthStartRequestSchema);
    if (!body.ok) return body.response;
    const { redirect_url: redirectUrl, scopes } = body.data;
    if (!allowlist.allows(redirectUrl)) {
      return jsonError(c, 400, 'redirect_url_not_allowed', 'redirect_url is not the identity redirect URL of an allowed extension');
    }
    const { state } = await signState(config.signingSecret, redirectUrl, { now: now() });
    const authorize = new URL(`${config.platformAuthUrl}/oauth/authorize`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: config.clientId,
      scope: [...new Set(scopes)].join(' '),
      redirect_uri: returnUrl,
      state,
    }).toString();
    c.header('cache-control', 'no-store');
    return c.json({ authorize_url: authorize.toString(), state });
  });

  app.get(COMPANION_PATHS.oauthReturn, async (c) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    const state = c.req.query('state');
    if (!state) {
      return c.html(renderReturnErrorPage('Sign-in could not continue', 'The platform sent no sign-in state.'), 400);
    }
    const check = await checkState(state);
    if (!check.ok) return c.html(renderReturnErrorPage('Sign-in could not continue', `${STATE_PROBLEMS[check.reason]}.`), 400);
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

  app.post(COMPANION_PATHS.oauthToken, async (c) => {
    const body = await readJsonBody(c, OAuthTokenRequestSchema);
    if (!body.ok) return body.response;
    const check = await checkState(body.data.state);
    if (!check.ok) return jsonError(c, 400, 'invalid_state', STATE_PROBLEMS[check.reason]);
    const grant: TokenGrant = { grant_type: 'authorization_code', code: body.data.code, redirect_uri: returnUrl };
    return answerTokens(c, await requestPlatformToken(config, grant, deps.fetch));
  });

  app.post(COMPANION_PATHS.oauthRefresh, async (c) => {
    const body = await readJsonBody(c, OAuthRefreshRequestSchema);
    if (!body.ok) return body.response;
    const grant: TokenGrant = { grant_type: 'refresh_token', refresh_token: body.data.refresh_token };
    return answerTokens(c, await requestPlatformToken(config, grant, deps.fetch));
  });

  return app;
}
