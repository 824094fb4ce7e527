// What the sync schedule (schedule.ts) is given: the current workspace, the live hub, the clocks and the stores
// that outlive the worker.
import type { LiveHub } from '../../messaging/live-hub';
import type { WorkspaceKey } from '../../settings/workspace-key';
import type { CacheSync } from './cache-sync';
import type { TimesStore } from './sync-times';

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
  /** Delay before retrying a sync that failed for a passing reason (network, 5xx, the per-minute 429); default
   * 2 s doubling to 2 min. */
  retryDelayMs?: (attempt: number) => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  /** Whether the live feed is connected: then the alarm's incremental sync and full refresh wait for the
   * safety net (SAFETY_NET_MS), because every change reaches the cache through the feed. May wait for the
   * feed to wake first: a worker is often started by the very alarm that asks. */
  feedLive?: () => boolean | Promise<boolean>;
  /** This installation's id (its key's digest): how long its morning walk waits (morning-spread.ts). Without it,
   * none waits. */
  installationId?: () => Promise<string | null>;
  /** After every sync that finished: work that follows from a fresh cache (the popup's first screen). */
  afterSync?: (key: WorkspaceKey, sync: CacheSync) => Promise<void>;
}
