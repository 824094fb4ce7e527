import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ControlClient, EmulatorInfo, RunningEmulator } from '../../../server/emulator/contracts';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import { signState } from '../../../server/companion/oauth/state';
import { createSignInDriver, firstTechnician, type Tokens } from '../../../server/development/sign-in-driver';
import type { RunningCompanion } from '../../../server/companion/start';
import { CHROME_ID, CHROME_REDIRECT, FIREFOX_ID, postJson, SIGNING_SECRET } from '../../support/companion/env';

// The whole sign-in over real HTTP against the real emulator: the extension's part is played by fetch
// (start → consent page → return → token → refresh), the browser's by the emulator's consent driver.

let stack: DevStack;
let emulator: RunningEmulator;
let info: EmulatorInfo;
let control: ControlClient;
let companion: RunningCompanion;
let technician: string;
let driver: ReturnType<typeof createSignInDriver>;

beforeAll(async () => {
  // One request line per request goes to the console; this file is about answers (logs.test.ts reads the lines).
  vi.spyOn(console, 'log').mockImplementation(() => {});
  stack = await startDevStack({
    emulator: { jobs: 50, quiet: true },
    allowedExtensionIds: [CHROME_ID, FIREFOX_ID],
    env: { SIGNING_SECRET },
  });
  ({ emulator, companion } = stack);
  info = emulator.info;
  control = emulator.control;
  technician = firstTechnician(info);
  driver = createSignInDriver({ companionUrl: companion.url, authUrl: info.auth_url, person: technician });
});

afterEach(async () => {
  await control.clearFaults();
});

afterAll(async () => {
  await stack?.close();
  vi.restoreAllMocks();
});

describe('sign-in through the companion', () => {
  it('start → consent → return → token → refresh, and the old refresh token is refused', async () => {
    const before = await control.stats();
    const { code, state } = await driver.toCode();
    expect(code).toBeTruthy();

    const tokenResponse = await driver.exchange(code, state);
    expect(tokenResponse.status).toBe(200);
    expect(tokenResponse.headers.get('cache-control')).toBe('no-store');
    const tokens = (await tokenResponse.json()) as Tokens;
    expect(Object.keys(tokens).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.scope.split(' ').sort()).toEqual(['read_jobs', 'vendor']);

    const refreshResponse = await driver.refresh(tokens.refresh_token);
    expect(refreshResponse.status).toBe(200);
    const refreshed = (await refreshResponse.json()) as Tokens;
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

    const reused = await driver.refresh(tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });

    const after = await control.stats();
    expect(after.grants.authorization_code - before.grants.authorization_code).toBe(1);
    expect(after.grants.refresh_token - before.grants.refresh_token).toBe(1);
  });

  it('signs in a Firefox build through its SHA-1 derived redirect URL', async () => {
    const firefoxRedirect = `https://${createHash('sha1').update(FIREFOX_ID).digest('hex')}.extensions.allizom.org/`;
    const { code, state } = await driver.toCode(firefoxRedirect);
    const response = await driver.exchange(code, state);
    expect(response.status).toBe(200);
  });

  it('hands a refusal on to the extension as access_denied', async () => {
    const { code, error } = await driver.toCode(CHROME_REDIRECT, 'deny');
    expect(code).toBe('');
    expect(error).toBe('access_denied');
  });

  it('refuses a wrong, tampered or expired state at the token step, and the code stays unused', async () => {
    const { code, state } = await driver.toCode();
    const foreign = await signState('another-companion-secret-0123456789ab', CHROME_REDIRECT);
    const expired = await signState(SIGNING_SECRET, CHROME_REDIRECT, { now: Date.now() - 11 * 60 * 1000 });
    const [body, mac] = state.split('.') as [string, string];
    const tampered = `${body.slice(0, -1)}${body.endsWith('A') ? 'B' : 'A'}.${mac}`;
    for (const bad of [foreign.state, expired.state, tampered, 'not-a-state']) {
      const response = await driver.exchange(code, bad);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_state' });
    }
    // None of those reached the platform: the code is still good with its own state.
    expect((await driver.exchange(code, state)).status).toBe(200);
    // And a second use of the code is the platform's invalid_grant, passed on with its status.
    const again = await driver.exchange(code, state);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses to start a flow for a non-allowed extension', async () => {
    const response = await postJson(`${companion.url}/oauth/start`, { redirect_url: `https://${'b'.repeat(32)}.chromiumapp.org/`, scopes: ['vendor'] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'redirect_url_not_allowed' });
  });

  it('answers 502 when the platform answers 5xx, and works again after', async () => {
    const { code, state } = await driver.toCode();
    await control.injectFault({ kind: 'status', status: 503, count: 1 });
    const failed = await driver.exchange(code, state);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ error: 'platform_unavailable' });
    await control.clearFaults();
    expect((await driver.exchange(code, state)).status).toBe(200);
  });
});

// Last: revoking ends every grant of the account for this app.
describe('revoked access', () => {
  it('answers 400 invalid_grant for a refresh after the account revoked access', async () => {
    const { code, state } = await driver.toCode();
    const tokens = (await (await driver.exchange(code, state)).json()) as Tokens;
    const account = technician.split(':')[0] ?? '';
    await control.revokeAccess(account);
    const response = await driver.refresh(tokens.refresh_token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
