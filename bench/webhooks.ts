// `npm run bench -- webhooks` (or `npx tsx bench/webhooks.ts`): the companion's webhook intake.
// Starts the feed module on 127.0.0.1 in this process (memory store, then Redis when redis-server is installed),
// registers one account against a stub platform, and posts notifications from a bounded loop (fixed count, fixed
// concurrency, HTTP keep-alive, in a worker thread), measuring each acknowledgement. Then the same load against
// whole companion processes sharing one Redis: one instance, and two (webhooks/instances.ts).
// Goals (issue 7): at least 2,000 notifications a second, p99 acknowledgement at most 20 ms.
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { startFeedServer } from '../tests/support/companion/feed-server';
import { startRedisServer, type RedisServer } from '../tests/support/companion/redis-server';
import { actingAs } from '../tests/support/companion/feed-client';
import { startStubPlatform, STUB_ADMIN } from '../tests/support/companion/stub-platform';
import { benchInstances } from './webhooks/instances';
import { CONCURRENCY, COUNT, measure, WARMUP, type Result } from './webhooks/measure';

const GOAL_RATE = 2_000;
const GOAL_P99_MS = 20;

/** The same load against a bare node:http server that only answers 200: the machine's ceiling right now. */
async function benchBaseline(): Promise<Result> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"duplicate":false}'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/baseline`;
    return await measure('baseline: bare node:http', [url], 'http://127.0.0.1');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The feed module in this process, with the load in a worker thread. */
async function benchStore(store: string, redis: RedisServer | undefined): Promise<Result> {
  const token = 'bench-token';
  const platform = await startStubPlatform({ [token]: '55555555-5555-4555-8555-555555555555' });
  const companion = await startFeedServer({
    platformBaseUrl: platform.baseUrl,
    ...(redis ? { redisUrl: redis.url } : {}),
    feedMaxEntries: 10_000,
  });
  try {
    // An administrator's register makes the subscriptions (and so the callback URL the load posts to).
    const registered = await fetch(`${companion.url}/feed/register`, {
      method: 'POST',
      headers: actingAs(token, STUB_ADMIN),
    });
    if (!registered.ok) throw new Error(`register answered ${registered.status}`);
    const url = platform.subscriptions.values().next().value![0]!.callback_url;
    return await measure(store, [url], platform.baseUrl, redis ? { redis: redis.pid } : {});
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
      results.push(await benchStore('redis', redis));
      results.push(await benchInstances(redis, 1));
      results.push(await benchInstances(redis, 2));
    } finally {
      await redis.stop();
    }
  }
  console.log(
    `Webhook intake: ${COUNT} notifications after ${WARMUP} warm-up, ${CONCURRENCY} in flight, HTTP keep-alive`,
  );
  console.log(
    `Machine load average (1 min) at the end of the run: ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores (rates fall when it exceeds the core count)`,
  );
  console.table(
    results.map((r) => ({
      store: r.store,
      'notifications/s': Math.round(r.rate),
      'p50 ms': r.p50.toFixed(2),
      'p99 ms': r.p99.toFixed(2),
      'max ms': r.max.toFixed(1),
      seconds: r.seconds.toFixed(2),
      'CPU µs/notification': Math.round(r.cpuUs),
      'Redis CPU µs': r.redisCpuUs === undefined ? '' : Math.round(r.redisCpuUs),
      goal: r.store.startsWith('baseline')
        ? '(ceiling)'
        : r.rate >= GOAL_RATE && r.p99 <= GOAL_P99_MS
          ? 'met'
          : `MISSED (>= ${GOAL_RATE}/s, p99 <= ${GOAL_P99_MS} ms)`,
    })),
  );
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runWebhooksBench();
  process.exit(0);
}
