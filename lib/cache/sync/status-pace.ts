import type { SyncStatus } from '../../messaging/views';

// How often a running sync's progress goes to the open pages. A full sync stores a page every ~0.1 s; each status
// pushed then is a message to every page registered for it, and some pages answer with a request of their own (the
// options page reads the request budget again). People read a count that moves four times a second as well as
// one that moves ten times; the worker's time is the sync's. Anything but progress goes at once, and a
// progress held back goes at the end of its interval unless something newer went first.

/** The least time between two progress pushes of one running sync. */
export const PROGRESS_EVERY_MS = 250;

/** Fields that only count a running sync's progress: a status differing from the last one sent in these alone can
 * wait. */
const PROGRESS_FIELDS = new Set<keyof SyncStatus>(['pagesDone', 'jobsStored', 'jobs', 'skipped']);

const running = (status: SyncStatus) => status.phase === 'full' || status.phase === 'incremental';

function progressOnly(before: SyncStatus, after: SyncStatus): boolean {
  if (!running(before) || !running(after)) return false;
  for (const field of Object.keys(after) as Array<keyof SyncStatus>) {
    if (!PROGRESS_FIELDS.has(field) && before[field] !== after[field]) return false;
  }
  return true;
}

/** `send` paced: progress of a running sync at most once per `everyMs`, the newest one; everything else at once. */
export function paceStatus(
  send: (status: SyncStatus) => void,
  options: {
    everyMs?: number;
    now?: () => number;
    setTimer?: (fn: () => void, ms: number) => unknown;
  } = {},
): (status: SyncStatus) => void {
  const everyMs = options.everyMs ?? PROGRESS_EVERY_MS;
  const now = options.now ?? (() => performance.now());
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let last: SyncStatus | null = null;
  let lastAt = 0;
  let held: SyncStatus | null = null;
  let timerSet = false;

  const sendNow = (status: SyncStatus) => {
    held = null;
    last = status;
    lastAt = now();
    send(status);
  };
  const sendHeld = () => {
    timerSet = false;
    if (held !== null) sendNow(held);
  };

  return (status) => {
    const wait = lastAt + everyMs - now();
    if (last === null || wait <= 0 || !progressOnly(last, status)) {
      sendNow(status);
      return;
    }
    held = status;
    if (!timerSet) {
      timerSet = true;
      setTimer(sendHeld, wait);
    }
  };
}
