import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isApiError } from '../../../lib/api/errors';
import { createPlatformClient } from '../../../lib/api/client';
import { createRateLimiter } from '../../../lib/api/rate-limiter';
import { createOutbox } from '../../../lib/outbox/outbox';
import { createOutboxSender } from '../../../lib/outbox/sender';
import { unsealRefreshToken } from '../../../server/companion/oauth/sealed-refresh-token';
import type { DevStack } from '../../../server/development/dev-stack';
import { firstTechnician } from '../../../server/development/sign-in-driver';
import { REFRESH_TOKENS } from '../../../server/emulator/switches';
import { forTestExtensions, SIGNING_SECRET } from '../../support/companion/env';
import { extensionTokens } from '../../../lib/auth/testing/through-companion';
import { startQuietStack } from '../../support/companion/quiet-stack';
import { setUpFile } from '../../support/set-up-file';

// The extension's own token code (lib/auth) through the real companion to the real emulator, under each reading of
// what the platform does with a spent refresh token (the switch refreshTokens; FIDELITY.md #10): signed in, it
// refreshes hour after hour and keeps working; many callers at once make one refresh; and a refresh token the
// platform no longer takes (here: older than its lifetime) asks the person to sign in again, the outbox keeping
// every note until they have.

const LIFETIME_SECONDS = 24 * 3600;
let stack: DevStack;
let offsetMs = 0;
const now = () => Date.now() + offsetMs;
const browsers: Array<{ close(): void }> = [];

setUpFile(async (own) => {
  stack = own(
    await startQuietStack({
      emulator: { jobs: 30, quiet: true, refreshTokenLifetimeSeconds: LIFETIME_SECONDS },
      ...forTestExtensions(),
    }),
  );
});
afterEach(async () => {
  offsetMs = 0;
  await stack.emulator.control.setSwitches({ refreshTokens: 'rotate' });
});
afterAll(() => browsers.splice(0).forEach((b) => b.close()));

