import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_PATHS } from '../../../contracts/companion-http';
import { FEATURE_SCOPES } from '../../../lib/auth/scopes';
import { SIGN_IN_SCOPES } from '../../../lib/auth/sign-in-scopes';
import { ACTIVATION_SCOPES } from '../../../server/companion/oauth/activation-scopes';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import { createSignInDriver, firstAdministrator, type Tokens } from '../../../server/development/sign-in-driver';
import { createConsentDriver } from '../../../server/emulator/oauth/consent-driver';
import { CHROME_ID, FIREFOX_ID, postJson } from '../../support/companion/env';
import { tampered } from '../../support/companion/tampered';

// Registering the add-on: the companion's home page, and its Activation URL against the real emulator. An
// administrator's browser is played by fetch for the companion (its cookie kept by hand) and by the emulator's
// consent driver for the platform: GET /activate → the consent page → Allow → the Return URL → "activated".

const CHROME_STORE = 'https://chromewebstore.google.com/detail/fieldside/abcdefghijklmnopabcdefghijklmnop';
const FIREFOX_STORE = 'https://addons.mozilla.org/firefox/addon/fieldside/';

let stack: DevStack;
const logged: unknown[] = [];

beforeAll(async () => {
  stack = await startDevStack({
    emulator: { jobs: 20, quiet: true },
    allowedExtensionIds: [CHROME_ID, FIREFOX_ID],
    env: { CHROME_WEB_STORE_URL: CHROME_STORE, FIREFOX_ADD_ONS_URL: FIREFOX_STORE },
    companionDeps: { log: (line) => void logged.push(line) },
  });
});
afterEach(() => stack.emulator.control.clearFaults());
afterAll(() => stack?.close());

const grants = async () => (await stack.emulator.control.stats()).grants.authorization_code;

/** GET /activate as a browser: where it is sent, and the cookie it is given. */
async function startActivation(): Promise<{ authorizeUrl: URL; cookie: string; setCookie: string }> {
  const res = await fetch(`${stack.companion.url}${COMPANION_PATHS.activation}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('fieldside_activation=')) ?? '';
  return { authorizeUrl: new URL(res.headers.get('location') ?? ''), cookie: setCookie.split(';')[0]!, setCookie };
}

/** The consent page answered as the account's administrator: the platform's redirect to the Return URL. */
async function consent(authorizeUrl: URL, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const browser = createConsentDriver();
  const page = await browser.open(authorizeUrl.toString());
  if (page.kind !== 'consent') throw new Error(`expected the consent page, got ${page.kind} ${page.status}`);
  expect(page.newScopes.sort()).toEqual([...ACTIVATION_SCOPES].sort());
  const answered = await browser.answer(
    authorizeUrl.toString(),
    page.formToken,
    decision,
    firstAdministrator(stack.emulator.info),
  );
  if (answered.kind !== 'redirect') throw new Error(`expected a redirect, got ${answered.kind} ${answered.status}`);
  return answered.location;
}

/** The Return URL opened by the browser (with `cookie`, or none: another browser). */
async function returnTo(location: URL, cookie?: string): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(location, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

describe('the home page', () => {
  it('says what Fieldside is and links to the configured store listings, as a page that runs nothing', async () => {
    const res = await fetch(`${stack.companion.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const page = await res.text();
    expect(page).toMatch(/a browser\s+extension for plumbers, electricians, cleaners/);
    expect(page).toContain(`href="${CHROME_STORE}"`);
    expect(page).toContain(`href="${FIREFOX_STORE}"`);
    expect(page).toMatch(/Add Fieldside to your account from the platform's add-on store/);
    expect(page).not.toMatch(/<script|<img|<iframe|<form/i);
  });
});

