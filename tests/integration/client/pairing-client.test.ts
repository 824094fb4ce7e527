import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Base64Url } from '../../../contracts/installation-binding';
import { createPairingClient } from '../../../lib/account/pairing-client';
import type { DevStack } from '../../../server/development/dev-stack';
import { freePort } from '../../../server/development/free-port';
import { pairingLinkOf, personOf } from '../../support/companion/addon-platform';
import { startActivatedAddonStack, type AddonScene } from '../../support/companion/addon-scene';

// The extension's half of pairing (lib/account/pairing-client.ts) against the real companion and emulator: a code
// from the technician's web panel, claimed with a browser's own platform token and installation, and every refusal
// the companion can answer turned into words for the person on the pairing page.

let stack: DevStack;
let scene: AddonScene;
let offsetMs = 0;
const now = () => Date.now() + offsetMs;

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

/** A browser: its platform token (for the account at `accountIndex`) and its installation id. */
async function browserOf(accountIndex = 0, companionUrl?: string) {
  const account = stack.emulator.info.accounts[accountIndex]!;
  const { access_token } = await stack.emulator.control.issueTokens(
    account.uuid,
    personOf(account, 'technician').uuid,
    ['vendor', 'read_jobs'],
  );
  const installation = await sha256Base64Url(crypto.randomUUID());
  return createPairingClient({
    companionUrl: async () => companionUrl ?? stack.companion.url,
    accessToken: async () => access_token,
    installationId: async () => installation,
  });
}

describe("the extension's pairing claim", () => {
  it('learns the staff member the platform signed on the job card', async () => {
    const reply = await (await browserOf()).claim(await pairingCode());
    expect(reply).toEqual({
      account_uuid: scene.account,
      staff_uuid: scene.technician.uuid,
      staff_name: scene.technician.name,
    });
  });

  it('says a link spent by another browser has been used', async () => {
    const code = await pairingCode();
    await (await browserOf()).claim(code);
    await expect((await browserOf()).claim(code)).rejects.toMatchObject({
      name: 'PairingError',
      problem: 'used',
      message: expect.stringMatching(/already been used/),
    });
  });

  it("says a job card of another business's account is not this one", async () => {
    await expect((await browserOf(1)).claim(await pairingCode())).rejects.toMatchObject({
      problem: 'other_account',
      message: expect.stringMatching(/another business/),
    });
  });

  it('says a link that is not whole, or is old, cannot be used, and what to do', async () => {
    const code = await pairingCode();
    await expect((await browserOf()).claim(`${code.slice(0, -4)}AAAA`)).rejects.toMatchObject({
      problem: 'invalid',
      message: expect.stringMatching(/choose Fieldside/),
    });
    offsetMs = 11 * 60_000;
    try {
      await expect((await browserOf()).claim(code)).rejects.toMatchObject({
        problem: 'expired',
        message: expect.stringMatching(/few minutes old/),
      });
    } finally {
      offsetMs = 0;
    }
  });

  it('asks to sign in again when the platform does not take the token, and says when the server is not there', async () => {
    const code = await pairingCode();
    const revoked = createPairingClient({
      companionUrl: async () => stack.companion.url,
      accessToken: async () => 'not-a-token-the-platform-issued',
      installationId: async () => sha256Base64Url('x'),
    });
    await expect(revoked.claim(code)).rejects.toMatchObject({
      problem: 'sign_in',
      message: expect.stringMatching(/Sign in again/),
    });
    const nobody = `http://127.0.0.1:${await freePort()}`;
    await expect((await browserOf(0, nobody)).claim(code)).rejects.toMatchObject({
      problem: 'unreachable',
      message: expect.stringMatching(/could not reach its server/),
    });
  });
});
