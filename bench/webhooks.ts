// `npm run bench -- webhooks` (or `npx tsx bench/webhooks.ts`): the companion's webhook intake.
// Starts the feed module on 127.0.0.1 (memory store, then Redis when redis-server is installed),
// registers one account against a stub platform, and posts notifications from a bounded loop
// (fixed count, fixed concurrency, HTTP keep-alive, in a worker thread), measuring each acknowledgement.
// Goals (issue 7): at least 2,000 notifications a second, p99 acknowledgement at most 20 ms.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { startFeedServer } from '../tests/support/companion/feed-server';
import { startRedisServer, type RedisServer } from '../tests/support/companion/redis-server';
import { actingAs } from '../tests/support/companion/feed-client';
import { startStubPlatform, STUB_ADMIN } from '../tests/support/companion/stub-platform';
import type { LoadJob, LoadResult } from './webhooks-load';

const COUNT = 20_000;
const WARMUP = 1_000;
const CONCURRENCY = 32;
const GOAL_RATE = 2_000;
const GOAL_P99_MS = 20;

interface Result {
  store: string;
  count: number;
  seconds: number;
  rate: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU time of the whole process (companion + load worker) per notification: a figure that, unlike
   * the rate, barely depends on what else the shared machine is doing. */
  cpuUs: number;
}

/** Runs one bounded load in a worker thread and answers each acknowledgement time in ms. */
function loadInWorker(job: LoadJob): Promise<Float64Array> {
  return new Promise((resolve, reject) => {
    // Node 20 workers do not inherit tsx's loader hooks, so the worker loads its TypeScript through tsx's API.
    const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    const file = JSON.stringify(new URL('./webhooks-load.ts', import.meta.url).href);
    const worker = new Worker(`import(${api}).then((tsx) => tsx.tsImport(${file}, ${file}))`, { eval: true, workerData: job });
    worker.once('message', (result: LoadResult) => {
      void worker.terminate();
      if (result.ok) resolve(result.latencies);
      else reject(new Error(result.error));
    });
    worker.once('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Warm-up, then the measured bounded load against one callback URL. */
async function measure(name: string, url: string, platformBaseUrl: string): Promise<Result> {
  // Distinct sequence numbers per run, so a Redis that outlives a run never sees duplicates.
  const base = Date.now() % 1_000_000_000;
  const job = { urls: [url], platformBaseUrl, concurrency: CONCURRENCY };
  await loadInWorker({ ...job, count: WARMUP, firstSeq: base });
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const measured = await loadInWorker({ ...job, count: COUNT, firstSeq: base + WARMUP });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const latencies = [...measured].sort((a, b) => a - b);
  return {
    store: name,
    count: COUNT,
    seconds,
    rate: COUNT / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    cpuUs: (cpu.user + cpu.system) / COUNT,
  };
}

/** The same load against a bare node:http server that only answers 200: the machine's ceiling right now. */
async function benchBaseline(): Promise<Result> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/baseline`;
    return await measure('baseline: bare node:http', url, 'http://127.0.0.1');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function benchStore(store: string, redisUrl: string | undefined): Promise<Result> {
  const token = 'bench-token';
  const platform = await startStubPlatform({ [token]: '55555555-5555-4555-8555-555555555555' });
  const companion = await startFeedServer({ platformBaseUrl: platform.baseUrl, ...(redisUrl ? { redisUrl } : {}), feedMaxEntries: 10_000 });
  try {
    // An administrator's register makes the subscriptions (and so the callback URL the load posts to).
    const registered = await fetch(`${companion.url}/feed/register`, { method: 'POST', headers: actingAs(token, STUB_ADMIN) });
    if (!registered.ok) throw new Error(`register answered ${registered.status}`);
    const url = platform.subscriptions.values().next().value![0]!.callback_url;
    return await measure(store, url, platform.baseUrl);
  } finally {
    await companion.close();
    await platform.close();
  }
}

export async function runWebhooksBench(): Promise<Result[]> {
  const results: Result[] = [await benchBaseline(), await benchStore('memory', undefined)];
  let redis: RedisServer | undefined;
  try {
    redis = await startRedisServer();
  } catch (e) {
    console.log(`Redis store: not measured (${(e as Error).message})`);
  }
  if (redis) {
    try {
      results.push(await benchStore('redis', redis.url));
    } finally {
      await redis.stop();
    }
  }
  const [load1] = (await import('node:os')).loadavg();
  console.log(`Webhook intake: ${COUNT} notifications after ${WARMUP} warm-up, ${CONCURRENCY} in flight, HTTP keep-alive`);
  console.log(`Machine load average during the run: ${load1?.toFixed(1)} on ${(await import('node:os')).availableParallelism()} cores (rates fall when it exceeds the core count)`);
  console.table(
    results.map((r) => ({
      store: r.store,
      'notifications/s': Math.round(r.rate),
      'p50 ms': r.p50.toFixed(2),
      'p99 ms': r.p99.toFixed(2),
      'max ms': r.max.toFixed(1),
      seconds: r.seconds.toFixed(2),
      'CPU µs/notification': Math.round(r.cpuUs),
      goal: r.store.startsWith('baseline') ? '(ceiling)' : r.rate >= GOAL_RATE && r.p99 <= GOAL_P99_MS ? 'met' : `MISSED (>= ${GOAL_RATE}/s, p99 <= ${GOAL_P99_MS} ms)`,
    })),
  );
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runWebhooksBench();
  process.exit(0);
}
