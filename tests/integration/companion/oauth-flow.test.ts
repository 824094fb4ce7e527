import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ControlClient, EmulatorInfo, RunningEmulator } from '../../../server/emulator/contracts';
import type { DevStack } from '../../../server/development/dev-stack';
import { signState } from '../../../server/companion/oauth/state';
import {
  createSignInDriver,
  firstTechnician,
  type SignInDriver,
  type Tokens,
} from '../../../server/development/sign-in-driver';
import { createTestInstallation } from '../../support/companion/installation';
import type { RunningCompanion } from '../../../server/companion/start';
import { CHROME_REDIRECT, FIREFOX_ID, forTestExtensions, postJson, SIGNING_SECRET } from '../../support/companion/env';
import { startQuietStack } from '../../support/companion/quiet-stack';
import { setUpFile } from '../../support/set-up-file';
import { tampered } from '../../support/companion/tampered';

// The whole sign-in over real HTTP against the real emulator: the extension's part is played by fetch
// (start → consent page → return → token → refresh), the browser's by the emulator's consent driver.

let stack: DevStack;
let emulator: RunningEmulator;
let info: EmulatorInfo;
let control: ControlClient;
let companion: RunningCompanion;
let technician: string;
let offsetMs = 0;

/** A new installation (its own key pair) signing in as the technician. */
const newDriver = (): Promise<SignInDriver> =>
  createSignInDriver({ companionUrl: companion.url, authUrl: info.auth_url, person: technician });

setUpFile(async (own) => {
  stack = own(
    await startQuietStack({
      emulator: { jobs: 50, quiet: true },
      ...forTestExtensions(),
      companionDeps: { now: () => Date.now() + offsetMs },
    }),
  );
  ({ emulator, companion } = stack);
  info = emulator.info;
  control = emulator.control;
  technician = firstTechnician(info);
});

afterEach(async () => {
  await control.clearFaults();
});

describe('sign-in through the companion', () => {
  it('start → consent → return → token → refresh; the old refresh token refused once its answer is not kept', async () => {
    const driver = await newDriver();
    const before = await control.stats();
    const flow = await driver.toCode();
    expect(flow.code).toBeTruthy();

    const tokenResponse = await driver.exchange(flow);
    expect(tokenResponse.status).toBe(200);
    expect(tokenResponse.headers.get('cache-control')).toBe('no-store');
    const tokens = (await tokenResponse.json()) as Tokens;
    expect(Object.keys(tokens).sort()).toEqual([
      'access_token',
      'expires_in',
      'fieldside_activated',
      'fieldside_pass',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.scope.split(' ').sort()).toEqual(['read_jobs', 'vendor']);
    // Nobody activated Fieldside for this account: the extension is told, so it sends nobody to the job card.
    expect(tokens.fieldside_activated).toBe(false);

    const refreshResponse = await driver.refresh(tokens.refresh_token);
    expect(refreshResponse.status).toBe(200);
    const refreshed = (await refreshResponse.json()) as Tokens;
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

    // Within the minute, the same answer again (a retry whose first answer was lost: refresh-replay.ts); after
    // it, the spent token is the platform's to refuse.
    const retried = await driver.refresh(tokens.refresh_token);
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as Tokens).access_token).toBe(refreshed.access_token);
    offsetMs += 61_000;
    try {
      const reused = await driver.refresh(tokens.refresh_token);
      expect(reused.status).toBe(400);
      expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      offsetMs = 0;
    }

    const after = await control.stats();
    expect(after.grants.authorization_code - before.grants.authorization_code).toBe(1);
    expect(after.grants.refresh_token - before.grants.refresh_token).toBe(1);
  });

  it('signs in a Firefox build through its SHA-1 derived redirect URL', async () => {
    const driver = await newDriver();
    const firefoxRedirect = `https://${createHash('sha1').update(FIREFOX_ID).digest('hex')}.extensions.allizom.org/`;
    const response = await driver.exchange(await driver.toCode(firefoxRedirect));
    expect(response.status).toBe(200);
  });

  it('hands a refusal on to the extension as access_denied', async () => {
    const { code, error } = await (await newDriver()).toCode(CHROME_REDIRECT, 'deny');
    expect(code).toBe('');
    expect(error).toBe('access_denied');
  });

  it('refuses a wrong, tampered or expired state at the token step, and the code stays unused', async () => {
    const driver = await newDriver();
    const flow = await driver.toCode();
    const binding = {
      redirectUrl: CHROME_REDIRECT,
      codeChallenge: 'c'.repeat(43),
      installation: driver.installation.id,
    };
    const foreign = await signState('another-companion-secret-0123456789ab', binding);
    const expired = await signState(SIGNING_SECRET, binding, { now: Date.now() - 11 * 60 * 1000 });
    const [body, mac] = flow.state.split('.') as [string, string];
    const altered = `${tampered(body)}.${mac}`;
    for (const bad of [foreign.state, expired.state, altered, 'not-a-state']) {
      const response = await driver.exchange({ ...flow, state: bad });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_state' });
    }
    // None of those reached the platform: the code is still good with its own state.
    expect((await driver.exchange(flow)).status).toBe(200);
    // And a second use of the code is the platform's invalid_grant, passed on with its status.
    const again = await driver.exchange(flow);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses to start a flow for a non-allowed extension', async () => {
    const installation = await createTestInstallation();
    const response = await postJson(`${companion.url}/oauth/start`, {
      redirect_url: `https://${'b'.repeat(32)}.chromiumapp.org/`,
      scopes: ['vendor'],
      code_challenge: 'c'.repeat(43),
      installation: installation.id,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'redirect_url_not_allowed' });
  });

  it('answers 502 when the platform answers 5xx, and works again after', async () => {
    const driver = await newDriver();
    const flow = await driver.toCode();
    await control.injectFault({ kind: 'status', status: 503, pathPrefix: '/oauth/access_token', count: 1 });
    const failed = await driver.exchange(flow);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ error: 'platform_unavailable' });
    await control.clearFaults();
    expect((await driver.exchange(flow)).status).toBe(200);
  });
});

