import { Pool } from 'undici';
import { jobNotification } from './feed-client';

// The webhook intake benchmark's kind of load (bench/webhooks.ts), for the benchmark and for tests: a fixed number
// of distinct job notifications, a fixed number in flight over HTTP keep-alive, each acknowledgement timed.
// Sent with undici's pool, not node:http's client: the load shares the machine's two cores with the server it
// measures, and node:http's client cost about a core at 10,000 a second, so it was the ceiling of the bare server
// it was meant to measure (2026-12-01: the same bare server took 9,300 a second from node:http's client and
// 15,000 from undici's; the webhook intake the same 10,400 from both).

export interface NotificationLoad {
  /** Callback URLs, taken in turn (one per instance behind the same callback path). */
  urls: string[];
  platformBaseUrl: string;
  /** Notification `i` (0 ≤ i < count) is the change numbered `firstSeq + i × every`. */
  firstSeq: number;
  count: number;
  every?: number;
  concurrency: number;
  /** As the platform does, send a delivery again while it is refused or not answered (a restarting instance),
   * until this moment (ms since the epoch); without it, such an answer fails the load. */
  retryUntil?: number;
  /** Called after each acknowledgement with the number so far (a test acts at a given point of the load). */
  onAcknowledged?: (acknowledged: number) => void;
}

export interface LoadOutcome {
  /** Milliseconds from sending each notification to its acknowledgement (retries included). */
  latencies: Float64Array;
  /** Acknowledged as appended, and as a duplicate of one already taken. */
  appended: number;
  duplicates: number;
  /** Deliveries sent again after a refusal or no answer. */
  retries: number;
}

const RETRY_PAUSE_MS = 50;

async function post(pool: Pool, path: string, body: string): Promise<{ status: number; text: string }> {
  const res = await pool.request({ path, method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: res.statusCode, text: await res.body.text() };
}

/** The seq of the job notification number `i` of a load. */
export const seqOf = (load: Pick<NotificationLoad, 'firstSeq' | 'every'>, i: number): number =>
  load.firstSeq + i * (load.every ?? 1);

export async function postNotifications(load: NotificationLoad): Promise<LoadOutcome> {
  const urls = load.urls.map((u) => new URL(u));
  // One pool an instance, each allowed the whole concurrency (as node:http's agent's maxSockets a host was).
  const pools = new Map(urls.map((u) => [u.origin, new Pool(u.origin, { connections: load.concurrency })]));
  const latencies = new Float64Array(load.count);
  let appended = 0;
  let duplicates = 0;
  let retries = 0;
  let next = 0;

  async function deliver(i: number): Promise<void> {
    const url = urls[i % urls.length]!;
    const pool = pools.get(url.origin)!;
    const path = url.pathname + url.search;
    const body = JSON.stringify(jobNotification(load.platformBaseUrl, { seq: seqOf(load, i) }));
    for (;;) {
      const answer = await post(pool, path, body).catch((error: Error) => ({ status: 0, text: error.message }));
      if (answer.status === 200) {
        if ((JSON.parse(answer.text) as { duplicate: boolean }).duplicate) duplicates++;
        else appended++;
        load.onAcknowledged?.(appended + duplicates);
        return;
      }
      const retriable = answer.status === 0 || answer.status >= 500;
      if (!retriable || load.retryUntil === undefined || Date.now() > load.retryUntil) {
        throw new Error(`Notification ${seqOf(load, i)} answered ${answer.status || answer.text}`);
      }
      retries++;
      await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
    }
  }

  async function sender(): Promise<void> {
    while (next < load.count) {
      const i = next++;
      const t0 = performance.now();
      await deliver(i);
      latencies[i] = performance.now() - t0;
    }
  }
  try {
    await Promise.all(Array.from({ length: load.concurrency }, sender));
  } finally {
    await Promise.all([...pools.values()].map((pool) => pool.destroy()));
  }
  return { latencies, appended, duplicates, retries };
}
