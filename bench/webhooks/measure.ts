import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { LoadJob, LoadResult } from './load-worker';
import { sized } from '../smoke';

// One measured run of the webhook intake: a warm-up, then a bounded load (fixed count, fixed concurrency, HTTP
// keep-alive, in a worker thread) against one callback path on one or more instances, each acknowledgement
// timed, and the CPU time it cost: this process (the load, and the companion when it runs here), the companion
// processes, and Redis apart.

export const COUNT = sized(20_000, 300);
export const WARMUP = sized(1_000, 30);
export const CONCURRENCY = 32;
/** A companion process started for its row has compiled none of the intake's code yet: V8 compiles it over the
 * first several thousand notifications, on its compiler threads as well as the main one (2026-11-29, one process
 * on Redis, chunks of 2,000: 280, 115, 70, 60, 55 µs of its CPU a notification, then about 50 from the ten
 * thousandth on). The in-process rows run code that the rows before them compiled, so each process warms up
 * with this many before its row is measured: both then measure the intake at work, not its start. */
export const PROCESS_WARMUP = sized(10_000, 30);

export interface Result {
  store: string;
  count: number;
  seconds: number;
  rate: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU time of the companion (in this process or its own) and the load worker per notification: a figure
   * that, unlike the rate, barely depends on what else the shared machine is doing. */
  cpuUs: number;
  /** Deliveries sent again after the connection was reset or not answered. */
  retries: number;
  /** CPU time of redis-server per notification, where there is one. */
  redisCpuUs?: number;
}

export interface Processes {
  /** Companion processes, whose CPU time counts with the load's. */
  companions?: number[];
  redis?: number;
  /** Notifications sent before the measured ones; WARMUP by default. */
  warmup?: number;
}

// Distinct sequence numbers for every run in this process: runs that share a Redis (and an account) must never
// see each other's notifications as duplicates, which are cheaper to take than new ones.
let nextSeq = (Date.now() % 1_000_000_000) * 1_000;

/** A connection the server reset (an idle keep-alive socket closed as a request went out, on a machine so busy that
 * a socket sat idle for seconds) is sent again, as the platform sends a delivery again: counted, and printed. */
const RETRY_FOR_MS = 120_000;

/** Runs one bounded load in a worker thread: each acknowledgement time in ms, and the deliveries sent again. */
function loadInWorker(job: LoadJob): Promise<{ latencies: Float64Array; retries: number }> {
  return new Promise((resolve, reject) => {
    // Node 20 workers do not inherit tsx's loader hooks, so the worker loads its TypeScript through tsx's API.
    const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    const file = JSON.stringify(new URL('./load-worker.ts', import.meta.url).href);
    const worker = new Worker(`import(${api}).then((tsx) => tsx.tsImport(${file}, ${file}))`, {
      eval: true,
      workerData: job,
    });
    worker.once('message', (result: LoadResult) => {
      void worker.terminate();
      if (!result.ok) reject(new Error(result.error));
      // A delivery sent again after its answer was lost may rightly be a duplicate; any other would measure the
      // cheaper path.
      else if (result.duplicates > result.retries)
        reject(
          new Error(
            `${result.duplicates} notifications were taken as duplicates: the run would measure the cheaper path`,
          ),
        );
      else resolve({ latencies: result.latencies, retries: result.retries });
    });
    worker.once('error', reject);
  });
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User and system CPU time of a process so far, in µs (from /proc: the bench runs on Linux). */
function cpuOfProcess(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the name.
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const job = (urls: string[], platformBaseUrl: string) => ({
  urls,
  platformBaseUrl,
  concurrency: CONCURRENCY,
  retryUntil: Date.now() + RETRY_FOR_MS,
});

/** `count` notifications against `urls`, unmeasured: the code they run gets compiled. */
export async function warmUp(urls: string[], platformBaseUrl: string, count: number): Promise<void> {
  const firstSeq = nextSeq;
  nextSeq += count;
  await loadInWorker({ ...job(urls, platformBaseUrl), count, firstSeq });
}

/** Warm-up, then the measured load against `urls` (the same callback path on each instance, taken in turn). */
export async function measure(
  name: string,
  urls: string[],
  platformBaseUrl: string,
  processes: Processes = {},
): Promise<Result> {
  const warmup = processes.warmup ?? WARMUP;
  await warmUp(urls, platformBaseUrl, warmup);
  const firstSeq = nextSeq;
  nextSeq += COUNT;
  const companions = processes.companions ?? [];
  const childCpu = () => companions.reduce((sum, pid) => sum + cpuOfProcess(pid), 0);
  const redisCpu = () => (processes.redis === undefined ? 0 : cpuOfProcess(processes.redis));
  const [children0, redis0] = [childCpu(), redisCpu()];
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const measured = await loadInWorker({ ...job(urls, platformBaseUrl), count: COUNT, firstSeq });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const [children, redis] = [childCpu() - children0, redisCpu() - redis0];
  const latencies = [...measured.latencies].sort((a, b) => a - b);
  return {
    store: name,
    count: COUNT,
    seconds,
    rate: COUNT / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    retries: measured.retries,
    cpuUs: (cpu.user + cpu.system + children) / COUNT,
    ...(processes.redis === undefined ? {} : { redisCpuUs: redis / COUNT }),
  };
}
