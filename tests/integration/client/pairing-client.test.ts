import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_EXTENSION_ID } from '../../../contracts/extension-ids';
import { createPairingClient } from '../../../lib/account/pairing-client';
import type { DevStack } from '../../../server/development/dev-stack';
import { freePort } from '../../../server/development/free-port';
import { createSignInDriver, type Tokens } from '../../../server/development/sign-in-driver';
import { pairingLinkOf, personOf } from '../../support/companion/addon-platform';
import { createTestInstallation } from '../../support/companion/installation';
import { startActivatedAddonStack, type AddonScene } from '../../support/companion/addon-scene';

// The extension's half of pairing (lib/account/pairing-client.ts) against the real companion and emulator: a code
// from the technician's web panel, claimed with a browser's own access token and pass, its installation key and that
// key's signature over the code; the identity answered names the staff member at the next sign-in of that
// installation; a pass the companion does not take is renewed once; and every refusal the companion can answer is
// turned into words for the person on the pairing page.

let stack: DevStack;
let scene: AddonScene;
let offsetMs = 0;
const now = () => Date.now() + offsetMs;
const REDIRECT = `https://${CHROME_EXTENSION_ID}.chromiumapp.org/`;

beforeAll(async () => {
  ({ stack, scene } = await startActivatedAddonStack(now));
});
afterAll(() => stack?.close());

/** The one-time code of a fresh "Use Fieldside in this browser" link in the technician's web panel. */
const pairingCode = async () =>
  (
    await pairingLinkOf(stack, {
      account: scene.account,
      staff: scene.technician.uuid,
      jobUuid: scene.job.uuid,
    })
  ).hash.slice(1);

/** A browser signed in through the companion (for the account at `accountIndex`): its installation, its tokens and
 * pass, and the pairing client as the background makes it. `passless` plays tokens kept from before passes. */
async function browserOf(options: { accountIndex?: number; companionUrl?: string; passless?: boolean } = {}) {
  const account = stack.emulator.info.accounts[options.accountIndex ?? 0]!;
  const driver = await createSignInDriver({
    companionUrl: stack.companion.url,
    authUrl: stack.emulator.info.auth_url,
    person: `${account.uuid}:${personOf(account, 'technician').uuid}`,
    scopes: ['vendor', 'read_jobs'],
  });
  const signIn = async (identity?: string) => {
    const flow = await driver.toCode(REDIRECT);
    const res = await driver.exchange(flow, identity ? { identity } : {});
    expect(res.status).toBe(200);
    return (await res.json()) as Tokens;
  };
  let tokens = await signIn();
  const renewed: string[] = [];
  const client = createPairingClient({
    companionUrl: async () => options.companionUrl ?? stack.companion.url,
    accessToken: async () => tokens.access_token,
    passFor: async (token) =>
      options.passless && renewed.length === 0
        ? null
        : token === tokens.access_token
          ? (tokens.fieldside_pass ?? null)
          : null,
    renew: async (failed) => {
      renewed.push(failed);
      const res = await driver.refresh(tokens.refresh_token);
      expect(res.status).toBe(200);
      tokens = (await res.json()) as Tokens;
    },
    installation: {
      publicKey: async () => ({ key: driver.installation.key, id: driver.installation.id }),
      // The browser's clock agrees with the companion's (which a test may move on).
      provePairing: (code) => driver.installation.provePairing(code, now()),
    },
  });
  return { client, signIn, renewed, tokens: () => tokens };
}

describe("the extension's pairing claim", () => {
  it('learns the staff member the platform signed on the job card, as an identity the next sign-in is named by', async () => {
    const browser = await browserOf();
    const { reply, accessToken } = await browser.client.claim(await pairingCode());
    expect(reply).toEqual({
      account_uuid: scene.account,
      staff_uuid: scene.technician.uuid,
      staff_name: scene.technician.name,
      identity: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      fieldside_pass: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    expect(accessToken).toBe(browser.tokens().access_token);
    // Signing in again in this installation with the identity: the companion names the technician.
    expect((await browser.signIn(reply.identity)).fieldside_staff).toBe(scene.technician.uuid);
    // Another installation cannot use it.
    const other = await browserOf();
    expect((await other.signIn(reply.identity)).fieldside_staff).toBeUndefined();
  });

  it('renews a pass the companion does not take, once, and claims with the new one', async () => {
    const browser = await browserOf({ passless: true });
    const { reply } = await browser.client.claim(await pairingCode());
    expect(reply.staff_uuid).toBe(scene.technician.uuid);
    expect(browser.renewed).toHaveLength(1);
  });

  it('says a link spent by another browser has been used', async () => {
    const code = await pairingCode();
    await (await browserOf()).client.claim(code);
    await expect((await browserOf()).client.claim(code)).rejects.toMatchObject({
      name: 'PairingError',
      problem: 'used',
      message: expect.stringMatching(/already been used/),
    });
  });

  it("says a job card of another business's account is not this one", async () => {
    await expect((await browserOf({ accountIndex: 1 })).client.claim(await pairingCode())).rejects.toMatchObject({
      problem: 'other_account',
      message: expect.stringMatching(/another business/),
    });
  });

  it('says a link that is not whole, or is old, cannot be used, and what to do', async () => {
    const code = await pairingCode();
    const browser = await browserOf();
    await expect(browser.client.claim(`${code.slice(0, -4)}AAAA`)).rejects.toMatchObject({
      problem: 'invalid',
      message: expect.stringMatching(/choose Fieldside/),
    });
    offsetMs = 11 * 60_000;
    try {
      await expect(browser.client.claim(code)).rejects.toMatchObject({
        problem: 'expired',
        message: expect.stringMatching(/few minutes old/),
      });
    } finally {
      offsetMs = 0;
    }
  });

  it('asks to sign in again when the companion does not take the token, and says when the server is not there', async () => {
    const code = await pairingCode();
    const browser = await browserOf();
    const installation = await createTestInstallation();
    const stranger = createPairingClient({
      companionUrl: async () => stack.companion.url,
      accessToken: async () => 'not-a-token-the-platform-issued',
      passFor: async () => browser.tokens().fieldside_pass ?? null,
      renew: async () => undefined,
      installation: {
        publicKey: async () => ({ key: installation.key, id: installation.id }),
        provePairing: (c) => installation.provePairing(c),
      },
    });
    await expect(stranger.claim(code)).rejects.toMatchObject({
      problem: 'sign_in',
      message: expect.stringMatching(/Sign in again/),
    });
    const nobody = `http://127.0.0.1:${await freePort()}`;
    await expect((await browserOf({ companionUrl: nobody })).client.claim(code)).rejects.toMatchObject({
      problem: 'unreachable',
      message: expect.stringMatching(/could not reach its server/),
    });
  });
});
