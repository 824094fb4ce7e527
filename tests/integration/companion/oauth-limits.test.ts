import { describe, expect, it } from 'vitest';
import type { DevStack } from '../../../server/development/dev-stack';
import { createSignInDriver, firstTechnician, type Tokens } from '../../../server/development/sign-in-driver';
import { createTestInstallation } from '../../support/companion/installation';
import { CHROME_ID, CHROME_REDIRECT, FIREFOX_ID, postJson } from '../../support/companion/env';
import { startQuietStack } from '../../support/companion/quiet-stack';
import { setUpFile } from '../../support/set-up-file';

// Floods get 429, in words, per installation and per account, before anything reaches the platform. Small
// limits, so the floods stay short.

let stack: DevStack;

setUpFile(async (own) => {
  stack = own(
    await startQuietStack({
      emulator: { jobs: 50, quiet: true },
      allowedExtensionIds: [CHROME_ID, FIREFOX_ID],
      env: { OAUTH_LIMIT_PER_INSTALLATION: '4', OAUTH_LIMIT_PER_ACCOUNT: '3' },
    }),
  );
});

const start = (installation: string) =>
  postJson(`${stack.companion.url}/oauth/start`, {
    redirect_url: CHROME_REDIRECT,
    scopes: ['vendor'],
    code_challenge: 'c'.repeat(43),
    installation,
  });

describe('rate limits', () => {
  it('refuses a flood from one installation with 429 and a Retry-After, and lets another installation through', async () => {
    const flooder = await createTestInstallation();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await start(flooder.id));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = answers[4]!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused.json()) as { error: string; message: string };
    expect(body.error).toBe('rate_limited');
    expect(body.message).toMatch(
      /^Too many sign-ins from this browser in a short time\. Wait \d+ minutes?, then try again\.$/,
    );
    expect((await start((await createTestInstallation()).id)).status).toBe(200);
  });

  it('refuses a flood of refreshes for one account, whichever installations send them, before the platform', async () => {
    const { emulator, companion } = stack;
    const person = firstTechnician(emulator.info);
    const signIn = async () => {
      const driver = await createSignInDriver({ companionUrl: companion.url, authUrl: emulator.info.auth_url, person });
      const response = await driver.exchange(await driver.toCode());
      expect(response.status).toBe(200);
      return { driver, tokens: (await response.json()) as Tokens };
    };
    // Three sign-ins of the account use up its three requests of the window.
    const sessions = [await signIn(), await signIn(), await signIn()];
    const before = (await emulator.control.stats()).grants.refresh_token;
    for (const { driver, tokens } of sessions) {
      const response = await driver.refresh(tokens.refresh_token);
      expect(response.status).toBe(429);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /^Too many sign-in refreshes for this account in a short time\./,
      );
    }
    expect((await emulator.control.stats()).grants.refresh_token).toBe(before);
  });
});
