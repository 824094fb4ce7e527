import { isDailyRateLimit } from '../../api/errors';
import type { SyncState } from '../store/sync-state';
import type { CacheSync } from './cache-sync';
import { describeSyncError, isPassing, isQuotaExceeded } from './errors';
import type { LiveEvent, SyncStatus } from '../../messaging/views';
import type { TimesStore } from './sync-times';
import { createDailyLimitHold } from './daily-limit';
import { createFeedLiveMemory, FEED_LIVE_GRACE_MS } from './feed-live';
import { signedOutStatus, toSyncStatus } from './sync-status';
import type { LiveHub } from '../../messaging/live-hub';
import { impersonates, workspaceId, type WorkspaceKey } from '../../settings/workspace-key';

// When the background syncs: after sign-in and whenever "who are you" changes the workspace (a full
// sync into that workspace's cache), at worker start-up (resuming a cut-off full sync), on the
// periodic alarm (incremental; now and then a full refresh for an impersonated workspace, because
// allocating a job to someone does not change its edit_date) and on demand. Progress goes to every
// open page over the live hub; failures are kept in the sync state in words, never thrown away.
//
// The platform's daily limit (20,000 requests per app per account, shared by every Fieldside user of
// the account) is the one failure that waiting minutes cannot fix: after it, the automatic syncs
// (alarm, start-up, retries) hold back until the next window, while the on-demand ones still run.

/** A staff member's workspace is walked in full this often: incremental sync misses allocation changes. */
export const FULL_REFRESH_MS = 60 * 60_000;

/** While the live feed is connected it replaces polling: the periodic alarm syncs only when the last sync
 * is older than this (a safety net for changes whose webhook never came). */
export const SAFETY_NET_MS = 4 * 60 * 60_000;

/** The safety net when the feed stayed connected since the last sync (found live within FEED_LIVE_GRACE_MS of it,
 * and no break longer than that since): every change since reached the cache through the feed (a worker restarted
 * meanwhile catches up from its saved position), or its gap detection synced at once; a break is polled for. What
 * is left to catch is a webhook the platform never sent, and a customer's renamed company (no webhook): that waits
 * for the next morning's walk, or for a break of the feed (docs/api-budget.md). */
export const SAFETY_NET_UNBROKEN_MS = 12 * 60 * 60_000;

/** While the live feed is connected, a staff member's view is walked in full once a day (the morning's first
 * alarm): the feed brings new jobs and visits as they happen, and what it cannot say (an allocation without a
 * time, which has no webhook; a visit moved away from someone) waits for the next morning. */
export const LIVE_FULL_REFRESH_MS = 20 * 60 * 60_000;

/** What the schedule needs of the current workspace (lib/workspace's, given as it is). */
export interface ScheduledWorkspace {
  key(): Promise<WorkspaceKey | null>;
  sync(): Promise<CacheSync>;
  /** The outbox, for the count of writes waiting shown beside the sync status. */
  outbox(): Promise<{ count(): Promise<number> }>;
  close(): Promise<void>;
}

export interface SyncScheduleDeps {
  workspace: ScheduledWorkspace;
  hub: LiveHub;
  online?: () => boolean;
  now?: () => number;
  /** When the last full refresh of a workspace finished (persisted so it survives the worker). */
  lastFullRefresh: TimesStore;
  /** Until when automatic syncs of an account hold back after the platform's daily limit (persisted
   * for the same reason: the worker is usually stopped between two alarms). */
  dailyLimitHold: TimesStore;
  /** When an alarm last found the feed live, per workspace (persisted: see feed-live.ts). */
  feedLiveSeen?: TimesStore;
  log?: (message: string, error: unknown) => void;
  /** Delay before retrying a sync that failed for a passing reason (network, 5xx, the per-minute 429); default 2 s doubling to 2 min. */
  retryDelayMs?: (attempt: number) => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  /** Whether the live feed is connected: then the alarm's incremental sync and full refresh wait for the
   * safety net (SAFETY_NET_MS), because every change reaches the cache through the feed. May wait for the
   * feed to wake first: a worker is often started by the very alarm that asks. */
  feedLive?: () => boolean | Promise<boolean>;
  /** After every sync that finished: work that follows from a fresh cache (the popup's first screen). */
  afterSync?: (key: WorkspaceKey, sync: CacheSync) => Promise<void>;
}

