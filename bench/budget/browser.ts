import { createPlatformClient, type PlatformClient } from '../../lib/api/client';
import { createRateLimiter } from '../../lib/api/rate-limiter';
import type { Job } from '../../lib/api/schemas';
import { createCacheSync, openCacheDb, openJobCache, type CacheSync, type JobCache } from '../../lib/cache';
import { createSyncSchedule, type SyncSchedule } from '../../lib/cache/sync/schedule';
import type { TimesStore } from '../../lib/cache/sync/sync-times';
import { createFeedClient, type FeedClient } from '../../lib/live-updates/feed-client';
import type { FeedChange } from '../../lib/live-updates/types';
import { createFeedService, type FeedService, type SavedPosition } from '../../lib/live-updates/feed-service';
import type { LiveEvent } from '../../lib/messaging/views';
import { createOutbox, type Outbox } from '../../lib/outbox';
import { createOutboxRunner } from '../../lib/outbox/runner';
import { createFileStore } from '../../lib/outbox/files';
import { createNotifier } from '../../lib/notifications/notifier';
import { createOutboxWrites, type OutboxWrites } from '../../lib/outbox/writes';
import { workspaceId, type WorkspaceKey } from '../../lib/settings/workspace-key';
import { createCustomerUse } from '../../lib/cache/sync/customer-use';
import type { Cause, RequestCounter } from './causes';
import { startMyDay } from './my-day';
import type { BrowserTokens } from './sign-in';

// One person's Fieldside, as its background runs it: the real sync schedule, cache sync, live feed service
// and outbox over fake-indexeddb, with their own platform clients (each counting under its cause). What
// survives a service-worker restart here is what survives one in the browser: the cache, the outbox, the
// saved feed position and the schedule's stored times; the services themselves are made anew.

export const SCOPES = [
  'vendor',
  'read_jobs',
  'read_customers',
  'read_job_notes',
  'publish_job_notes',
  'manage_badges',
  'read_staff',
  'read_security_roles',
  'read_schedule',
  // "My day"'s whom to call, which sign-in asks for with the schedule (lib/auth/sign-in-scopes.ts).
  'read_customer_contacts',
  'read_job_contacts',
  'manage_schedule',
  'manage_jobs',
  'read_attachments',
  'manage_attachments',
];

/** A photo's bytes: a 1×1 PNG (the size of a photo changes nothing the budget counts). */
const PHOTO = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);

/** A settle re-read waits a second of real time in the browser; the simulated minute passes in a fraction of
 * one, so the bench shortens it (the count of follow-ups is the same: every live change gets one). */
const BENCH_SETTLE_MS = 120;

export interface BrowserWorld {
  index: number;
  accountUuid: string;
  staffUuid: string;
  role: 'administrator' | 'office' | 'technician';
  /** Searched customers lately (people.ts): its syncs keep the contacts, as the extension's do for such a person. */
  searchesCustomers: boolean;
  baseUrl: string;
  companionUrl: string;
  counter: RequestCounter;
  /** The platform's (simulated) time. */
  now: () => number;
  /** Signs the browser in through the companion, which then refreshes its tokens (sign-in.ts). */
  signIn: () => Promise<BrowserTokens>;
  /** Jobs this person's open pages show (side panel, the job open in the web app). */
  shown: () => ReadonlySet<string>;
  /** Every job put into this browser's cache outside a sync, with the real time it arrived. */
  onUpsert: (browser: number, jobs: readonly Job[]) => void;
  /** Every change the companion delivered to this browser with a record, as it arrives. */
  onRecord: (browser: number, change: FeedChange) => void;
}

/** The feed client, telling `onRecord` of every change that came with a record (live or caught up). */
function watchedFeed(feed: FeedClient, onRecord: (change: FeedChange) => void): FeedClient {
  const seen = (change: FeedChange) => {
    if (change.record !== undefined) onRecord(change);
  };
  return {
    ...feed,
    async read(after, limit) {
      const page = await feed.read(after, limit);
      page.changes.forEach(seen);
      return page;
    },
    stream: (after, signal, handlers) =>
      feed.stream(after, signal, { ...handlers, onChange: (change) => (seen(change), handlers.onChange(change)) }),
  };
}

function memoryTimes(): TimesStore {
  const times = new Map<string, number>();
  return { get: async (k) => times.get(k) ?? null, set: async (k, at) => void times.set(k, at) };
}