function browser(scopes = ['vendor', 'read_jobs'], fetchImpl?: typeof fetch) {
  const made = extensionTokens({
    companionUrl: stack.companion.url,
    person: firstTechnician(stack.emulator.info),
    scopes,
    now,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  browsers.push(made);
  return made;
}
const refreshGrants = async () => (await stack.emulator.control.stats()).grants.refresh_token;
/** The platform's refresh token inside the sealed one the browser holds. */
async function platformRefreshToken(b: ReturnType<typeof browser>): Promise<string | undefined> {
  const held = await b.secrets.get('oauthTokens');
  return held && (await unsealRefreshToken(SIGNING_SECRET, held.refreshToken))?.refreshToken;
}
async function readsVendor(accessToken: string): Promise<number> {
  const res = await fetch(`${stack.emulator.info.base_url}/api_1.0/vendor.json`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  await res.body?.cancel();
  return res.status;
}

describe('signed in through the companion, under each reading of the refresh', () => {
  it.each(REFRESH_TOKENS)('%s: refreshed ahead of expiry, hour after hour, and every new token works', async (p) => {
    await stack.emulator.control.setSwitches({ refreshTokens: p });
    const b = browser();
    const signedIn = await b.signIn();
    expect(signedIn.refreshToken).toMatch(/^fsr2\./);
    const first = await platformRefreshToken(b);
    let previous = signedIn.accessToken;
    for (let hour = 0; hour < 3; hour++) {
      offsetMs += 56 * 60_000; // inside the keeper's five-minute margin
      const before = await refreshGrants();
      const token = await b.keeper.getAccessToken();
      expect(await refreshGrants()).toBe(before + 1);
      expect(token).not.toBe(previous);
      expect(await readsVendor(token)).toBe(200);
      previous = token;
      // Re-sealed every time; the platform's token inside is a real one, the same one where the platform keeps it.
      const inside = await platformRefreshToken(b);
      expect(inside).toMatch(/^[A-Za-z0-9_-]{43}$/);
      if (p === 'keep' || p === 'omit') expect(inside).toBe(first);
      else expect(inside).not.toBe(first);
    }
    expect(b.revoked()).toBe(0);
  });
});

describe('many callers at once', () => {
  it.each(['rotate', 'grace'] as const)('%s: an expiring token and a dozen callers make one refresh', async (p) => {
    await stack.emulator.control.setSwitches({ refreshTokens: p });
    const b = browser();
    const signedIn = await b.signIn();
    offsetMs += 56 * 60_000;
    const before = await refreshGrants();
    const tokens = await Promise.all([
      ...Array.from({ length: 8 }, () => b.keeper.getAccessToken()),
      ...Array.from({ length: 4 }, () => b.keeper.onUnauthorized(signedIn.accessToken)),
      b.keeper.refreshIfDue(),
    ]);
    expect(await refreshGrants()).toBe(before + 1);
    expect(new Set(tokens.filter((t) => t !== undefined)).size).toBe(1);
    // The token kept is the newest: the next refresh is taken.
    offsetMs += 56 * 60_000;
    expect(await readsVendor(await b.keeper.getAccessToken())).toBe(200);
    expect(b.revoked()).toBe(0);
  });
});

describe('a refresh whose answer never reached the browser', () => {
  it.each(REFRESH_TOKENS)('%s: tried again, it is answered, and the person stays signed in', async (p) => {
    await stack.emulator.control.setSwitches({ refreshTokens: p });
    // The connection drops after the companion answered the first refresh: the browser hears nothing of it.
    let drops = 1;
    const dropping: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!String(input).endsWith('/oauth/refresh') || drops-- <= 0) return res;
      await res.body?.cancel();
      throw new TypeError('Failed to fetch');
    };
    const b = browser(['vendor', 'read_jobs'], dropping);
    await b.signIn();
    offsetMs += 56 * 60_000;
    const before = await refreshGrants();
    const lost = await b.keeper.getAccessToken().catch((e: unknown) => e);
    expect(isApiError(lost, 'NetworkError')).toBe(true);
    const token = await b.keeper.getAccessToken();
    expect(await readsVendor(token)).toBe(200);
    // A token the platform spent is not sent again (the companion answers what it answered); one it keeps is.
    expect(await refreshGrants()).toBe(before + (p === 'keep' || p === 'omit' ? 2 : 1));
    offsetMs += 56 * 60_000;
    expect(await readsVendor(await b.keeper.getAccessToken())).toBe(200);
    expect(b.revoked()).toBe(0);
  });
});

describe('a refresh token the platform no longer takes', () => {
  // Last in the file: it moves the platform's clock a day on.
  it.each(REFRESH_TOKENS)('%s: asks the person to sign in again, in words, and keeps every note to send', async (p) => {
    await stack.emulator.control.setSwitches({ refreshTokens: p });
    const { control, info } = stack.emulator;
    const [accountUuid, staffUuid] = firstTechnician(info).split(':') as [string, string];
    const job = (await control.listRecords(accountUuid, 'job')).find((j) => Number(j.active) === 1)!;
    const b = browser(['vendor', 'read_jobs', 'read_job_notes', 'publish_job_notes']);
    await b.signIn();
    const outbox = createOutbox({ accountUuid, staffUuid, indexedDB: new IDBFactory() });
    for (let i = 0; i < 3; i++)
      await outbox.enqueue({ kind: 'note', jobUuid: String(job.uuid), payload: { note: `Kept ${p} ${i}` } });
    const client = createPlatformClient({
      baseUrl: info.base_url,
      auth: { kind: 'oauth', tokens: b.keeper },
      limiter: createRateLimiter({ perMinute: 100_000 }),
      retry: { baseDelayMs: 5, maxDelayMs: 20, limit: 2 },
    });
    const sender = createOutboxSender({ outbox, client, setTimer: () => () => {} });

    // A day on the platform: the access token and the refresh token are both past their lifetime.
    await control.advanceClock(LIFETIME_SECONDS);
    expect(await sender.flush()).toEqual({ sent: 0, rescheduled: 0, failed: 1 });
    const kept = await outbox.pending();
    expect(kept.map((e) => e.payload)).toEqual(
      [0, 1, 2].map((i) => expect.objectContaining({ note: `Kept ${p} ${i}` })),
    );
    expect(kept[0]?.lastError).toMatchObject({
      code: 'signed-out',
      action: 'Sign in again, then retry. Your note is kept here until then.',
    });
    // The background hears "revoked" and signs out; the keeper holds no tokens.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(b.revoked()).toBe(1);
    expect(await b.keeper.current()).toBeUndefined();
    const refused = await b.keeper.getAccessToken().catch((e: unknown) => e);
    expect(isApiError(refused, 'SignedOutError')).toBe(true);

    // Signed in again: the person retries, and the three notes arrive once each.
    await b.signIn();
    expect(await outbox.retryFailed()).toBe(1);
    expect(await sender.flush()).toEqual({ sent: 3, rescheduled: 0, failed: 0 });
    const notes = (await control.listRecords(accountUuid, 'note')).filter((n) =>
      String(n.note).startsWith(`Kept ${p}`),
    );
    expect(notes.map((n) => n.uuid).sort()).toEqual(kept.map((e) => e.clientUuid).sort());
    await outbox.close();
  });
});
