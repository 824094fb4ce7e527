// Sync under faults, in real Chromium with the built extension against the emulator: whatever goes
// wrong on the way (5xx, dropped connections, a 429 burst, a token expiring, the worker stopped),
// the cache ends equal to the server — same count, same uuid + edit_date hash, no duplicates — and
// malformed records are skipped and counted, never fatal.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { stopServiceWorker } from './support/background';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { chooseMe, connect, signOut as signOutOnPage, signInThroughConsent, useApiKey } from './support/options-page';
import { openQuickSearch } from './support/popup-page';
import { startStack, type Stack } from './support/stack';
import {
  cacheOf,
  contentHash,
  readCachedJobs,
  readSyncState,
  serverHash,
  waitForSyncState,
  waitForSynced,
} from './support/sync';
import { setUpFile } from '../support/set-up-file';

const JOBS = 3000;

/** The platform's requests since `count` of them had been made, once it has heard nothing for a second (at most
 * 20 s): the customer index's contact reads follow a sync in the background. */
async function requestsOnceQuietSince(count: number): Promise<string[]> {
  let last = await stack.emulator.control.stats();
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await stack.emulator.control.stats();
    if (now.requests === last.requests) break;
    last = now;
  }
  return last.recent.slice(last.recent.length - (last.requests - count));
}

let stack: Stack;
let browser: ExtensionBrowser;
let page: Page;

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: JOBS }));
  // Generous for the emulator: the tests count faults, not the per-minute or daily limit (the client keeps its own per minute).
  await stack.emulator.control.setRateLimit(100_000, 10_000_000);
  browser = own(await launchChromium());
  page = await browser.openOptions();
  await connect(page, stack);
});
// A failed case must not leave the next one signed in (its sign-in would start no sync), nor a fault in place.
afterEach(async () => {
  await stack.emulator.control.clearFaults();
  await page.reload();
  await page.locator('#session-state').waitFor();
  if ((await page.locator('#session-state').getAttribute('data-state')) !== 'signed_out') await signOut();
});

/** Signing in with the account's API key starts a full sync of the whole account. */
const ALL = () => cacheOf(stack, 'all');
const signInWithKey = () => useApiKey(page, stack.account.api_key);

async function signOut(): Promise<void> {
  await stack.emulator.control.clearFaults();
  await signOutOnPage(page);
}

/** The cache of `staff` equals what the server lets them see (minus `skipped`), with no duplicates. */
async function expectCacheEqualsServer(staff: string, skipped: ReadonlySet<string> = new Set()): Promise<void> {
  const records = await stack.emulator.control.listRecords(stack.account.uuid, 'job');
  const visible =
    staff === 'all' ? undefined : new Set(await stack.emulator.control.visibleJobUuids(stack.account.uuid, staff));
  const expected = serverHash(
    records.filter((r) => !skipped.has(String(r.uuid))),
    visible,
  );
  const cached = contentHash(await readCachedJobs(page, cacheOf(stack, staff)));
  expect(cached.count).toBe(cached.distinct); // no duplicates
  expect(cached).toEqual(expected);
  expect(expected.count).toBeGreaterThan(0);
}

