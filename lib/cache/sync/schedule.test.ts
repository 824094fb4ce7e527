// When the background syncs, with a real lib/cache sync over an in-memory platform and a small
// fake workspace (switches, outbox count), and a live hub that records what it was told.
import { describe, expect, it, vi } from 'vitest';
import type { PageOptions } from '../../api/client';
import { paginate } from '../../api/paginate';
import { ApiError } from '../../api/errors';
import type { Company, Job } from '../../api/schemas';
import { createCacheSync, type CacheSync } from './cache-sync';
import type { SyncSource } from './sync-context';
import { freshCache, makeCompany, makeJob, makeVendor, range } from '../testing/fixtures';
import type { LiveEvent } from '../../messaging/views';
import type { ScheduledWorkspace } from './schedule';
import { FEED_LIVE_GRACE_MS } from './feed-live';
import { createSyncSchedule } from './schedule';
import { FULL_REFRESH_MS, LIVE_FULL_REFRESH_MS, SAFETY_NET_MS, SAFETY_NET_UNBROKEN_MS } from './alarm-policy';
import { MORNING_SPREAD_MS, morningSpreadMs } from './morning-spread';
import { dailyLimitHoldUntil } from './daily-limit';
import type { WorkspaceKey } from '../../settings/workspace-key';

/** failJobs: true fails the job pages with a 503, an error fails them with that error. */
type FailJobs = () => boolean | Error;

function source(jobs: Job[], companies: Company[], opts: { failJobs?: FailJobs } = {}) {
  const calls: string[] = [];
  const pages =
    <R>(name: string, all: () => R[]) =>
    (o: PageOptions = {}) =>
      paginate<R>({
        label: name,
        ...(o.signal ? { signal: o.signal } : {}),
        parse: (raw) => ({ ok: true, value: raw as R }),
        fetchPage: async () => {
          calls.push(`${name}${o.filter ? ' filtered' : ''}`);
          const failure = name === 'job' ? opts.failJobs?.() : false;
          if (failure) throw failure instanceof Error ? failure : new ApiError('ServerError', 'boom', { status: 503 });
          return { body: all(), nextCursor: null };
        },
      });
  const vendor = makeVendor({ timezone_name: 'UTC' });
  const src: SyncSource = {
    jobs: { pages: pages('job', () => jobs) },
    companies: { pages: pages('company', () => companies) },
    vendor: { get: async () => vendor },
  };
  return { src, calls };
}

const keyOf = (staffUuid: string, mode: 'oauth' | 'api_key' = 'oauth'): WorkspaceKey => ({
  accountUuid: 'acct',
  staffUuid,
  baseUrl: 'http://127.0.0.1:9',
  scopes: [],
  mode,
});

async function setup(
  options: {
    scope?: WorkspaceKey | null;
    failJobs?: FailJobs;
    now?: () => number;
    feedLive?: () => boolean | Promise<boolean>;
    afterSync?: (scope: WorkspaceKey, sync: CacheSync) => Promise<void>;
    installationId?: string;
  } = {},
) {
  const { src, calls } = source(
    range(0, 40).map((n) => makeJob(n)),
    range(0, 7).map((n) => makeCompany(n)),
    options,
  );
  let scope: WorkspaceKey | null = options.scope === undefined ? keyOf('tech') : options.scope;
  let sync: CacheSync | null = null;
  let closed = 0;
  const events: LiveEvent[] = [];
  const stored = new Map<string, number>();
  const holds = new Map<string, number>();
  const liveSeen = new Map<string, number>();
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const workspace = {
    key: async () => scope,
    sync: async () =>
      (sync ??= createCacheSync({
        client: src,
        cache: await freshCache(),
        onProgress: (s) => service.publish(s),
        ...(options.now ? { now: options.now } : {}),
      })),
    outbox: async () => ({ count: async () => 3 }),
    close: async () => {
      closed++;
      sync = null;
    },
  } as unknown as ScheduledWorkspace;
  // A new schedule over the same workspace and stored times: what a restarted service worker gets.
  const startService = () =>
    createSyncSchedule({
      workspace: workspace,
      hub: { broadcast: (e) => void events.push(e) },
      lastFullRefresh: { get: async (k) => stored.get(k) ?? null, set: async (k, at) => void stored.set(k, at) },
      dailyLimitHold: { get: async (k) => holds.get(k) ?? null, set: async (k, at) => void holds.set(k, at) },
      feedLiveSeen: { get: async (k) => liveSeen.get(k) ?? null, set: async (k, at) => void liveSeen.set(k, at) },
      online: () => true,
      log: () => undefined,
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      ...(options.now ? { now: options.now } : {}),
      ...(options.afterSync ? { afterSync: options.afterSync } : {}),
      ...(options.feedLive ? { feedLive: options.feedLive } : {}),
      ...(options.installationId ? { installationId: async () => options.installationId! } : {}),
    });
  let service = startService();
  return {
    get service() {
      return service;
    },
    restartWorker: () => void (service = startService()),
    calls,
    events,
    timers,
    stored,
    holds,
    closed: () => closed,
    setScope: (s: WorkspaceKey | null) => (scope = s),
  };
}

