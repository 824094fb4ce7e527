// What the background reads once per workspace and account day (today's jobs, the person's own):
// session writes come in bursts at sign-in and the sync alarm asks every few minutes, while each read
// spends the account's shared request budget. A failed read is tried again at the next asking.
import { todayIn } from '../locale/days';
import { workspaceId, type WorkspaceKey } from '../settings/workspace-key';

export interface OnceADayDeps {
  key(): Promise<WorkspaceKey | null>;
  /** Whether this workspace has a day (a staff member in view, allowed to read their schedule). */
  hasDay(key: WorkspaceKey): boolean;
  timeZone(): Promise<string | null>;
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
    try {
      await read(key, today, timeZone);
    } catch (error) {
      readFor = null;
      throw error;
    }
  };
}