export interface SimBrowser {
  world: BrowserWorld;
  cache: JobCache;
  feed: FeedService;
  schedule: SyncSchedule;
  writes: OutboxWrites;
  /** Acting on a visit as the side panel does (lib/side-panel/visit-actions.ts): the same outbox kinds. */
  visit: {
    arrive(job: string): Promise<void>;
    photo(job: string): Promise<void>;
    done(job: string): Promise<void>;
  };
  /** Notifications the person was shown today (being told of work, turned on all day). */
  notices(): number;
  /** The sync alarm: the schedule's, and the day reads' (once per account day: the background asks at each). */
  onAlarm(): Promise<void>;
  /** Sends what the outbox holds now (the runner does this by itself after each write). */
  flushWrites(): Promise<void>;
  /** The service worker stops and starts again: new services over the same stored state. */
  restartWorker(): Promise<void>;
  idle(): Promise<void>;
  stop(): void;
  /** Claims a pairing code from the job card (the person confirmed it): answers the staff member it names. */
  pair(code: string): Promise<string>;
}

export async function openBrowser(world: BrowserWorld): Promise<SimBrowser> {
  const tokens = await world.signIn();
  const access = { getAccessToken: () => tokens.current(), onUnauthorized: () => tokens.renew() };
  // One limiter per browser, shared by its clients, as the background shares one per account. Its window is
  // real time, and the bench passes a simulated minute in a fraction of a second, so its limit is lifted:
  // the platform's minute is measured at the emulator instead (the peak per minute).
  const limiter = createRateLimiter({ perMinute: 1_000_000 });
  const clientFor = (cause: () => Cause): PlatformClient =>
    createPlatformClient({
      baseUrl: world.baseUrl,
      auth: { kind: 'oauth', tokens: access },
      impersonateStaffUuid: world.staffUuid,
      limiter,
      fetch: world.counter.fetchFor(cause, `b${world.index}:${world.role}`),
    });

  const cache = await openJobCache(await openCacheDb(`budget-${world.index}`));
  const key: WorkspaceKey = {
    accountUuid: world.accountUuid,
    staffUuid: world.staffUuid,
    baseUrl: world.baseUrl,
    scopes: SCOPES,
    mode: 'oauth',
  };
  const lastFullRefresh = memoryTimes();
  // Who searches customers, as the extension's background keeps it (customer-use.ts): opened yesterday, or never.
  const customerUse = createCustomerUse(memoryTimes(), world.now);
  if (world.searchesCustomers) await customerUse.opened(workspaceId(key));
  const dailyLimitHold = memoryTimes();
  const feedLiveSeen = memoryTimes();
  let position: SavedPosition | null = null;
  const outbox: Outbox = createOutbox({ accountUuid: world.accountUuid, staffUuid: world.staffUuid, now: world.now });
  const files = createFileStore();
  // Being told of work, on all day: what it costs the platform is what this bench is for (nothing, it should be).
  let shownNotices = 0;
  const notifier = createNotifier({
    notifications: { create: async (id) => (shownNotices++, id) },
    iconUrl: 'icon-128.png',
    settings: async () => ({ on: true, from: 0, to: 24 }),
    facts: async () => ({ me: world.staffUuid, myVisits: new Map(), mine: world.shown() as Set<string> }),
    jobWords: async (uuid) => {
      const job = (await cache.getJobs([uuid]))[0];
      return job ? { number: job.generated_job_id, address: job.job_address } : null;
    },
    timeZone: async () => null,
    now: world.now,
  });
  /** The recorded activity of the visit under way, per job. */
  const onSite = new Map<string, string>();
  const localNow = () => new Date(world.now()).toISOString().slice(0, 19).replace('T', ' ');
  const hub = { broadcast: (_event: LiveEvent) => undefined };

  // Yesterday's cache (prepared before the day starts) is complete: its first sync of the day is a refresh.
  let everComplete = (await cache.loadState()).complete;
  let syncPhase: Cause = everComplete ? 'full refresh' : 'first sync';
  let sync: CacheSync;
  let feed: FeedService;
  let schedule: SyncSchedule;
  const reReadClient = clientFor(() => 'live: browsers');
  // The account as the sign-in recorded it (lib/account/platform-reader.ts), read before the day is counted.
  const vendor = await reReadClient.vendor.get();
  const account = { timeZone: vendor.timezone_name || null };
  const dayClient = clientFor(() => 'day: mine');
  let myDay: ReturnType<typeof startMyDay>;
  const keptDays: Parameters<typeof startMyDay>[0]['kept'] = { mine: null, today: null };
  const writeClient = clientFor(() => 'writes');

  const upsertJobs = async (jobs: readonly Job[]) => {
    await sync.upsert(jobs);
    world.onUpsert(world.index, jobs);
  };

  function startServices(): void {
    myDay = startMyDay({ key, client: dayClient, account, now: world.now, kept: keptDays });
    sync = createCacheSync({
      client: clientFor(() => syncPhase),
      cache,
      now: world.now,
      contactsWanted: () => customerUse.wanted(workspaceId(key)),
      onProgress: (state) => {
        if (state.phase === 'full') syncPhase = everComplete ? 'full refresh' : 'first sync';
        else if (state.phase === 'incremental') syncPhase = 'incremental';
        else if (state.phase === 'idle' || state.phase === 'error') {
          if (state.lastSyncedAt !== null) everComplete = true;
          // What a sync asks before it says its phase (the account's time zone; a refresh's changed companies)
          // counts as the next sync's: a refresh once the cache was complete, else the first sync.
          syncPhase = everComplete ? 'full refresh' : 'first sync';
        }
      },
    });
    const workspace = {
      key: async () => key,
      sync: async () => sync,
      outbox: async () => outbox,
      close: async () => undefined,
    };
    schedule = createSyncSchedule({
      workspace,
      hub,
      lastFullRefresh,
      dailyLimitHold,
      feedLiveSeen,
      now: world.now,
      log: () => undefined,
      feedLive: () => feed.state() === 'live',
      // Its morning walk waits this installation's spread, as the extension's does.
      installationId: async () => tokens.installationId,
    });
    feed = createFeedService({
      feed: watchedFeed(
        createFeedClient({
          companionUrl: async () => world.companionUrl,
          accessToken: access.getAccessToken,
          pass: () => tokens.pass(),
        }),
        (change) => world.onRecord(world.index, change),
      ),
      account: async () => ({
        accountUuid: world.accountUuid,
        mode: 'oauth',
        scopes: SCOPES,
        staffUuid: world.staffUuid,
      }),
      resync: () => schedule.runAndWait('incremental'),
      target: {
        client: async () => reReadClient,
        upsertJobs,
        broadcast: () => undefined,
        // As the background answers them (entrypoints/background/live-updates.ts): the jobs in the cache,
        // and notes while a page is open (the person's side panel is open all day).
        holds: async (uuids) => new Map((await cache.getJobs(uuids)).map((j) => [j.uuid, j.edit_date] as const)),
        showsNotes: () => true,
        observe: (changes, held) => void notifier.consider(changes, held),
      },
      loadPosition: async () => position,
      savePosition: async (saved) => void (position = saved),
      settleMs: BENCH_SETTLE_MS,
      report: () => undefined,
    });
  }
  startServices();

  const runner = createOutboxRunner({
    workspace: { key: async () => key, outbox: async () => outbox, client: async () => writeClient, upsertJobs },
    live: hub,
    files,
    onSent: (entry) => notifier.wrote(entry.clientUuid),
    // As the background answers it (entrypoints/background/side-panel.ts).
    knownLive: async (uuid) => feed.state() === 'live' && (await cache.getJob(uuid)) !== undefined,
    alarm: { set: () => undefined, clear: () => undefined },
    settleMs: 20,
  });
  const writes = createOutboxWrites({ outbox: async () => outbox, author: async () => null }, runner);

  const browser: SimBrowser = {
    world,
    cache,
    get feed() {
      return feed;
    },
    get schedule() {
      return schedule;
    },
    writes,
    visit: {
      async arrive(job) {
        const uuid = crypto.randomUUID();
        onSite.set(job, uuid);
        await outbox.enqueue({
          kind: 'activity-start',
          jobUuid: job,
          clientUuid: uuid,
          payload: { staffUuid: world.staffUuid, start: localNow() },
        });
        void runner.resume();
      },
      async photo(job) {
        const uuid = crypto.randomUUID();
        const blob = new Blob([PHOTO], { type: 'image/png' });
        await files.keep({ uuid, blob, name: 'Site.png', type: 'image/png', size: blob.size });
        await outbox.enqueue({
          kind: 'attachment',
          jobUuid: job,
          clientUuid: uuid,
          payload: { name: 'Site.png', fileType: '.png', contentType: 'image/png', size: blob.size },
        });
        void runner.resume();
      },
      async done(job) {
        const activityUuid = onSite.get(job);
        if (!activityUuid) return;
        onSite.delete(job);
        await outbox.enqueue({ kind: 'activity-end', jobUuid: job, payload: { activityUuid, end: localNow() } });
        void runner.resume();
      },
    },
    async onAlarm() {
      await Promise.all([schedule.onAlarm(), myDay.refresh()]);
    },
    notices: () => shownNotices,
    flushWrites: () => runner.flush(),
    async restartWorker() {
      feed.stop();
      await sync.upsert([]).catch(() => undefined);
      startServices();
      // As the background's start (side-panel.ts `resume`): the day reads with the schedule's and the feed's.
      await Promise.all([feed.wake(), schedule.onStartup(), myDay.refresh()]);
    },
    async idle() {
      await feed.idle();
    },
    stop() {
      feed.stop();
    },
    pair: (code) => tokens.pair(code),
  };
  return browser;
}
