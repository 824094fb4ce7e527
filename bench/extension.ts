// The extension benchmark: headless Chromium with the BUILT extension and the emulator with 100,000
// jobs (API-key mode; the emulator's per-minute limit raised, and a full sync stays under the
// client's own 180-a-minute window, so nothing waits on rate limits). Measured side by side in one
// run: full sync against its floor (the same pages fetched, parsed and stored as segments with no
// application logic, inside the extension's own origin) at the spec's page size, and again at the
// real platform's (a second table, with the background's heap after it), incremental sync of 10
// changed jobs, search per keystroke over 200 queries of the emulator's real data, index build and
// cold load, and gzip sizes. Popup openings: `npm run bench -- popup`; Firefox: `-- firefox`.
// `npm run bench -- extension` (bench/extension/build.ts says which build it loads).
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { createRandom } from '../lib/search/testing/synthetic-docs';
import { launchChromium } from '../tests/e2e/support/chromium';
import { sendFromPage, syncStatus } from './extension/messages';
import { connect } from '../tests/e2e/support/options-page';
import { startStack, type Stack } from '../tests/e2e/support/stack';
import { cacheName } from '../tests/e2e/support/sync';
import { bundleProbe } from './extension/bundle';
import { armSyncDone, benchPage, REAL_PAGE_SIZE, REQUEST_WINDOW_MS } from './extension/full-sync';
import { fullSyncRows } from './extension/full-sync-rows';
import { checkFullSync, measureFullSync } from './extension/sync-rounds';
import { activeQueryJobs, emulatorQueries } from './extension/queries';
import { checkSizeBudgets } from './extension/sizes';
import { benchExtension } from './extension/build';
import { threadCpuReader } from './extension/thread-cpu';
import { workerWalkMarks } from './extension/walk-marks';
import { backgroundHeap } from './extension/worker-heap';
import { expectFigures, expectSane, sized } from './smoke';

const JOBS = sized(100_000, 3_000);
/** Runs of what swings from run to run (index build, cold load): the median is printed. */
const RUNS = sized(3, 1);
/** Rounds of the full sync between floor runs (extension/sync-rounds.ts): at the spec's page size, whose goal has
 * room, two (each waits out the client's request window of the one before); at the real platform's, three. */
const SYNC_ROUNDS = { specPages: 2, realPages: sized(3, 2) };
const GOALS = {
  /** At the spec's page size (1,000), the earlier goal; at the real platform's (5,000), the next step. */
  fullVsFloorSpecPages: 1.3,
  fullVsFloor: 1.1,
  fullMs: 4000,
  incRequests: 2,
  incMs: 300,
  keyP95Ms: 2,
  buildMs: 500,
  loadMs: 50,
  heapMb: 64,
};

declare const __fieldsideBench: any;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One incremental sync from `page`, timed from "sync.run" to the idle status; `change` jobs are
 * edited in the emulator first. */
async function incremental(
  page: Page,
  stack: Stack,
  change: number,
): Promise<{ ms: number; requests: number; status: any }> {
  const before = await syncStatus(page);
  const jobs = change === 0 ? [] : await stack.emulator.control.listRecords(stack.account.uuid, 'job');
  for (const job of jobs.slice(500, 500 + change)) {
    await stack.emulator.control.updateRecord(stack.account.uuid, 'job', String(job.uuid), {
      job_description: `Changed for the bench ${Date.now()}`,
    });
  }
  await stack.emulator.control.advanceClock(1);
  const done = armSyncDone(benchPage(page), before.lastSyncedAt);
  await new Promise((r) => setTimeout(r, 50));
  const requests0 = (await stack.emulator.control.stats()).requests;
  const t0 = await page.evaluate(() => performance.now());
  await sendFromPage(page, 'sync.run', { mode: 'incremental' });
  const { at, status } = await done;
  const requests = (await stack.emulator.control.stats()).requests - requests0;
  return { ms: at - t0, requests, status };
}

/** The run whose `key` is the median (of an odd number of runs). */
function medianBy<T>(runs: readonly T[], key: (run: T) => number): T {
  return [...runs].sort((a, b) => key(a) - key(b))[runs.length >> 1]!;
}

/** One cold load of the stored index in `page` (a fresh page). */
async function coldLoadIn(
  page: Page,
  probe: string,
  dbName: string,
): Promise<{ readMs: number; openMs: number; loadMs: number; firstSearchMs: number }> {
  await page.evaluate(probe);
  return page.evaluate((name) => __fieldsideBench.coldLoad(name), dbName);
}

