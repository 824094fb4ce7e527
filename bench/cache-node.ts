// `npx tsx bench/cache-node.ts [jobs] [rounds]`: the offline cache's sync in Node with fake-indexeddb,
// against the in-process emulator. NOT representative of Chromium (fake-indexeddb has no per-record
// disk cost; the real benchmark runs the built extension in headless Chromium): it is for spotting
// regressions of the sync's own logic. Prints one table: full sync against the floor (the same pages
// fetched, parsed and stored as segments, no application logic), incremental sync with 10 changed
// jobs, and the search index's cold load.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { createPlatformClient } from '../lib/api/client';
import { createRateLimiter } from '../lib/api/rate-limiter';
import { createCacheSync, openCacheDb, openJobCache } from '../lib/cache';
import { loadSearchIndex } from '../lib/cache/store/search-store';
import { startEmulator } from '../server/emulator/start';

const jobs = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const emulator = await startEmulator({ port: 0, jobs, seed: 42, rateLimitPerMinute: 1_000_000, quiet: true });
const { info, control } = emulator;
const account = info.accounts[0]!;
let requests = 0;
const client = createPlatformClient({
  baseUrl: info.base_url,
  auth: { kind: 'api_key', apiKey: account.api_key },
  limiter: createRateLimiter({ perMinute: 1_000_000 }),
  fetch: (input, init) => {
    requests++;
    return globalThis.fetch(input, init);
  },
});

/** The floor: plain fetch + JSON.parse of every page, one IndexedDB record per page. */
async function floor(round: number): Promise<number> {
  const db = await openDB(`floor-${round}`, 1, { upgrade: (d) => d.createObjectStore('segments') });
  const started = performance.now();
  let cursor: string | null = '-1';
  let segment = 0;
  let storing: Promise<unknown> = Promise.resolve();
  while (cursor !== null) {
    const res: Response = await fetch(`${info.base_url}/api_1.0/job.json?cursor=${cursor}`, {
      headers: { 'x-api-key': account.api_key },
    });
    const page = JSON.parse(await res.text()) as unknown[];
    cursor = res.headers.get('x-next-cursor');
    await storing;
    storing = db.put('segments', page, segment++);
  }
  await storing;
  const ms = performance.now() - started;
  db.close();
  return ms;
}

const floors: number[] = [];
const fulls: number[] = [];
let last: Awaited<ReturnType<typeof openJobCache>> | undefined;
for (let round = 0; round < rounds; round++) {
  floors.push(await floor(round));
  const cache = await openJobCache(await openCacheDb(`bench-${round}`));
  const started = performance.now();
  await createCacheSync({ client, cache, now: () => control.now() }).run();
  fulls.push(performance.now() - started);
  last = cache;
}

const cache = last!;
const sync = createCacheSync({ client, cache, now: () => control.now() });
await sync.state();
const live = (await cache.allJobs()).slice(0, 10);
for (const job of live)
  await control.updateRecord(account.uuid, 'job', job.uuid, { job_description: `Bench change ${job.uuid}` });
const before = requests;
let started = performance.now();
await sync.incremental();
const incrementalMs = performance.now() - started;
const incrementalRequests = requests - before;

started = performance.now();
await loadSearchIndex(cache);
const coldLoadMs = performance.now() - started;
await emulator.close();

const floorMs = median(floors);
const fullMs = median(fulls);
const rows: Array<[string, string, string]> = [
  ['jobs', String(jobs), ''],
  ['floor (fetch + parse + store segments)', `${floorMs.toFixed(0)} ms`, ''],
  ['full sync', `${fullMs.toFixed(0)} ms`, `${(fullMs / floorMs).toFixed(2)}x floor (goal 1.3x, in Chromium)`],
  [
    'incremental sync, 10 changed jobs',
    `${incrementalMs.toFixed(0)} ms`,
    `${incrementalRequests} requests (goal <= 2)`,
  ],
  ['search index cold load (stored)', `${coldLoadMs.toFixed(1)} ms`, 'fake-indexeddb structured clone'],
];
for (const [what, value, note] of rows) console.log(`${what.padEnd(42)} ${value.padStart(10)}  ${note}`);
