import { isDailyRateLimit } from '../../api/errors';
import type { SyncState } from '../store/sync-state';
import type { CacheSync } from './cache-sync';
import { describeSyncError, isPassing, isQuotaExceeded } from './errors';
import type { SyncStatus } from '../../messaging/views';
import { createDailyLimitHold } from './daily-limit';
import { createFeedLiveMemory, FEED_LIVE_GRACE_MS } from './feed-live';
import { signedOutStatus, toSyncStatus } from './sync-status';
import { paceStatus } from './status-pace';
import { impersonates, workspaceId, type WorkspaceKey } from '../../settings/workspace-key';
import { alarmAction } from './alarm-policy';
import { createMorningSpread, spreadPassed } from './morning-spread';
import { createSyncRetry } from './sync-retry';
import type { SyncScheduleDeps } from './schedule-deps';

export type { ScheduledWorkspace, SyncScheduleDeps } from './schedule-deps';

// When the background syncs: after sign-in and whenever "who are you" changes the workspace (a full
// sync into that workspace's cache), at worker start-up (resuming a cut-off full sync), on the
// periodic alarm (incremental; now and then a full refresh for an impersonated workspace, because
// allocating a job to someone does not change its edit_date) and on demand. Progress goes to every
// open page over the live hub; failures are kept in the sync state in words, never thrown away.
//
// The platform's daily limit (20,000 requests per app per account, shared by every Fieldside user of
// the account) is the one failure that waiting minutes cannot fix: after it, the automatic syncs
// (alarm, start-up, retries) hold back until the next window, while the on-demand ones still run.

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
  const retry = createSyncRetry({
    ...(deps.retryDelayMs ? { delayMs: deps.retryDelayMs } : {}),
    ...(deps.setTimer ? { setTimer: deps.setTimer } : {}),
  });
  const limit = createDailyLimitHold({ store: deps.dailyLimitHold, now });
  const feedCountsLive = createFeedLiveMemory({
    ...(deps.feedLive ? { feedLive: deps.feedLive } : {}),
    ...(deps.feedLiveSeen ? { seen: deps.feedLiveSeen } : {}),
    now,
  });
  const morningWait = createMorningSpread({ store: deps.lastFullRefresh, installationId: deps.installationId, now });
  /** What the alarm does now. */
  async function actionNow(key: WorkspaceKey) {
    const id = workspaceId(key);
    const { live, since } = await feedCountsLive(id);
    const lastFullRefresh = await deps.lastFullRefresh.get(id);
    const wait = impersonates(key) ? await morningWait(id, lastFullRefresh) : null;
    return alarmAction({
      staffView: impersonates(key),
      lastFullRefresh,
      live,
      liveSince: since,
      lastSyncedAt: live ? (await (await deps.workspace.sync()).state()).lastSyncedAt : null,
      graceMs: FEED_LIVE_GRACE_MS,
      morningWalkWaits: wait !== null && !spreadPassed(wait.spreadMs, wait.dueSeenAt, now()),
      now: now(),
    });
  }

  /** A passing failure: try again by ourselves, while it is still the same workspace. */
  function scheduleRetry(kind: 'auto' | 'full' | 'incremental', key: WorkspaceKey): void {
    retry.schedule(
      () =>
        void deps.workspace
          .key()
          .then((now) => (now && workspaceId(now) === workspaceId(key) ? runAutomatic(kind, now) : null)),
    );
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

  const pushStatus = paceStatus((status) => deps.hub.broadcast({ type: 'sync.status', status }));
  /** Pushes a state to every open page (called from the workspace's onProgress); a running sync's progress paced. */
  function publish(state: SyncState, pending = lastPending): void {
    pushStatus(toSyncStatus(state, { online: online(), pendingWrites: pending, dailyLimitUntil: limit.known() }));
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
      if (kind === 'full' || state.phase === 'idle') await markFullIfDone(kind, key);
      // The platform answered again: the day has turned, and the pages are told.
      if (await limit.clear(key)) publish(state);
      retry.succeeded();
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

  async function markFullIfDone(kind: string, key: WorkspaceKey): Promise<void> {
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

    /** The periodic alarm: nothing, incremental, or a full refresh when an impersonated workspace is due one. */
    async onAlarm(): Promise<void> {
      await withWorkspace(async (key) => {
        const action = await actionNow(key);
        return action === 'none' ? null : runAutomatic(action, key);
      });
    },

    /** A Fieldside page opened (popup, side panel): a morning's walk waiting its spread runs now, for the person
     * who looks; nothing else is synced for an opening. */
    async onViewOpened(): Promise<void> {
      await withWorkspace(async (key) => {
        // Not the alarm's liveness memory: an opening is no alarm. A morning's walk is due live or not.
        const id = workspaceId(key);
        const morning = impersonates(key) && (await morningWait(id, await deps.lastFullRefresh.get(id))) !== null;
        return morning ? runAutomatic('full', key) : null;
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
        pushStatus(signedOutStatus(online()));
        return;
      }
      await runToEnd('auto', key);
    },
  };
}
export type SyncSchedule = ReturnType<typeof createSyncSchedule>;
