// The load side of bench/webhooks.ts, run in a worker thread so the companion under test has the
// main thread (and its event loop) to itself, as it would in production.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { jobNotification } from '../tests/support/companion/feed-client';

export interface LoadJob {
  url: string;
  platformBaseUrl: string;
  count: number;
  firstSeq: number;
  concurrency: number;
}

export type LoadResult = { ok: true; latencies: Float64Array } | { ok: false; error: string };

function post(agent: Agent, url: URL, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Posts `count` distinct notifications with `concurrency` in flight over keep-alive connections. */
export async function load(job: LoadJob): Promise<Float64Array> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const url = new URL(job.url);
  const latencies = new Float64Array(job.count);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < job.count) {
      const i = next++;
      const body = JSON.stringify(jobNotification(job.platformBaseUrl, { seq: job.firstSeq + i }));
      const t0 = performance.now();
      const status = await post(agent, url, body);
      latencies[i] = performance.now() - t0;
      if (status !== 200) throw new Error(`Notification ${job.firstSeq + i} answered ${status}`);
    }
  }
  try {
    await Promise.all(Array.from({ length: job.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return latencies;
}

if (parentPort && workerData) {
  const port = parentPort;
  load(workerData as LoadJob).then(
    (latencies) => port.postMessage({ ok: true, latencies } satisfies LoadResult),
    (e: unknown) => port.postMessage({ ok: false, error: (e as Error).message } satisfies LoadResult),
  );
}
