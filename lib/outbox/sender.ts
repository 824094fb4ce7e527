// Sends the outbox to the platform: in order per job (a job's later write waits for its earlier one;
// different jobs proceed side by side), transient failures backed off, permanent ones kept for the
// person. Runs in the background service worker, which the browser may stop at any moment: nothing
// here is held only in memory that the outbox does not also hold in IndexedDB.
import { assertJobLive, type ApplyContext, type OutboxClient } from './apply';
import { applyEntry, KINDS } from './kinds';
import type { FileSource } from './files';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import { classifyFailure, retryAfterMs } from './classify';
import type { Outbox } from './outbox';
import type { OutboxEntry } from './types';

/** Runs `fn` after `delayMs`; returns the cancel. The service worker may pass one backed by alarms. */
export type SetTimer = (delayMs: number, fn: () => void) => () => void;

export interface OutboxSenderOptions {
  outbox: Outbox;
  client: OutboxClient;
  now?: () => number;
  setTimer?: SetTimer;
  /** In [0, 1), for the backoff's jitter. */
  random?: () => number;
  backoff?: BackoffPolicy;
  /** Jobs whose writes are sent at the same time (each job's own writes are always one at a time). */
  parallelJobs?: number;
  /** Told about failures a background pass could not report to a caller (storage trouble). */
  onPassError?: (error: unknown) => void;
  /** The files attachments send (files.ts); each is deleted once its write is sent. */
  files?: FileSource;
  /** Whether this browser knows, without asking the platform, that the job is not deleted: its cache holds it
   * active while the live feed is connected (a deletion reaches the cache within seconds). Then the job is not
   * read before the write: each one costs the account's shared budget (a visit's arrival, photo, note). */
  knownLive?: (jobUuid: string) => Promise<boolean>;
  /** How much of a large write has gone out (an attachment's bytes, where the browser tells). */
  onProgress?: ApplyContext['onProgress'];
  /** The connection without impersonation, when `client` impersonates: where a new job is read back. */
  tokenView?: ApplyContext['tokenView'];
}

export interface FlushReport {
  sent: number;
  /** Transient failures, to be tried again after their backoff. */
  rescheduled: number;
  /** Newly failed-permanent entries. */
  failed: number;
}

const defaultSetTimer: SetTimer = (delayMs, fn) => {
  const id = setTimeout(fn, delayMs);
  return () => clearTimeout(id);
};