describe('sync service', () => {
  it('runs afterSync with the scope and the finished sync (its index holds every job), and not after a failure', async () => {
    const seen: Array<{ staff: string; docs: number }> = [];
    let fail = false;
    const t = await setup({
      failJobs: () => fail,
      afterSync: async (scope, sync) =>
        void seen.push({ staff: scope.staffUuid, docs: (await sync.searchIndex()).main.count }),
    });
    await t.service.onSessionChanged();
    expect(seen).toEqual([{ staff: 'tech', docs: 40 }]);
    fail = true;
    await t.service.run('incremental');
    await vi.waitFor(() => expect(t.timers).toHaveLength(1)); // the failed run ended: a retry is scheduled
    expect(seen).toHaveLength(1);
  });

  it('answers "signed_out" without a view, and the status of the view otherwise (with pending writes)', async () => {
    const signedOut = await setup({ scope: null });
    expect((await signedOut.service.status()).phase).toBe('signed_out');
    const { service } = await setup();
    expect(await service.status()).toMatchObject({
      phase: 'idle',
      jobs: 0,
      lastSyncedAt: null,
      pendingWrites: 3,
      online: true,
    });
  });

  it('syncs a new view in full at once, pushing progress on the live hub; the same view again does nothing', async () => {
    const t = await setup();
    await t.service.onSessionChanged();
    expect((await t.service.status()).jobs).toBe(40);
    expect(t.events.some((e) => e.type === 'sync.status' && e.status.phase === 'full')).toBe(true);
    expect(t.events.at(-1)).toMatchObject({ type: 'sync.status', status: { phase: 'idle', jobs: 40 } });
    expect(t.events).toContainEqual({ type: 'session.changed' });
    const requests = t.calls.length;
    await t.service.onSessionChanged();
    expect(t.calls.length).toBe(requests);
  });

  it('a "who are you" switch closes the old view and syncs the new one; sign-out says signed_out', async () => {
    const t = await setup();
    await t.service.onSessionChanged();
    t.setScope(keyOf('other'));
    await t.service.onSessionChanged();
    expect(t.closed()).toBe(2);
    expect((await t.service.status()).jobs).toBe(40);
    t.setScope(null);
    await t.service.onSessionChanged();
    expect(t.events.at(-1)).toMatchObject({ type: 'sync.status', status: { phase: 'signed_out' } });
  });

  it('after sign-out, signing in to the same view syncs again', async () => {
    const t = await setup();
    await t.service.onSessionChanged();
    await t.service.onSignedOut();
    const requests = t.calls.length;
    await t.service.onSessionChanged();
    expect(t.calls.length).toBeGreaterThan(requests);
  });

  it('at start-up resumes only a view that never finished a sync', async () => {
    const t = await setup();
    await t.service.onStartup();
    expect((await t.service.status()).jobs).toBe(40);
    const requests = t.calls.length;
    await t.service.onStartup();
    expect(t.calls.length).toBe(requests);
  });

  it("the alarm syncs incrementally, and walks a staff member's jobs in full once an hour (companies: only those changed)", async () => {
    let clock = 1_000_000;
    const t = await setup({ now: () => clock });
    await t.service.onSessionChanged();
    t.calls.length = 0;
    await t.service.onAlarm();
    expect(t.calls).toEqual(expect.arrayContaining(['job filtered', 'company filtered']));
    t.calls.length = 0;
    clock += FULL_REFRESH_MS;
    await t.service.onAlarm();
    // Every job page again (allocations do not move a job's edit_date); companies do move theirs.
    expect([...t.calls].sort()).toEqual(['company filtered', 'job']);
  });

  it('no polling while the live feed is connected: the alarm syncs only as a safety net, walks the view once a day, and polls again once the feed drops', async () => {
    let clock = Date.now();
    let live = true;
    const t = await setup({ now: () => clock, feedLive: () => live });
    await t.service.onSessionChanged();
    t.calls.length = 0;
    for (let alarm = 0; alarm < 6; alarm++) {
      clock += 10 * 60_000; // the alarm's period, through what would have been the hourly full refresh
      await t.service.onAlarm();
    }
    expect(t.calls).toEqual([]);
    // The safety net: an incremental sync, not a walk of the whole view (the feed brings new jobs and visits).
    clock += SAFETY_NET_MS;
    await t.service.onAlarm();
    expect([...t.calls].sort()).toEqual(['company filtered', 'job filtered']);
    t.calls.length = 0;
    // Once a day, the walk of every job the staff member sees (an allocation without a time has no webhook).
    clock += LIVE_FULL_REFRESH_MS - SAFETY_NET_MS;
    await t.service.onAlarm();
    expect([...t.calls].sort()).toEqual(['company filtered', 'job']);
    t.calls.length = 0;
    live = false;
    clock += FEED_LIVE_GRACE_MS;
    await t.service.onAlarm();
    expect(t.calls).toEqual(expect.arrayContaining(['job filtered', 'company filtered']));
  });

  describe("the morning's walk, spread over the account's browsers", () => {
    const MINUTE = 60_000;
    const ids = range(0, 60).map((n) => `installation-${n}`);
    const early = ids.find((id) => morningSpreadMs(id) < 10 * MINUTE)!;
    const late = ids.find((id) => morningSpreadMs(id) >= 20 * MINUTE)!;
    const walk = ['company filtered', 'job'];

    /** A live browser whose view was walked yesterday; the clock is at this morning's first alarm. */
    async function morning(installationId: string) {
      let clock = Date.now();
      const t = await setup({ now: () => clock, feedLive: () => true, installationId });
      await t.service.onSessionChanged();
      clock += LIVE_FULL_REFRESH_MS + 4 * 60 * MINUTE;
      t.calls.length = 0;
      return { t, later: (ms: number) => (clock += ms) };
    }

    it('an installation waits its own spread, the same every morning, at most two alarms, through a worker restart', async () => {
      const { t, later } = await morning(late);
      for (let day = 0; day < 2; day++) {
        await t.service.onAlarm();
        later(10 * MINUTE);
        t.restartWorker();
        await t.service.onAlarm();
        // Nothing meanwhile, not even the safety net's incremental sync: the walk brings all of it.
        expect(t.calls).toEqual([]);
        later(10 * MINUTE);
        await t.service.onAlarm();
        expect([...t.calls].sort()).toEqual(walk);
        t.calls.length = 0;
        later(LIVE_FULL_REFRESH_MS + 4 * 60 * MINUTE - 20 * MINUTE);
      }
    });

    it('another installation of the account walks at its first alarm', async () => {
      const { t } = await morning(early);
      await t.service.onAlarm();
      expect([...t.calls].sort()).toEqual(walk);
    });

    it('a Fieldside page opened while the walk waits walks at once; an opening syncs nothing otherwise', async () => {
      const { t, later } = await morning(late);
      await t.service.onAlarm();
      expect(t.calls).toEqual([]);
      await t.service.onViewOpened();
      expect([...t.calls].sort()).toEqual(walk);
      t.calls.length = 0;
      later(10 * MINUTE);
      await t.service.onViewOpened();
      await t.service.onAlarm();
      expect(t.calls).toEqual([]);
    });

    it('installations are spread evenly over the window', () => {
      const spreads = range(0, 600).map((n) => morningSpreadMs(`${n}-${n * 7919}`));
      expect(Math.min(...spreads)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...spreads)).toBeLessThan(MORNING_SPREAD_MS);
      for (let third = 0; third < 3; third++) {
        const inThird = spreads.filter((s) => Math.floor((3 * s) / MORNING_SPREAD_MS) === third).length;
        expect(inThird).toBeGreaterThan(150);
      }
    });
  });

  it('a feed that stayed connected since the last sync makes the safety net rarer; a break is polled, and the poll counts as that sync', async () => {
    let clock = Date.now();
    let live = false;
    const t = await setup({ scope: keyOf('all', 'api_key'), now: () => clock, feedLive: () => live });
    const alarmsFor = async (ms: number) => {
      for (let waited = 0; waited < ms; waited += 10 * 60_000) {
        clock += 10 * 60_000;
        await t.service.onAlarm();
      }
    };
    // The morning: the sync runs as the worker starts, its feed connects and is found live at the next alarm.
    await t.service.onSessionChanged();
    live = true;
    t.calls.length = 0;
    // Live without a break since that sync, though every third alarm starts a new worker whose feed is not connected
    // yet (the browser stops its worker now and then): no safety net at four hours, one at twelve.
    for (let alarm = 1; alarm <= (SAFETY_NET_MS + 30 * 60_000) / (10 * 60_000); alarm++) {
      live = alarm % 3 !== 0;
      clock += 10 * 60_000;
      await t.service.onAlarm();
    }
    live = true;
    expect(t.calls).toEqual([]);
    await alarmsFor(SAFETY_NET_UNBROKEN_MS - SAFETY_NET_MS - 60 * 60_000);
    expect(t.calls).toEqual([]);
    await alarmsFor(60 * 60_000);
    expect([...t.calls].sort()).toEqual(['company filtered', 'job filtered']);
    t.calls.length = 0;
    // The feed drops for longer than the grace: the alarm polls while it is gone.
    live = false;
    await alarmsFor(FEED_LIVE_GRACE_MS + 10 * 60_000);
    expect(t.calls).toEqual(expect.arrayContaining(['job filtered']));
    // Back: the last poll is the sync it stayed connected since.
    live = true;
    const polled = t.calls.length;
    await alarmsFor(SAFETY_NET_MS + 30 * 60_000);
    expect(t.calls.length).toBe(polled);
    // Seen live long after the last sync (no alarm ran between): the four-hour net.
    clock += SAFETY_NET_UNBROKEN_MS - SAFETY_NET_MS;
    await t.service.onAlarm();
    expect(t.calls.length).toBeGreaterThan(polled);
  });

  it('a worker started by the alarm itself, its feed not reconnected yet, does not poll while an alarm saw the feed live lately', async () => {
    let clock = Date.now();
    let live = true;
    const t = await setup({ now: () => clock, feedLive: () => live });
    await t.service.onSessionChanged();
    for (let alarm = 0; alarm < 6; alarm++) {
      clock += 10 * 60_000;
      await t.service.onAlarm(); // live: remembered
    }
    t.calls.length = 0;
    // The browser stopped the worker; the next alarm starts a new one, whose feed is still connecting, with
    // the hourly full refresh past due.
    t.restartWorker();
    live = false;
    clock += 10 * 60_000;
    await t.service.onAlarm();
    expect(t.calls).toEqual([]);
    // The feed never came back: the alarm after polls (here the refresh that was due).
    t.restartWorker();
    clock += 10 * 60_000;
    expect(clock - 20 * 60_000 + FEED_LIVE_GRACE_MS).toBeLessThan(clock);
    await t.service.onAlarm();
    expect([...t.calls].sort()).toEqual(['company filtered', 'job']);
  });

  it('the schedule may wait on an asynchronous answer of whether the feed is live (no poll when it is)', async () => {
    let clock = Date.now();
    let woken = 0;
    const t = await setup({
      now: () => clock,
      feedLive: async () => (await new Promise((r) => setTimeout(r, 5)), ++woken > 0),
    });
    await t.service.onSessionChanged();
    t.calls.length = 0;
    t.restartWorker();
    clock += 70 * 60_000; // past the hourly refresh
    await t.service.onAlarm();
    expect(woken).toBe(1);
    expect(t.calls).toEqual([]);
  });

  it('an API-key view (whole account) never needs the hourly full refresh', async () => {
    let clock = 1_000_000;
    const t = await setup({ scope: keyOf('all', 'api_key'), now: () => clock });
    await t.service.onSessionChanged();
    clock += 2 * FULL_REFRESH_MS;
    t.calls.length = 0;
    await t.service.onAlarm();
    expect(t.calls.every((c) => c.endsWith('filtered'))).toBe(true);
  });

  it('a passing failure is kept in the status in words and retried by itself', async () => {
    let failing = true;
    const t = await setup({ failJobs: () => failing });
    await t.service.onSessionChanged();
    const status = await t.service.status();
    expect(status.phase).toBe('error');
    expect(status.lastError).toMatch(/platform had an error/);
    expect(t.timers).toHaveLength(1);
    failing = false;
    t.timers[0]!.fn();
    await expect.poll(async () => (await t.service.status()).jobs).toBe(40);
    expect((await t.service.status()).lastError).toBeNull();
  });

  describe("after the platform's daily limit", () => {
    const dailyLimit = () =>
      new ApiError('RateLimitedError', 'GET /api_1.0/job.json: 429 Number of allowed API requests per day exceeded', {
        status: 429,
        limitWindow: 'day',
      });

    it('holds automatic syncs back until the next midnight UTC or an hour, whichever comes first', () => {
      const at = Date.UTC(2026, 10, 21, 9, 15);
      expect(dailyLimitHoldUntil(at)).toBe(at + 60 * 60_000);
      expect(dailyLimitHoldUntil(Date.UTC(2026, 10, 21, 23, 40))).toBe(Date.UTC(2026, 10, 22));
    });

    it('says so in words, schedules no retry, and the alarm leaves the platform alone until the hold ends, even in a restarted worker', async () => {
      let clock = Date.UTC(2026, 10, 21, 9, 0);
      let failure: Error | false = false;
      const t = await setup({ now: () => clock, failJobs: () => failure });
      await t.service.onSessionChanged();
      failure = dailyLimit();
      clock += 10 * 60_000;
      await t.service.onAlarm();
      const status = await t.service.status();
      expect(status.phase).toBe('error');
      expect(status.lastError).toMatch(/daily allowance of requests/);
      expect(t.timers).toHaveLength(0); // a retry in seconds cannot help
      // Every page is told, and until when: the platform's next day, midnight UTC.
      const nextDay = Date.UTC(2026, 10, 22);
      expect(status.dailyLimitUntil).toBe(nextDay);
      const pushed = t.events.filter((e) => e.type === 'sync.status').at(-1);
      expect(pushed?.type === 'sync.status' && pushed.status.dailyLimitUntil).toBe(nextDay);

      t.calls.length = 0;
      t.restartWorker(); // the worker is usually stopped between alarms: the hold must outlive it
      for (const minutes of [10, 20, 30, 40, 50]) {
        clock = Date.UTC(2026, 10, 21, 9, 10 + minutes);
        await t.service.onAlarm();
      }
      expect(t.calls).toEqual([]);

      failure = false;
      clock = Date.UTC(2026, 10, 21, 10, 10); // an hour after the failure: one alarm sync checks
      await t.service.onAlarm();
      expect(t.calls.some((c) => c.startsWith('job'))).toBe(true);
      expect((await t.service.status()).lastError).toBeNull();
      expect((await t.service.status()).dailyLimitUntil).toBeNull();
      const cleared = t.events.filter((e) => e.type === 'sync.status').at(-1);
      expect(cleared?.type === 'sync.status' && cleared.status.dailyLimitUntil).toBeNull();
    });

    it("met by another of the account's requests (not a sync): the pages are told and the alarm holds back alike", async () => {
      let clock = Date.UTC(2026, 10, 21, 9, 0);
      const t = await setup({ now: () => clock });
      await t.service.onSessionChanged();
      t.calls.length = 0;
      await t.service.dailyLimitReached();
      const nextDay = Date.UTC(2026, 10, 22);
      const pushed = t.events.filter((e) => e.type === 'sync.status').at(-1);
      expect(pushed?.type === 'sync.status' && pushed.status.dailyLimitUntil).toBe(nextDay);
      expect((await t.service.status()).dailyLimitUntil).toBe(nextDay);
      clock += 10 * 60_000;
      await t.service.onAlarm();
      expect(t.calls).toEqual([]);
    });

    it('start-up holds back too; a sync asked for on demand still runs; success lifts the hold', async () => {
      let clock = Date.UTC(2026, 10, 21, 23, 30);
      let failure: Error | false = dailyLimit();
      const t = await setup({ now: () => clock, failJobs: () => failure });
      await t.service.runAndWait('auto'); // the first sync fails: start-up would normally resume it
      t.calls.length = 0;
      clock = Date.UTC(2026, 10, 21, 23, 50);
      t.restartWorker();
      await t.service.onStartup();
      await t.service.onAlarm();
      expect(t.calls).toEqual([]);

      await t.service.runAndWait('incremental'); // on demand: the user may know better (and it costs one request)
      expect(t.calls).toContain('job');
      expect(t.timers).toHaveLength(0);

      // The hold ends at midnight UTC (before the hour is up); the platform's day has turned.
      failure = false;
      clock = Date.UTC(2026, 10, 22, 0, 0, 30);
      t.calls.length = 0;
      await t.service.onAlarm();
      expect(t.calls).toContain('job');
      expect((await t.service.status()).phase).toBe('idle');
      expect([...t.holds]).toEqual([[expect.stringContaining('acct'), 0]]);
      clock += 10 * 60_000;
      t.calls.length = 0;
      await t.service.onAlarm(); // no hold left
      expect(t.calls.length).toBeGreaterThan(0);
    });
  });

  it('sync.run answers at once with the status of the sync it started', async () => {
    const t = await setup();
    const answer = await t.service.run('incremental');
    expect(['full', 'idle']).toContain(answer.phase);
    await t.service.runAndWait('auto');
    expect((await t.service.status()).jobs).toBe(40);
  });
});
