// What the background reads once per workspace and account day (today's jobs, the person's own):
// session writes come in bursts at sign-in and the sync alarm asks every few minutes, while each read
// spends the account's shared request budget. A failed read is tried again at the next asking. What was
// read is published to storage.session, which outlives the worker: a new worker reads only what is not kept.
import { canUseInPart } from '../auth/scopes';
import { cacheDbName } from '../databases';
import { todayIn } from '../locale/days';
import { workspaceId, type WorkspaceKey } from '../settings/workspace-key';

export interface OnceADayDeps {
  key(): Promise<WorkspaceKey | null>;
  /** Whether this workspace has a day (a staff member in view, allowed to read their schedule). */
  hasDay(key: WorkspaceKey): boolean;
  timeZone(): Promise<string | null>;
  /** Whether this workspace's read of `today` is still kept from an earlier worker (storage.session survives a
   * stopped worker, and sign-out clears it): the browser stops the worker many times a day, and each new one
   * would otherwise read the day again. */
  kept?(key: WorkspaceKey, today: string): Promise<boolean>;
  now?: () => number;
}

/** `refresh()` runs `read` for the workspace and the account's today unless it ran for them already,
 * and `none` when there is no workspace with a day. */
export function onceADay(
  deps: OnceADayDeps,
  read: (key: WorkspaceKey, today: string, timeZone: string | null) => Promise<void>,
  none: () => Promise<void>,
): () => Promise<void> {
  const now = deps.now ?? Date.now;
  let readFor: string | null = null;
  return async () => {
    const key = await deps.key();
    if (!key || !deps.hasDay(key)) {
      readFor = null;
      return none();
    }
    const timeZone = await deps.timeZone();
    const today = todayIn(timeZone, now());
    const id = `${workspaceId(key)}|${today}`;
    if (id === readFor) return;
    readFor = id;
    if (await deps.kept?.(key, today).catch(() => false)) return;
    try {
      await read(key, today, timeZone);
    } catch (error) {
      readFor = null;
      throw error;
    }
  };
}

/** `kept` for what a reader publishes naming its workspace's cache and day (today's jobs, the person's own); `reuse`
 * is given what is kept when it is this day's (a new worker's toolbar badge counts the jobs kept). */
export const keptIn =
  <T extends { cacheName: string; day: string }>(
    published: () => Promise<T | null>,
    reuse: (kept: T) => Promise<void> = async () => undefined,
  ) =>
  async (key: WorkspaceKey, today: string): Promise<boolean> => {
    const kept = await published();
    if (kept?.day !== today || kept.cacheName !== cacheDbName(key.accountUuid, key.staffUuid, key.ownView))
      return false;
    await reuse(kept);
    return true;
  };

/** Whether a workspace has a day to read: a staff member in view (not the whole account of an API key), allowed to
 * read their schedule. The background's day readers and the budget bench that plays them ask the same. */
export const hasDay = (key: WorkspaceKey): boolean =>
  key.staffUuid !== 'all' && (key.mode === 'api_key' || canUseInPart('myDay', key.scopes));