export function createOutboxSender(options: OutboxSenderOptions) {
  const { outbox, client } = options;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? defaultSetTimer;
  const random = options.random ?? Math.random;
  const policy = options.backoff ?? DEFAULT_BACKOFF;
  const parallelJobs = Math.max(1, options.parallelJobs ?? 4);
  const onPassError = options.onPassError ?? ((error: unknown) => console.error('outbox: a send pass failed', error));

  const context: ApplyContext = {
    now,
    markPosted: async (entry, at) => void (await outbox.markPosted(entry.seq, at)),
    ...(options.files ? { files: options.files } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.tokenView ? { tokenView: options.tokenView } : {}),
  };
  const knownLive = (jobUuid: string) => options.knownLive?.(jobUuid).catch(() => false) ?? Promise.resolve(false);
  let current: Promise<FlushReport> | undefined;
  let again = false;
  let againForced = false;
  let stopped = false;
  let cancelTimer: (() => void) | undefined;
  let unsubscribe: (() => void) | undefined;

  /** Sends one job's entries in order until one cannot go (not due, failed, or failing now). */
  async function sendJob(entries: OutboxEntry[], force: boolean, report: FlushReport): Promise<void> {
    let jobChecked = false;
    for (const entry of entries) {
      if (stopped) return;
      // A failed write blocks the job's later ones: sending them would change the order the person
      // wrote in. They go once it is retried or discarded.
      if (entry.state !== 'pending') return;
      if (!force && entry.nextAttemptAt > now()) return;
      const claimed = await outbox.claim(entry.seq);
      if (!claimed) {
        if (await outbox.get(entry.seq)) return; // changed meanwhile: the next pass sees its new state
        continue; // discarded meanwhile: the next one may go
      }
      try {
        // Checked once per job and pass: a note on a deleted job would be accepted and never seen.
        if (KINDS[claimed.kind].checksJob && !jobChecked && !(await knownLive(claimed.jobUuid)))
          await assertJobLive(client, claimed.jobUuid);
        jobChecked = true;
        await applyEntry(client, claimed, context);
      } catch (error) {
        const verdict = classifyFailure(error, claimed.kind, now());
        if (verdict.transient) {
          const wait = Math.max(backoffDelay(claimed.attempts, random, policy), retryAfterMs(error) ?? 0);
          await outbox.reschedule(claimed.seq, verdict.error, now() + wait);
          report.rescheduled++;
        } else {
          await outbox.fail(claimed.seq, verdict.error);
          report.failed++;
        }
        return;
      }
      await outbox.complete(claimed.seq);
      if (claimed.kind === 'attachment') await options.files?.delete(claimed.clientUuid).catch(onPassError);
      report.sent++;
    }
  }

  async function pass(force: boolean, report: FlushReport): Promise<void> {
    // No send of this sender is in flight between passes, so anything still `sending` was left by a
    // stopped worker: safe to send again (apply.ts).
    await outbox.recoverSending();
    const byJob = groupByJob(await outbox.pending());
    const queue = [...byJob.values()];
    const worker = async () => {
      for (let job = queue.shift(); job && !stopped; job = queue.shift()) await sendJob(job, force, report);
    };
    await Promise.all(Array.from({ length: Math.min(parallelJobs, queue.length) }, worker));
  }

  function disarm(): void {
    cancelTimer?.();
    cancelTimer = undefined;
  }

  /** The earliest time a job's first write falls due, to wake up then. */
  async function schedule(): Promise<void> {
    disarm();
    if (stopped) return;
    let due = Number.POSITIVE_INFINITY;
    for (const entries of groupByJob(await outbox.pending()).values()) {
      const head = entries[0];
      if (head?.state === 'pending') due = Math.min(due, head.nextAttemptAt);
    }
    if (due === Number.POSITIVE_INFINITY || stopped) return;
    disarm(); // another schedule() may have armed one while this one read the outbox
    cancelTimer = setTimer(Math.max(0, due - now()), () => {
      cancelTimer = undefined;
      run(false).catch(onPassError);
    });
  }

  /** One run at a time: a call during a run asks for another pass after it and shares its promise. */
  function run(force: boolean): Promise<FlushReport> {
    if (current) {
      again = true;
      againForced ||= force;
      return current;
    }
    stopped = false;
    const report: FlushReport = { sent: 0, rescheduled: 0, failed: 0 };
    current = (async () => {
      let forced = force;
      do {
        again = false;
        againForced = false;
        await pass(forced, report);
        forced = againForced;
      } while (again && !stopped);
      return report;
    })().finally(() => {
      current = undefined;
      schedule().catch(onPassError);
    });
    return current;
  }

  return {
    /** Sends everything that waits now, backoff or not: call it when the network comes back, or
     * when the person asks. Resolves once no pass is left to run. */
    flush: () => run(true),

    /** Sends new writes as they are enqueued, and backed-off ones when due; starts with what waits. */
    start(): Promise<FlushReport> {
      stopped = false;
      unsubscribe ??= outbox.subscribe((change) => {
        if (change.type === 'added' || (change.type === 'changed' && change.entry.state === 'pending' && !current)) {
          run(false).catch(onPassError);
        }
      });
      return run(false);
    },

    /** Stops watching and timers; a pass in progress ends after the write it is sending. */
    stop(): void {
      stopped = true;
      unsubscribe?.();
      unsubscribe = undefined;
      disarm();
    },

    /** The person's retry of a failed write (or of all of a job's): sent at once. */
    async retry(seq: number): Promise<FlushReport> {
      await outbox.retry(seq);
      return run(true);
    },

    /** True while a pass runs. */
    get running(): boolean {
      return current !== undefined;
    },
  };
}

function groupByJob(entries: OutboxEntry[]): Map<string, OutboxEntry[]> {
  const byJob = new Map<string, OutboxEntry[]>();
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    const list = byJob.get(entry.jobUuid);
    if (list) list.push(entry);
    else byJob.set(entry.jobUuid, [entry]);
  }
  return byJob;
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
