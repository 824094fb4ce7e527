// The full sync against its floor, in rounds: floor, sync, floor, sync, …, floor. Each sync (from a fresh cache) is
// compared with the mean of the two floor runs beside it, and the round of median ratio is the row's figure. On a
// shared machine the load moves within a run by more than the goal's margin (one run's two floors differed by 0.24
// s of 2.1-2.3), so a sync is held to the floor of the same seconds rather than to the fastest floor of the run;
// the webhook intake's rows are measured the same way (bench/webhooks.ts). Every round is printed.
import { cpuBetween, PAGE_THREAD, WORKER_THREAD, type ThreadCpu } from './thread-cpu';
import { customersAfterSync } from './customers-stored';
import { REQUEST_WINDOW_MS, sendFrom, timedSync, type BenchPage } from './full-sync';
import type { WalkMarksReader } from './walk-marks';
import { DEFAULT_PER_MINUTE } from '../../lib/api/rate-limiter';
import type { Stack } from '../../tests/e2e/support/stack';
import { cacheName, contentHash, readCachedJobs, serverHash } from '../../tests/e2e/support/sync';

declare const __fieldsideBench: any;

type Sync = Awaited<ReturnType<typeof timedSync>>;
type Floor = { ms: number; pages: number };

export interface SyncRound {
  sync: Sync;
  /** The floor runs beside this sync: the one before it (before the sign-out and pause that start every round but
   * the first) and the one after it. */
  floors: [Floor, Floor];
  /** The sync over the mean of its two floors. */
  ratio: number;
  /** CPU ms of the worker thread over the sync, and of the page thread over each floor (Chromium only). */
  cpu: { sync: number; floors: [number, number] } | null;
  /** From "synced" until the customers were stored (the background's work after the sync). */
  customersMs: number;
}

export type FullSyncRun = Awaited<ReturnType<typeof measureFullSync>>;

/** `rounds` full syncs, each from a fresh cache, between floor runs in `page` (an extension page with the probe
 * evaluated); `since`: the last synced time of an earlier run (0 for none); `cpu`, `marks`: the threads' CPU and the
 * worker's walk marks (Chromium), for the CPU row and the split. */
export async function measureFullSync(
  page: BenchPage,
  stack: Stack,
  since: number,
  opts: { rounds: number; cpu?: (() => ThreadCpu) | null; marks?: WalkMarksReader | null },
) {
  const { cpu, marks } = opts;
  const base = stack.emulator.info.base_url;
  const key = stack.account.api_key;
  const pageSize = (await stack.emulator.control.switches()).pageSize;
  const cache = cacheName(stack.account.uuid, 'all');
  // CPU of one thread over one step: the floor's page thread, the sync's worker thread (null without `cpu`).
  const threadMs = async <T>(thread: string, step: () => Promise<T>): Promise<[T, number | null]> => {
    const before = cpu?.();
    const value = await step();
    return [value, before === undefined ? null : cpuBetween(before, cpu!(), thread)];
  };
  const floor = () =>
    threadMs(PAGE_THREAD, () =>
      page.evaluate(([b, k]) => __fieldsideBench.floor(b, k, 'fieldside-bench-floor') as Promise<Floor>, [
        base,
        key,
      ] as const),
    );
  const requests = async () => (await stack.emulator.control.stats()).requests;

  const floors: Array<[Floor, number | null]> = [await floor()];
  const syncs: Array<{ sync: Sync; cpu: number | null; customersMs: number }> = [];
  // The client keeps the platform's 180 requests in any minute (lib/api/rate-limiter.ts): a sync that would not fit
  // in the window of the ones before it waits for that window to pass first, or it would time the limiter.
  let windowStart = 0;
  let inWindow = 0;
  let lastSynced = since;
  for (let round = 0; round < opts.rounds; round++) {
    if (round > 0) {
      const signedOut = await sendFrom(page, 'session.signOut');
      if (!signedOut.ok) throw new Error(`sign-out failed: ${signedOut.error?.message}`);
      // Chromium compacts the deleted cache in the background for seconds.
      const perSync = inWindow / round;
      const clearAt = inWindow + perSync > DEFAULT_PER_MINUTE - 10 ? windowStart + REQUEST_WINDOW_MS : 0;
      await new Promise((r) => setTimeout(r, Math.max(5000, clearAt - Date.now())));
      if (clearAt > 0) inWindow = 0;
    }
    // The window's requests are counted from its first sync's start.
    if (inWindow === 0) windowStart = Date.now();
    const requestsBefore = await requests();
    const [sync, syncCpu] = await threadMs(WORKER_THREAD, () => timedSync(page, stack, lastSynced, marks));
    lastSynced = sync.status.lastSyncedAt as number;
    // The next floor runs once the background's work after "synced" is done, as the first ran before any.
    const customersMs = await customersAfterSync(page, cache);
    inWindow += (await requests()) - requestsBefore;
    syncs.push({ sync, cpu: syncCpu, customersMs });
    floors[round + 1] = await floor();
  }
  const rounds: SyncRound[] = syncs.map((s, i) => {
    const [before, after] = [floors[i]!, floors[i + 1]!];
    return {
      sync: s.sync,
      floors: [before[0], after[0]],
      ratio: s.sync.ms / ((before[0].ms + after[0].ms) / 2),
      cpu: s.cpu === null ? null : { sync: s.cpu, floors: [before[1]!, after[1]!] },
      customersMs: s.customersMs,
    };
  });
  // The round of median ratio (the upper middle of an even count).
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[rounds.length >> 1]!;
  return { pageSize, rounds, median, full: median.sync, floorMs: (median.floors[0].ms + median.floors[1].ms) / 2 };
}

export type SyncChecks = Awaited<ReturnType<typeof checkFullSync>>;

/** The bench's own work after the rounds, apart so that a caller can time what a person meets first (Firefox's popup
 * openings): lib/cache's sync in the page without the worker (the pipeline's cost apart from the worker's), and the
 * cache read whole into the page and handed to the driver to be compared with the server. */
export async function checkFullSync(page: BenchPage, stack: Stack) {
  const base = stack.emulator.info.base_url;
  const key = stack.account.api_key;
  const pipe = await page.evaluate(([b, k]) => __fieldsideBench.pipeline(b, k, 'fieldside-bench-pipeline'), [
    base,
    key,
  ] as const);
  const cached = contentHash(await readCachedJobs(page, cacheName(stack.account.uuid, 'all')));
  const server = serverHash(await stack.emulator.control.listRecords(stack.account.uuid, 'job'));
  return { pipe, cached, server };
}
