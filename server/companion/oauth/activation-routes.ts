import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { COMPANION_PATHS } from '../../../contracts/companion-http';
import { codeChallengeOf, createCodeVerifier } from '../../../contracts/installation-binding';
import { toUuid } from '../../../contracts/uuid';
import type { CompanionConfig } from '../config';
import {
  activatedPage,
  ACTIVATED_TITLE,
  keptPage,
  NOT_ACTIVATED_TITLE,
  notActivatedPage,
  type ActivationProblem,
  type KeptProblem,
} from '../pages/activation-pages';
import { addonKey, type AddonStore } from '../addon/store/types';
import { administratorsOf } from './administrators';
import { openActivationTicket, TICKET_TTL_MS } from './activation-ticket';
import { sendPage } from '../pages/html';
import { ACTIVATION_SCOPES } from './activation-scopes';
import { signActivationState, verifyActivationState } from './activation-state';
import { authorizeUrl } from './authorize-url';
import { accountOf } from './account-of';
import { requestPlatformToken, type PlatformTokens } from './platform-token';
import { STATE_TTL_MS } from './state';

// The add-on's Activation URL: an app installed from the add-on store must start OAuth itself (spec). `GET /activate`
// redirects to the consent page; /oauth/return hands activation states to `finishActivation`, which redeems the code
// with the App Secret (so "activated" means the platform really granted it), learns the account (vendor.json) and
// keeps its tokens sealed (../addon/account-tokens.ts) for the job-card panel. Only an "Activate again" ticket
// (activation-ticket.ts) of a staff member the platform says is an administrator may replace an account's grant.
// The state is bound to the browser that started (activation-state.ts) by an HttpOnly cookie on the Return URL's
// path; SameSite=Lax, because the platform's redirect back is a cross-site top-level navigation.

const COOKIE = 'fieldside_activation';

export interface ActivationDeps {
  config: CompanionConfig;
  returnUrl: string;
  now: () => number;
  fetch?: typeof fetch;
  /** Keeps the account's tokens (../addon/account-tokens.ts). */
  keepTokens: (account: string, tokens: PlatformTokens) => Promise<void>;
  /** Whether the account keeps a grant already. */
  hasTokens: (account: string) => Promise<boolean>;
  /** Where each ticket's nonce is spent. */
  store: Pick<AddonStore, 'setIfAbsent'>;
}

export function createActivation(deps: ActivationDeps) {
  const { config, returnUrl, now } = deps;
  const secure = new URL(returnUrl).protocol === 'https:';
  const cookie = { path: COMPANION_PATHS.oauthReturn, httpOnly: true, secure, sameSite: 'Lax' } as const;

  const routes = new Hono();
  routes.get(COMPANION_PATHS.activation, async (c) => {
    const ticket = c.req.query('ticket');
    if (ticket !== undefined && !(await openActivationTicket(config.signingSecret, ticket, now())))
      return notActivated(c, 400, 'ticket');
    const verifier = createCodeVerifier();
    const state = await signActivationState(config.signingSecret, await codeChallengeOf(verifier), now(), ticket);
    setCookie(c, COOKIE, verifier, { ...cookie, maxAge: STATE_TTL_MS / 1000 });
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    return c.redirect(authorizeUrl(config, ACTIVATION_SCOPES, returnUrl, state), 302);
  });

  const notActivated = (c: Context, status: 200 | 400 | 502, problem: ActivationProblem) =>
    sendPage(c, status, NOT_ACTIVATED_TITLE, notActivatedPage(problem));
  const kept = async (c: Context, problem: KeptProblem, token: string) => {
    const admins = await administratorsOf(config, token, deps.fetch);
    return sendPage(c, 403, NOT_ACTIVATED_TITLE, keptPage(problem, admins.names));
  };

  /** The Return URL with an activation's state: the last step, whatever the platform answered. */
  async function finishActivation(c: Context, state: string): Promise<Response> {
    const verifier = getCookie(c, COOKIE);
    // One use: whatever happens next, this browser's activation is over.
    deleteCookie(c, COOKIE, cookie);
    const check = await verifyActivationState(config.signingSecret, state, now());
    if (!check.ok) return notActivated(c, 400, 'expired');
    // The challenge is in the state, which its holder can read: nothing secret for a timing to reveal.
    if (!verifier || (await codeChallengeOf(verifier)) !== check.payload.codeChallenge)
      return notActivated(c, 400, 'other_browser');
    const code = c.req.query('code');
    if (!code)
      return c.req.query('error') === 'access_denied'
        ? notActivated(c, 200, 'denied')
        : notActivated(c, 400, 'no_code');

    const result = await requestPlatformToken(
      config,
      { grant_type: 'authorization_code', code, redirect_uri: returnUrl },
      deps.fetch,
    );
    if (result.kind === 'oauth_error') return notActivated(c, 400, 'refused');
    if (result.kind === 'unavailable') return notActivated(c, 502, 'unavailable');
    const token = result.tokens.access_token;
    const account = await accountOf(config, token, deps.fetch);
    if (!account) return notActivated(c, 502, 'unavailable');
    if (check.payload.ticket !== undefined) {
      const ticket = await openActivationTicket(config.signingSecret, check.payload.ticket, now());
      if (!ticket) return notActivated(c, 400, 'ticket');
      if (ticket.account !== toUuid(account)) return notActivated(c, 400, 'other_account');
      if (!(await deps.store.setIfAbsent(addonKey('ticket', ticket.nonce), '1', TICKET_TTL_MS)))
        return notActivated(c, 400, 'ticket');
      if (!(await administratorsOf(config, token, deps.fetch)).has(ticket.staff))
        return kept(c, 'not_administrator', token);
    } else if (await deps.hasTokens(account)) return kept(c, 'already_activated', token);
    await deps.keepTokens(account, result.tokens);
    return sendPage(c, 200, ACTIVATED_TITLE, activatedPage(config.storeLinks));
  }

  return { routes, finishActivation };
}