export async function runExtensionBench(): Promise<unknown> {
  const extensionDir = benchExtension('chrome');
  const probe = await bundleProbe();
  const t0 = Date.now();
  const stack = await startStack({ jobs: JOBS });
  console.log(`emulator with ${JOBS} jobs ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await stack.emulator.control.setRateLimit(1_000_000, 100_000_000); // both platform limits out of the way
  // The seed dates today's last edits up to a minute before its "now" (how many depends on the
  // hour), inside the 2-minute overlap the next incremental sync rightly reads again: the figure
  // would be "10 changed jobs and whatever the hour adds" (95-120 jobs at 14-15 UTC). The full
  // sync's mark is the platform's time from its Date header, which follows the emulator's clock:
  // twenty minutes on, only the bench's own changes are new.
  await stack.emulator.control.advanceClock(20 * 60);
  const browser = await launchChromium(extensionDir);
  const cpu = threadCpuReader(extensionDir);
  const marks = workerWalkMarks(() => browser.worker());
  try {
    const page = await browser.openOptions();
    await connect(page, stack);
    await page.evaluate(probe);
    // The spec's page size first (the emulator's default), the real platform's at the end.
    const full1000 = {
      ...(await measureFullSync(benchPage(page), stack, 0, { rounds: SYNC_ROUNDS.specPages, cpu, marks })),
      ...(await checkFullSync(benchPage(page), stack)),
    };
    // The client keeps the platform's limit of 180 requests in any minute (lib/api/rate-limiter.ts): this sync's
    // pages and the customers' contact reads after it fill most of that window on a quiet machine, and a second full
    // sync started inside it would wait for the window to move on (a 17 s walk measured the limiter, not the sync).
    const windowClearAt = Date.now() + REQUEST_WINDOW_MS;
    const dbName = cacheName(stack.account.uuid, 'all');

    // The sync and floor runs leave hundreds of MB of garbage in this renderer's heap: the index is
    // loaded and typed into from a fresh page after closing this one, as a popup opens fresh.
    await page.close();
    // A popup opens, and a sync runs, while nothing else does. The floor and pipeline runs above
    // delete databases of ~100 MB in the extension's own storage, which Chromium compacts in the
    // background for seconds: let that and the background's after-sync work settle, then time the
    // incremental syncs, and the load in three fresh pages (median).
    await new Promise((r) => setTimeout(r, 5000));
    // First an incremental sync with nothing new (its own row: what every quiet alarm costs), then
    // the one with 10 changed jobs.
    const incPage = await browser.openOptions();
    const incFirst = await incremental(incPage, stack, 0);
    await new Promise((r) => setTimeout(r, 1000));
    const inc = await incremental(incPage, stack, 10);
    await incPage.close();
    await new Promise((r) => setTimeout(r, 2000));
    const loads: Array<Awaited<ReturnType<typeof coldLoadIn>>> = [];
    for (let k = 0; k < RUNS; k++) {
      const loadPage = await browser.openOptions();
      loads.push(await coldLoadIn(loadPage, probe, dbName));
      await loadPage.close();
    }
    const loadTotals = loads.map((l) => l.readMs + l.loadMs);
    const load = medianBy(loads, (l) => l.readMs + l.loadMs);
    const fresh = await browser.openOptions();
    await fresh.evaluate(probe);
    // The index the keystrokes search: loaded in this page as the popup would.
    await fresh.evaluate((name) => __fieldsideBench.coldLoad(name), dbName);

    const queryJobs = await activeQueryJobs(stack);
    const queries = emulatorQueries(queryJobs, createRandom(42));
    const typed = await fresh.evaluate((q) => __fieldsideBench.typeQueries(q), queries);
    const keyMs = typed.keystrokes.map((k: { ms: number }) => k.ms);
    // The build (what a sync does at its end) allocates a lot: measured after typing, in a fresh page too.
    await fresh.close();
    // One run of the build swings by a third on this kind of machine: the
    // median of several (each in a fresh page), with every run printed.
    const builds: Array<{ buildMs: number; readMs: number; docs: number }> = [];
    for (let k = 0; k < RUNS; k++) {
      const buildPage = await browser.openOptions();
      await buildPage.evaluate(probe);
      builds.push(await buildPage.evaluate((name) => __fieldsideBench.build(name), dbName));
      await buildPage.close();
    }
    const build = medianBy(builds, (b) => b.buildMs);

    const sizes = checkSizeBudgets(extensionDir);

    // The real platform pages 5,000 records: the same full sync from a fresh cache (signing out
    // deletes it) at that page size, then what the background keeps after it.
    const bigPage = await browser.openOptions();
    const signedOut = await sendFromPage(bigPage, 'session.signOut');
    if (!signedOut.ok) throw new Error(`sign-out failed: ${signedOut.error?.message}`);
    await stack.emulator.control.setPageSize(REAL_PAGE_SIZE);
    await new Promise((r) => setTimeout(r, Math.max(5000, windowClearAt - Date.now()))); // compacted, window clear
    await bigPage.evaluate(probe);
    const full5000 = {
      ...(await measureFullSync(benchPage(bigPage), stack, inc.status.lastSyncedAt, {
        rounds: SYNC_ROUNDS.realPages,
        cpu,
        marks,
      })),
      ...(await checkFullSync(benchPage(bigPage), stack)),
    };
    // What the background keeps after it: the worker that ran the sync, its garbage collected.
    await new Promise((r) => setTimeout(r, 2000));
    const heap = await backgroundHeap(browser.context, bigPage);
    await bigPage.close();

    const ok = (met: boolean) => (met ? 'met' : 'MISSED');
    const rows: Array<[string, string, string, string]> = [
      ...fullSyncRows(full1000, { fullMs: GOALS.fullMs, fullVsFloor: GOALS.fullVsFloorSpecPages }),
      [
        'incremental, 10 changed: requests',
        String(inc.requests),
        `≤ ${GOALS.incRequests}`,
        ok(inc.requests <= GOALS.incRequests),
      ],
      ['incremental, 10 changed: time', `${inc.ms.toFixed(0)} ms`, `≤ ${GOALS.incMs} ms`, ok(inc.ms <= GOALS.incMs)],
      ['  incremental, nothing changed', `${incFirst.ms.toFixed(0)} ms, ${incFirst.requests} requests`, '', ''],
      [
        'search per keystroke p50 / p95 / max',
        `${percentile(keyMs, 50).toFixed(2)} / ${percentile(keyMs, 95).toFixed(2)} / ${Math.max(...keyMs).toFixed(2)} ms (${keyMs.length} keys, ${queries.length} queries)`,
        `p95 ≤ ${GOALS.keyP95Ms} ms`,
        ok(percentile(keyMs, 95) <= GOALS.keyP95Ms),
      ],
      [
        'typo queries finding the intended job',
        `${typed.typo.found} / ${typed.typo.of}`,
        'all',
        ok(typed.typo.found === typed.typo.of),
      ],
      [
        'index build (in page, from cache)',
        `${build.buildMs.toFixed(0)} ms median of ${builds.map((b) => b.buildMs.toFixed(0)).join(', ')} (+ ${build.readMs.toFixed(0)} ms reading ${build.docs} jobs)`,
        `≤ ${GOALS.buildMs} ms`,
        ok(build.buildMs <= GOALS.buildMs),
      ],
      [
        'index cold load (read + load)',
        `${(load.readMs + load.loadMs).toFixed(1)} ms median of ${loadTotals.map((t) => t.toFixed(0)).join(', ')} (read ${load.readMs.toFixed(1)} of which opening the database ${load.openMs.toFixed(1)}, load ${load.loadMs.toFixed(1)}, first search ${load.firstSearchMs.toFixed(1)})`,
        `≤ ${GOALS.loadMs} ms`,
        ok(load.readMs + load.loadMs <= GOALS.loadMs),
      ],
      ...sizes.map((r): [string, string, string, string] => [
        `${r.entry} initial JS, gzip`,
        `${(r.bytes / 1024).toFixed(1)} KB (${r.files.length} files)`,
        `≤ ${r.kb} KB`,
        ok(!r.over),
      ]),
    ];
    console.log(
      `\nExtension bench: ${JOBS} jobs, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, headless Chromium, built extension (${extensionDir})`,
    );
    console.table(rows.map(([measure, value, goal, verdict]) => ({ measure, value, goal, verdict })));
    const byKind: Record<string, number[]> = {};
    for (const k of typed.keystrokes as Array<{ kind: string; ms: number }>) (byKind[k.kind] ??= []).push(k.ms);
    console.log(
      'p95 by kind:',
      Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, `${percentile(v, 95).toFixed(2)} ms`])),
    );
    if (typed.typo.missed.length > 0) console.log('typo queries that missed:', typed.typo.missed);
    console.log(
      `\nFull sync at the real platform's page size (${full5000.pageSize} records a page; above: ${full1000.pageSize}), from a fresh cache`,
    );
    const bigRows: Array<[string, string, string, string]> = [
      ...fullSyncRows(full5000, GOALS),
      [
        `background heap after this ${JOBS.toLocaleString('en')}-job sync (after GC)`,
        `${heap.usedMb.toFixed(1)} MB (${heap.beforeGcMb.toFixed(1)} MB before the collection)`,
        `≤ ${GOALS.heapMb} MB`,
        ok(heap.usedMb <= GOALS.heapMb),
      ],
    ];
    console.table(bigRows.map(([measure, value, goal, verdict]) => ({ measure, value, goal, verdict })));
    console.log(
      'full sync status:',
      JSON.stringify(full1000.full.status),
      `at ${full5000.pageSize}:`,
      JSON.stringify(full5000.full.status),
      'incremental:',
      JSON.stringify(inc.status),
    );
    expectSane(
      [full1000, full5000].every((run) => run.cached.hash === run.server.hash && run.cached.count === JOBS),
      'each full sync left the cache equal to the server',
    );
    expectSane(keyMs.length > 0 && inc.status.phase === 'idle', 'keys were typed and the incremental sync ended');
    expectFigures({
      full1000: full1000.full.ms,
      full5000: full5000.full.ms,
      floor: full5000.floorMs,
      heap: heap.usedMb,
    });
    return { full1000, full5000, inc, incFirst, load, build, typo: typed.typo, heap, sizes };
  } finally {
    await browser.close();
    await stack.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runExtensionBench();
  process.exit(0);
}
