// The load side of the webhook intake benchmark (measure.ts), run in a worker thread so a companion under test in
// the benchmark's process has the main thread (and its event loop) to itself, as it would in production.
import { parentPort, workerData } from 'node:worker_threads';
import { postNotifications, type NotificationLoad } from '../../tests/support/companion/notification-load';

export type LoadJob = NotificationLoad;

export type LoadResult =
  { ok: true; latencies: Float64Array; duplicates: number; retries: number } | { ok: false; error: string };

if (parentPort && workerData) {
  const port = parentPort;
  postNotifications(workerData as LoadJob).then(
    ({ latencies, duplicates, retries }) =>
      port.postMessage({ ok: true, latencies, duplicates, retries } satisfies LoadResult),
    (e: unknown) => port.postMessage({ ok: false, error: (e as Error).message } satisfies LoadResult),
  );
}
