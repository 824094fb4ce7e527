import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ControlClient, EmulatorInfo } from '../../../server/emulator/contracts';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import { createSignInDriver, firstTechnician, type Tokens } from '../../../server/development/sign-in-driver';
import { bearer, openStream } from '../../support/companion/feed-client';
import { CHROME_ID, FIREFOX_ID, SIGNING_SECRET } from '../../support/companion/env';

// The companion vouches for the access tokens it hands out (issue 18): it learnt their account when it handed
// them out (the code exchange asks the platform, a refresh carries the account sealed in the refresh token), so
// the feed's first check of such a token costs the account's shared budget nothing. Through real HTTP: the
// emulator's consent page, the companion's token and refresh routes, then its feed.

let stack: DevStack;
let info: EmulatorInfo;
let control: ControlClient;
let companionUrl: string;

const requests = async () => (await control.stats()).requests;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  stack = await startDevStack({
    emulator: { jobs: 20, quiet: true },
    allowedExtensionIds: [CHROME_ID, FIREFOX_ID],
    env: { SIGNING_SECRET },
  });
  info = stack.emulator.info;
  control = stack.emulator.control;
  companionUrl = stack.companion.url;
});

afterAll(async () => {
  await stack?.close();
  vi.restoreAllMocks();
});

describe('tokens the companion handed out', () => {
  it('open the feed and its stream with no vendor.json, after sign-in and after a refresh', async () => {
    const driver = await createSignInDriver({ companionUrl, authUrl: info.auth_url, person: firstTechnician(info) });
    const signedIn = (await (await driver.exchange(await driver.toCode())).json()) as Tokens;

    let before = await requests();
    expect((await fetch(`${companionUrl}/feed`, { headers: bearer(signedIn.access_token) })).status).toBe(200);
    const stream = await openStream(`${companionUrl}/feed/stream`, signedIn.access_token);
    expect(stream.res.status).toBe(200);
    await stream.until(() => stream.comments.includes('connected'));
    stream.close();
    expect(await requests()).toBe(before);

    const refreshed = (await (await driver.refresh(signedIn.refresh_token)).json()) as Tokens;
    expect(refreshed.access_token).not.toBe(signedIn.access_token);
    before = await requests();
    expect((await fetch(`${companionUrl}/feed`, { headers: bearer(refreshed.access_token) })).status).toBe(200);
    expect(await requests()).toBe(before);
  });

  it('a token it did not hand out is still asked about, once', async () => {
    const account = info.accounts[0]!;
    const { access_token: elsewhere } = await control.issueTokens(
      account.uuid,
      account.staff.find((s) => s.role === 'technician')!.uuid,
      ['vendor', 'read_jobs'],
    );
    const before = await requests();
    for (let i = 0; i < 2; i++)
      expect((await fetch(`${companionUrl}/feed`, { headers: bearer(elsewhere) })).status).toBe(200);
    expect(await requests()).toBe(before + 1);
  });
});