describe('sync faults (API key)', () => {
  it('5 % of requests answered 5xx: retried; the cache equals the server', async () => {
    await stack.emulator.control.injectFault({ kind: 'status', status: 503, rate: 0.05, pathPrefix: '/api_1.0/' });
    const before = (await stack.emulator.control.stats()).faultsInjected;
    await signInWithKey();
    let status = await waitForSynced(page, ALL());
    // A few pages make a few requests: sign in afresh (a new full walk) until some did fail.
    for (let i = 0; i < 8 && (await stack.emulator.control.stats()).faultsInjected === before; i++) {
      await signOutOnPage(page);
      await signInWithKey();
      status = await waitForSynced(page, ALL());
    }
    expect((await stack.emulator.control.stats()).faultsInjected).toBeGreaterThan(before);
    expect(status.lastError).toBeNull();
    await expectCacheEqualsServer('all');
    expect((await readCachedJobs(page, ALL())).length).toBe(JOBS);
    await signOut();
  });

  it('dropped connections: retried; the cache equals the server', async () => {
    await stack.emulator.control.injectFault({ kind: 'drop', count: 3, pathPrefix: '/api_1.0/job' });
    await signInWithKey();
    await waitForSynced(page, ALL());
    await expectCacheEqualsServer('all');
    await signOut();
  });

  it('a burst of 20 "429 Too Many Requests": the sync waits, retries by itself and finishes', async () => {
    await signInWithKey();
    await waitForSynced(page, ALL());
    await signOut();
    await stack.emulator.control.injectFault({ kind: 'rate_limit', count: 20, pathPrefix: '/api_1.0/job' });
    await signInWithKey();
    expect((await waitForSynced(page, ALL(), 110_000)).lastError).toBeNull();
    await expectCacheEqualsServer('all');
    expect((await readCachedJobs(page, ALL())).length).toBe(JOBS);
    await signOut();
  });

  it('malformed records are skipped and counted in the sync state, not fatal', async () => {
    const jobs = await stack.emulator.control.listRecords(stack.account.uuid, 'job');
    const originals = jobs.slice(10, 13);
    const broken = originals.map((j) => String(j.uuid));
    for (const uuid of broken) {
      await stack.emulator.control.updateRecord(
        stack.account.uuid,
        'job',
        uuid,
        { lat: 'north-ish', company_uuid: 'not-a-uuid' },
        { raw: true },
      );
    }
    await signInWithKey();
    const status = await waitForSynced(page, ALL());
    expect(status.skipped).toBe(broken.length);
    expect(status.lastError).toBeNull();
    await expectCacheEqualsServer('all', new Set(broken));
    // Repair them for the other tests.
    for (const job of originals) {
      await stack.emulator.control.updateRecord(
        stack.account.uuid,
        'job',
        String(job.uuid),
        { lat: job.lat, company_uuid: job.company_uuid },
        { raw: true },
      );
    }
    await signOut();
  });

  it('the service worker stopped mid-sync: the next worker resumes (no restart from scratch) and finishes', async () => {
    // The walk's first two job pages are answered and every one after waits unanswered, so the stop lands in the
    // middle of the walk on any machine (a delay of 400 ms a page left a window that a loaded machine's polling could
    // miss, the walk finished before the test saw its second page).
    await stack.emulator.control.injectFault({ kind: 'hold', rate: 1, after: 2, pathPrefix: '/api_1.0/job.json' });
    await signInWithKey();
    await waitForSyncState(page, ALL(), (s) => s.phase === 'full' && s.pagesDone >= 2);
    await stopServiceWorker(browser.context, page);
    const requestsAtStop = (await stack.emulator.control.stats()).requests;
    await stack.emulator.control.clearFaults();
    // The person opens the popup: its live port wakes a new worker, which resumes the full sync at start-up.
    const popup = await openQuickSearch(browser);
    const status = await waitForSynced(page, ALL());
    const asked = await requestsOnceQuietSince(requestsAtStop);
    // Resumed: the walk's remaining job pages, never its first one again (a count of all requests stood here, and
    // timing alone decided whether the customer index's contact reads after the sync fell inside it).
    const jobPages = asked.filter((line) => line.startsWith('GET /api_1.0/job.json'));
    expect(jobPages.length).toBeGreaterThan(0);
    expect(jobPages.filter((line) => /[?&]cursor=-1(&|$)/.test(line))).toEqual([]);
    expect(status.lastError).toBeNull();
    await expectCacheEqualsServer('all');
    expect((await readCachedJobs(page, ALL())).length).toBe(JOBS);
    await popup.close();
    await signOut();
  });
});

describe('sync faults (OAuth)', () => {
  it("the access token expires mid-sync: refreshed through the companion; the technician's cache equals what they may see", async () => {
    await signInThroughConsent(browser.context, page, stack.account.uuid, stack.technician.uuid);
    const before = await stack.emulator.control.stats();
    // The sync's job pages wait unanswered until the token has expired: it expires while one is on its way, on any
    // machine (a delay of 300 ms a page left a window that a loaded machine's polling missed: the technician's two
    // pages were done before the test saw the first).
    await stack.emulator.control.injectFault({ kind: 'hold', rate: 1, pathPrefix: '/api_1.0/job.json' });
    await chooseMe(page, stack.technician);
    const mine = cacheOf(stack, stack.technician.uuid);
    await waitForSyncState(page, mine, (s) => s.phase === 'full');
    await expect
      .poll(async () => (await stack.emulator.control.stats()).faultsInjected, { timeout: 20_000 })
      .toBeGreaterThan(before.faultsInjected);
    await stack.emulator.control.advanceClock(3601);
    await stack.emulator.control.clearFaults();
    const status = await waitForSynced(page, mine);
    expect((await stack.emulator.control.stats()).grants.refresh_token).toBeGreaterThan(before.grants.refresh_token);
    expect(status.lastError).toBeNull();
    await expectCacheEqualsServer(stack.technician.uuid);
    expect((await readSyncState(page, mine))?.phase).toBe('idle');
    await signOut();
  });
});