/** The workspace and its granted scopes: a change of either may need a sync. */
function grantId(key: WorkspaceKey): string {
  return `${workspaceId(key)}#${[...key.scopes].sort().join(' ')}`;
}
function withoutScopes(grant: string): string {
  return grant.slice(0, grant.indexOf('#'));
}

export function createSyncSchedule(deps: SyncScheduleDeps) {
  const online = deps.online ?? (() => globalThis.navigator?.onLine ?? true);
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message, error) => console.warn(`Fieldside: ${message}`, error));
  let knownGrant: string | null | undefined;
  const retryDelay = deps.retryDelayMs ?? ((attempt: number) => Math.min(2_000 * 2 ** attempt, 120_000));
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const limit = createDailyLimitHold({ store: deps.dailyLimitHold, now });
  const feedCountsLive = createFeedLiveMemory({
    ...(deps.feedLive ? { feedLive: deps.feedLive } : {}),
    ...(deps.feedLiveSeen ? { seen: deps.feedLiveSeen } : {}),
    now,
  });
  let retries = 0;
  let retryPending = false;

  /** A passing failure: try again by ourselves (the alarm is 10 minutes away), a few times. */
  function scheduleRetry(kind: 'auto' | 'full' | 'incremental', key: WorkspaceKey): void {
    if (retryPending || retries >= 6) return;
    retryPending = true;
    setTimer(() => {
      retryPending = false;
      retries++;
      void deps.workspace
        .key()
        .then((now) => (now && workspaceId(now) === workspaceId(key) ? runAutomatic(kind, now) : null));
    }, retryDelay(retries));
  }

  /** A sync nobody asked for just now (alarm, start-up, retry): not while the daily limit holds. */
  async function runAutomatic(kind: 'auto' | 'full' | 'incremental', key: WorkspaceKey): Promise<SyncState | null> {
    if (await limit.holds(key)) return null;
    return runToEnd(kind, key);
  }

  // The last outbox count seen, for the pushes made from sync progress (which must not wait on it).
  let lastPending = 0;
  async function pendingWrites(): Promise<number> {
    try {
      lastPending = await (await deps.workspace.outbox()).count();
    } catch {
      lastPending = 0;
    }
    return lastPending;
  }

  async function status(): Promise<SyncStatus> {
    const key = await deps.workspace.key();
    if (!key) return signedOutStatus(online());
    const sync = await deps.workspace.sync();
    return toSyncStatus(await sync.state(), {
      online: online(),
      pendingWrites: await pendingWrites(),
      dailyLimitUntil: await limit.until(key),
    });
  }

  /** Pushes a state to every open page (called from the workspace's onProgress). */
  function publish(state: SyncState, pending = lastPending): void {
    const event: LiveEvent = {
      type: 'sync.status',
      status: toSyncStatus(state, { online: online(), pendingWrites: pending, dailyLimitUntil: limit.known() }),
    };
    deps.hub.broadcast(event);
  }

  /** Runs a sync to its end; failures end up in the state (and the log), not in the caller. */
  async function runToEnd(kind: 'auto' | 'full' | 'incremental', key: WorkspaceKey): Promise<SyncState | null> {
    let sync: CacheSync;
    try {
      sync = await deps.workspace.sync();
    } catch (error) {
      log('could not open the job cache', error);
      return null;
    }
    try {
      const state = await (kind === 'auto' ? sync.run() : kind === 'full' ? sync.full() : sync.incremental());
      if (kind === 'full' || state.phase === 'idle') await markFullIfDone(kind, key, state);
      // The platform answered again: the day has turned, and the pages are told.
      if (await limit.clear(key)) publish(state);
      retries = 0;
      await deps.afterSync?.(key, sync).catch((error: unknown) => log('could not prepare the popup', error));
      return state;
    } catch (error) {
      // The sync stored the error in words (quota, network, sign-in) and published it already.
      log(
        isQuotaExceeded(error) ? 'the job cache is out of storage space' : `sync failed: ${describeSyncError(error)}`,
        error,
      );
      if (isDailyRateLimit(error)) await limit.reached(key);
      publish(await sync.state(), await pendingWrites());
      if (isDailyRateLimit(error)) return null;
      if (isPassing(error)) scheduleRetry(kind === 'full' ? 'full' : 'auto', key);
      return null;
    }
  }

  async function markFullIfDone(kind: string, key: WorkspaceKey, _state: SyncState): Promise<void> {
    if (kind === 'full') await deps.lastFullRefresh.set(workspaceId(key), now());
    else if ((await deps.lastFullRefresh.get(workspaceId(key))) === null)
      await deps.lastFullRefresh.set(workspaceId(key), now());
  }

  async function withWorkspace<T>(fn: (key: WorkspaceKey) => Promise<T>): Promise<T | null> {
    const key = await deps.workspace.key();
    return key ? fn(key) : null;
  }

  return {
    status,
    publish,
    /** See SyncStatus.dailyLimitUntil. */
    dailyLimitUntil: async () => limit.until(await deps.workspace.key()),

    /** Another of the account's requests met the daily limit (a sign-in's reads, "view as", a write): automatic
     * syncs hold back as after a sync that met it, and every page is told until when. */
    async dailyLimitReached(): Promise<void> {
      await withWorkspace(async (key) => {
        await limit.reached(key);
        publish(await (await deps.workspace.sync()).state(), await pendingWrites());
      });
    },

    /** On demand ("sync.run"): starts the sync and answers at once with the status. */
    async run(mode: 'incremental' | 'full'): Promise<SyncStatus> {
      const key = await deps.workspace.key();
      if (!key) return signedOutStatus(online());
      const sync = await deps.workspace.sync();
      const done = runToEnd(mode, key);
      // Let the sync take its first step (phase "full"/"incremental") before answering.
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 0))]);
      return toSyncStatus(await sync.state(), { online: online(), pendingWrites: await pendingWrites() });
    },

    /** Runs a sync and waits for it (tests, the alarm). */
    runAndWait: (mode: 'auto' | 'incremental' | 'full') => withWorkspace((key) => runToEnd(mode, key)),

    /** The periodic alarm: incremental, or a full refresh when an impersonated workspace is due one. */
    async onAlarm(): Promise<void> {
      await withWorkspace(async (key) => {
        const staffView = impersonates(key);
        const last = await deps.lastFullRefresh.get(workspaceId(key));
        const { live, since } = await feedCountsLive(workspaceId(key));
        const due = staffView && last !== null && now() - last >= (live ? LIVE_FULL_REFRESH_MS : FULL_REFRESH_MS);
        if (live && !due) {
          const synced = (await (await deps.workspace.sync()).state()).lastSyncedAt;
          // Found live within the grace after the sync (the morning's first alarm starts the worker and syncs before
          // its feed connects), and so ever since.
          const unbroken = since !== null && synced !== null && since - synced <= FEED_LIVE_GRACE_MS;
          const net = unbroken ? SAFETY_NET_UNBROKEN_MS : SAFETY_NET_MS;
          if (synced !== null && now() - synced < net) return null;
        }
        return runAutomatic(due ? 'full' : 'incremental', key);
      });
    },

    /** Worker start-up: resume a cut-off full sync (or do the first one). */
    async onStartup(): Promise<void> {
      await withWorkspace(async (key) => {
        knownGrant = grantId(key);
        const sync = await deps.workspace.sync();
        const state = await sync.state();
        // Never finished (interrupted, or never started): go on now. Otherwise the alarm keeps it fresh.
        if (state.lastSyncedAt === null) return runAutomatic('auto', key);
        return null;
      });
    },

    /** Sign-out (before its caches are deleted): close the workspace and forget it, so the next
     * sign-in, even into the same workspace, starts a sync of its own. */
    async onSignedOut(): Promise<void> {
      knownGrant = null;
      await deps.workspace.close();
    },

    /** The session changed (sign-in, sign-out, "who are you"): a new workspace syncs in full at once. */
    async onSessionChanged(): Promise<void> {
      const key = await deps.workspace.key();
      const grant = key ? grantId(key) : null;
      if (grant === knownGrant) return;
      const before = knownGrant;
      knownGrant = grant;
      // Same workspace, more scopes (incremental authorisation, e.g. quick search's read_customers): a
      // sync that failed for want of them goes on; nothing is closed.
      if (key && grant !== null && before && withoutScopes(before) === withoutScopes(grant)) {
        await runToEnd('auto', key);
        return;
      }
      await deps.workspace.close();
      deps.hub.broadcast({ type: 'session.changed' });
      if (!key) {
        deps.hub.broadcast({ type: 'sync.status', status: signedOutStatus(online()) });
        return;
      }
      await runToEnd('auto', key);
    },
  };
}
export type SyncSchedule = ReturnType<typeof createSyncSchedule>;