describe('a code is redeemed only by the installation that started the flow', () => {
  it("refuses the code without the starter's verifier, or with another installation's key, before the platform sees it", async () => {
    const driver = await newDriver();
    const flow = await driver.toCode();
    const intruder = await createTestInstallation();
    const before = (await control.stats()).grants.authorization_code;
    const attempts = [
      // Someone who read the code and state off the redirect, but never had the verifier.
      driver.exchange(flow, { verifier: 'x'.repeat(43) }),
      // The right verifier, but a key of their own to seal the refresh token to.
      driver.exchange(flow, { installation: intruder }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe('invalid_grant');
      expect(body.message).toMatch(/started by another browser or program/);
    }
    // Without the verifier at all, the request is malformed.
    const bare = await postJson(`${companion.url}/oauth/token`, {
      code: flow.code,
      state: flow.state,
      installation_key: driver.installation.key,
    });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ error: 'invalid_request' });
    expect((await control.stats()).grants.authorization_code).toBe(before);
    // The starter's own exchange still works: the refused attempts spent nothing.
    expect((await driver.exchange(flow)).status).toBe(200);
  });
});

describe('a refresh is made only by the installation the sign-in belongs to', () => {
  it('seals the refresh token: the extension never holds the platform one, and the sealed one is worthless at the platform', async () => {
    const driver = await newDriver();
    const tokens = (await (await driver.exchange(await driver.toCode())).json()) as Tokens;
    expect(tokens.refresh_token).toMatch(/^fsr2\./);
    const direct = await fetch(`${info.auth_url}/oauth/access_token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: info.app.client_id,
        client_secret: info.app.client_secret,
      }),
    });
    expect(direct.status).toBe(400);
  });

  it("refuses a refresh without the installation's signature, or with anyone else's, and the token stays good", async () => {
    const driver = await newDriver();
    const tokens = (await (await driver.exchange(await driver.toCode())).json()) as Tokens;
    const thief = await createTestInstallation();
    const before = (await control.stats()).grants.refresh_token;
    const tamperedToken = tampered(tokens.refresh_token);
    const forged = await driver.installation.prove('another-refresh-token');
    const refused = [
      // A stolen refresh token, signed by the thief's own key.
      await driver.refresh(tokens.refresh_token, thief),
      // The installation's signature, but over another token (a proof replayed onto a stolen token).
      await postJson(`${companion.url}/oauth/refresh`, { refresh_token: tokens.refresh_token, proof: forged }),
      // A token that was tampered with, or never sealed by this companion (a refresh token from before binding).
      await driver.refresh(tamperedToken),
      await driver.refresh('a-plain-platform-refresh-token'),
    ];
    for (const response of refused) {
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { error: string; message: string };
      expect(answer.error).toBe('invalid_grant');
      expect(answer.message).toMatch(/not tied to this browser/);
    }
    // No proof at all: a malformed request.
    const bare = await postJson(`${companion.url}/oauth/refresh`, { refresh_token: tokens.refresh_token });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ error: 'invalid_request' });
    expect((await control.stats()).grants.refresh_token).toBe(before);
    expect((await driver.refresh(tokens.refresh_token)).status).toBe(200);
  });

  it("says so in words when the installation's clock is far off, without signing it out", async () => {
    const driver = await newDriver();
    const tokens = (await (await driver.exchange(await driver.toCode())).json()) as Tokens;
    const late = await driver.installation.prove(tokens.refresh_token, Date.now() - 20 * 60_000);
    const response = await postJson(`${companion.url}/oauth/refresh`, {
      refresh_token: tokens.refresh_token,
      proof: late,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('clock_skew');
    expect(body.message).toMatch(/clock/);
    expect((await driver.refresh(tokens.refresh_token)).status).toBe(200);
  });
});

// Last: revoking ends every grant of the account for this app.
describe('revoked access', () => {
  it('answers 400 invalid_grant for a refresh after the account revoked access', async () => {
    const driver = await newDriver();
    const tokens = (await (await driver.exchange(await driver.toCode())).json()) as Tokens;
    const account = technician.split(':')[0] ?? '';
    await control.revokeAccess(account);
    const response = await driver.refresh(tokens.refresh_token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
