import { expect } from 'vitest';
import { COMPANION_HEADERS, COMPANION_PATHS } from '../../../contracts/companion-http';
import type { DevStack } from '../../../server/development/dev-stack';
import { createSignInDriver, type SignInDriver, type Tokens } from '../../../server/development/sign-in-driver';
import { pairingLinkOf } from './addon-platform';
import { postJson } from './env';

// Test support: one browser's Fieldside as the companion knows it, played over HTTP: signed in through the companion
// (the consent page as `staff`), holding the access token and its pass, and, once paired from the job card (the
// signed add-on event, the pairing link, a claim signed with the installation key), its identity, which every later
// sign-in and refresh carries. Its `headers()` are what the extension sends on every feed call.

export interface TrustedBrowser {
  driver: SignInDriver;
  tokens: Tokens;
  /** The identity a pairing gave this installation, if any. */
  identity: string | undefined;
  /** The staff member the current pass names (verified by pairing), if any. */
  verifiedStaff(): string | undefined;
  /** `Authorization: Bearer` and `X-Fieldside-Pass`, as the extension sends them. */
  headers(): Record<string, string>;
  /** A refresh through the companion (with the identity), which gives a new access token and pass. */
  refresh(): Promise<Tokens>;
  /** Signs in again through the consent page (the identity goes along). */
  signInAgain(): Promise<Tokens>;
  /** Claims a pairing code as the extension's background does; on 200 keeps the identity and the new pass. */
  claim(code: string): Promise<Response>;
  /** Pairs with the staff member the platform's signed event names (a web panel of `jobUuid`). */
  pairAs(staff: string, jobUuid: string): Promise<void>;
}

export async function signInBrowser(
  stack: DevStack,
  who: { account: string; staff: string },
  scopes: string[] = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles'],
): Promise<TrustedBrowser> {
  const driver = await createSignInDriver({
    companionUrl: stack.companion.url,
    authUrl: stack.emulator.info.auth_url,
    person: `${who.account}:${who.staff}`,
    scopes,
  });
  // The identity redirect URL of the first Chrome extension the companion allows.
  const chromeId = (stack.companionEnv.ALLOWED_EXTENSION_IDS ?? '').split(',').find((id) => /^[a-p]{32}$/.test(id));
  const redirect = `https://${chromeId}.chromiumapp.org/`;
  let identity: string | undefined;
  const take = async (res: Response): Promise<Tokens> => {
    expect(res.status, await res.clone().text()).toBe(200);
    const tokens = (await res.json()) as Tokens;
    expect(tokens.fieldside_pass).toBeTruthy();
    return tokens;
  };
  const signIn = async () => take(await driver.exchange(await driver.toCode(redirect), identity ? { identity } : {}));
  const browser: TrustedBrowser = {
    driver,
    tokens: await signIn(),
    get identity() {
      return identity;
    },
    verifiedStaff: () => browser.tokens.fieldside_staff,
    headers: () => ({
      authorization: `Bearer ${browser.tokens.access_token}`,
      [COMPANION_HEADERS.pass]: browser.tokens.fieldside_pass ?? '',
    }),
    async refresh() {
      browser.tokens = await take(
        await driver.refresh(browser.tokens.refresh_token, identity ? { identity } : driver.installation),
      );
      return browser.tokens;
    },
    async signInAgain() {
      browser.tokens = await signIn();
      return browser.tokens;
    },
    async claim(code) {
      const res = await postJson(
        `${stack.companion.url}${COMPANION_PATHS.pairClaim}`,
        { code, installation_key: driver.installation.key, proof: await driver.installation.provePairing(code) },
        browser.headers(),
      );
      if (res.ok) {
        const reply = (await res.clone().json()) as { identity: string; fieldside_pass: string; staff_uuid: string };
        identity = reply.identity;
        browser.tokens = { ...browser.tokens, fieldside_pass: reply.fieldside_pass, fieldside_staff: reply.staff_uuid };
      }
      return res;
    },
    async pairAs(staff, jobUuid) {
      const link = await pairingLinkOf(stack, { account: who.account, staff, jobUuid });
      const res = await browser.claim(link.hash.slice(1));
      expect(res.status, await res.clone().text()).toBe(200);
    },
  };
  return browser;
}