describe('the Activation URL', () => {
  it("sends the administrator to the consent page with the app, the Return URL and the companion's scopes, bound to their browser", async () => {
    const { authorizeUrl, setCookie } = await startActivation();
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${stack.emulator.info.auth_url}/oauth/authorize`);
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('client_id')).toBe(stack.emulator.info.app.client_id);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${stack.companion.url}/oauth/return`);
    expect(authorizeUrl.searchParams.get('scope')?.split(' ')).toEqual([...ACTIVATION_SCOPES]);
    expect(authorizeUrl.searchParams.get('state')).toMatch(/^a\./);
    // Only the Return URL ever gets the cookie, scripts never read it, and it outlives the state by nothing.
    expect(setCookie).toMatch(/; Path=\/oauth\/return/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Max-Age=600/);
  });

  it("asks for nothing Fieldside's own sign-in does not ask for, but what the job card's panel does as the person", () => {
    // The badge definitions (badge.json needs manage_badges), the visit and the photos: the extension asks for each
    // later, in context (FEATURE_SCOPES), where the panel has no such moment.
    expect(ACTIVATION_SCOPES.filter((scope) => !SIGN_IN_SCOPES.includes(scope))).toEqual([
      'manage_badges',
      'manage_schedule',
      'manage_jobs',
      'manage_attachments',
    ]);
    expect(FEATURE_SCOPES.badges).toContain('manage_badges');
    expect(FEATURE_SCOPES.visits).toEqual(['manage_schedule', 'manage_jobs']);
    expect(FEATURE_SCOPES.photos).toContain('manage_attachments');
  });

  it('Allow → the Return URL redeems the code with the platform and says it is done and what to do next', async () => {
    const { authorizeUrl, cookie } = await startActivation();
    const before = await grants();
    const back = await consent(authorizeUrl);
    expect(`${back.origin}${back.pathname}`).toBe(`${stack.companion.url}/oauth/return`);

    const done = await returnTo(back, cookie);
    expect(done.status).toBe(200);
    expect(done.text).toContain('Fieldside is activated for your account');
    expect(done.text).toContain('Install the extension in the browser of everyone who will use it');
    expect(done.text).toContain(`href="${CHROME_STORE}"`);
    expect(done.text).toContain(`href="${FIREFOX_STORE}"`);
    // Its changes now come signed through the add-on (account-subscriptions.test.ts): nobody need sign in for them.
    expect(done.text).toContain("activating set up your account's change notifications");
    expect(done.headers.get('content-security-policy')).toContain("default-src 'none'");
    // The platform granted it: the code was redeemed, once.
    expect(await grants()).toBe(before + 1);
    // The browser's binding is spent.
    expect(done.headers.getSetCookie().some((c) => /^fieldside_activation=;.*Max-Age=0/.test(c))).toBe(true);

    // The same answer again (a reload) cannot be "activated" twice: the platform refuses the spent code.
    const again = await returnTo(back, cookie);
    expect(again.status).toBe(400);
    expect(again.text).toContain('The platform did not accept this activation');
  });

  it("tells every sign-in and refresh of the account's staff whether the account turned Fieldside on", async () => {
    const [first, second] = stack.emulator.info.accounts;
    const technicianOf = (account: typeof first) =>
      `${account!.uuid}:${account!.staff.find((s) => s.role === 'technician' && s.active)!.uuid}`;
    const signIn = async (person: string) => {
      const driver = await createSignInDriver({
        companionUrl: stack.companion.url,
        authUrl: stack.emulator.info.auth_url,
        person,
      });
      const tokens = (await (await driver.exchange(await driver.toCode())).json()) as Tokens;
      const refreshed = (await (await driver.refresh(tokens.refresh_token)).json()) as Tokens;
      return [tokens.fieldside_activated, refreshed.fieldside_activated];
    };
    // The first account's administrator activated it above; the second account never did.
    expect(await signIn(technicianOf(first))).toEqual([true, true]);
    expect(await signIn(technicianOf(second))).toEqual([false, false]);
  });

  it('refuses an answer brought by another browser, without spending the code, which the right browser still finishes', async () => {
    const { authorizeUrl, cookie } = await startActivation();
    const back = await consent(authorizeUrl);
    const before = await grants();
    const stranger = await returnTo(back);
    expect(stranger.status).toBe(400);
    expect(stranger.text).toContain('or was started in another browser or window');
    const otherCookie = (await startActivation()).cookie;
    expect((await returnTo(back, otherCookie)).text).toContain('or was started in another browser or window');
    expect(await grants()).toBe(before);

    // The code is redeemed; the account keeps the grant of its first activation (the test before), and the
    // administrator is told so (trust-activation.test.ts: only "Activate again" replaces it).
    const done = await returnTo(back, cookie);
    expect(done.status).toBe(403);
    expect(done.text).toContain('Fieldside is already activated');
    expect(await grants()).toBe(before + 1);
  });

  it('says so in words when the administrator chose Deny', async () => {
    const { authorizeUrl, cookie } = await startActivation();
    const back = await consent(authorizeUrl, 'deny');
    const denied = await returnTo(back, cookie);
    expect(denied.status).toBe(200);
    expect(denied.text).toContain('Fieldside was not activated');
    expect(denied.text).toContain('You chose not to allow Fieldside');
  });

  it('says the platform could not be reached when its token endpoint fails, and nothing is activated', async () => {
    const { authorizeUrl, cookie } = await startActivation();
    const back = await consent(authorizeUrl);
    await stack.emulator.control.injectFault({
      kind: 'status',
      status: 503,
      pathPrefix: '/oauth/access_token',
      count: 1,
    });
    const failed = await returnTo(back, cookie);
    expect(failed.status).toBe(502);
    expect(failed.text).toContain('The platform could not be reached just now');
    expect(failed.text).not.toMatch(/\b503\b/);
  });

  it("refuses a forged or altered state, and never takes an activation state for a sign-in's, or the reverse", async () => {
    const { authorizeUrl, cookie } = await startActivation();
    const state = authorizeUrl.searchParams.get('state')!;
    const altered = tampered(state);
    const forged = await returnTo(
      new URL(`${stack.companion.url}/oauth/return?code=x&state=${encodeURIComponent(altered)}`),
      cookie,
    );
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('Fieldside was not activated');

    // An activation's state at the extension's token step: refused before the platform is asked.
    const before = await grants();
    const token = await postJson(`${stack.companion.url}/oauth/token`, {
      code: 'some-code',
      state,
      code_mac: 'f.AAAA',
      code_verifier: 'v'.repeat(43),
      installation_key: { kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43) },
    });
    expect(token.status).toBe(400);
    expect(((await token.json()) as { error: string }).error).toBe('invalid_state');
    // The same signed body without the activation prefix is no sign-in state either.
    const unprefixed = await returnTo(
      new URL(`${stack.companion.url}/oauth/return?code=x&state=${encodeURIComponent(state.slice(2))}`),
      cookie,
    );
    expect(unprefixed.status).toBe(400);
    expect(unprefixed.text).toContain('Sign-in could not continue');
    expect(await grants()).toBe(before);
  });

  it('logs no code, state or browser binding', async () => {
    const { authorizeUrl, cookie } = await startActivation();
    const back = await consent(authorizeUrl);
    expect((await returnTo(back, cookie)).status).toBe(403);
    const text = JSON.stringify(logged);
    expect(text).toContain('"/activate"');
    for (const secret of [
      back.searchParams.get('code')!,
      authorizeUrl.searchParams.get('state')!,
      cookie.split('=')[1]!,
    ]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(text).not.toContain(secret);
    }
  });
});
