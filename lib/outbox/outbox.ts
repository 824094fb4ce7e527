// The outbox store: pending writes to the platform, kept in IndexedDB before anything is sent, so a
// note written with no signal is safe the moment `enqueue()` returns. The sender (sender.ts) moves
// entries through their states; the UI lists them (`pending`) and listens (`subscribe`).
import type { IDBPDatabase } from 'idb';
import { openOutboxDb, type OutboxDB } from './db';
import {
  EnqueueInputSchema,
  type EnqueueInput,
  type NewOutboxEntry,
  type OutboxChange,
  type OutboxEntry,
  type OutboxError,
  type OutboxListener,
} from './types';
import { outboxDbName } from '../databases';
import type { Uuid } from '../../contracts/uuid';

export interface OutboxOptions {
  accountUuid: string;
  /** The impersonated staff member; undefined for the connection's own (full) workspace. */
  staffUuid?: string;
  /** Default: the global `indexedDB`. */
  indexedDB?: IDBFactory;
  now?: () => number;
  randomUUID?: () => string;
}

export function createOutbox(options: OutboxOptions) {
  const name = outboxDbName(options.accountUuid, options.staffUuid);
  const now = options.now ?? Date.now;
  const randomUUID = options.randomUUID ?? (() => globalThis.crypto.randomUUID());
  const listeners = new Set<OutboxListener>();
  let opened: Promise<IDBPDatabase<OutboxDB>> | undefined;
  let closed = false;

  const db = () => {
    // Closed for good: a stopped worker's leftovers must not reopen the database behind its successor.
    if (closed) return Promise.reject(new Error(`outbox ${name} is closed`));
    if (!opened) {
      const factory = options.indexedDB ?? globalThis.indexedDB;
      if (!factory) throw new Error('No IndexedDB here: pass `indexedDB` to createOutbox()');
      opened = openOutboxDb(factory, name);
      // A failed open may succeed later (quota freed, upgrade finished): do not cache the failure.
      opened.catch(() => (opened = undefined));
    }
    return opened;
  };

  function emit(change: OutboxChange) {
    for (const listener of listeners) {
      // One broken listener must not stop the others or the write that notified them.
      try {
        listener(change);
      } catch (error) {
        console.error('outbox listener failed', error);
      }
    }
  }

  /** Reads, changes and writes one entry in one transaction; `change` returns undefined to leave it be. */
  async function transition(seq: number, change: (entry: OutboxEntry) => OutboxEntry | undefined) {
    const tx = (await db()).transaction('entries', 'readwrite');
    const current = await tx.store.get(seq);
    const next = current === undefined ? undefined : change(current);
    if (next !== undefined) await tx.store.put(next);
    await tx.done;
    if (next !== undefined) emit({ type: 'changed', entry: next });
    return next;
  }

  async function remove(seq: number, allowed: (entry: OutboxEntry) => boolean, sent: boolean) {
    const tx = (await db()).transaction('entries', 'readwrite');
    const current = await tx.store.get(seq);
    const ok = current !== undefined && allowed(current);
    if (ok) await tx.store.delete(seq);
    await tx.done;
    if (ok) emit({ type: 'removed', entry: current, sent });
    return ok ? current : undefined;
  }

  /** Every write the platform does not have yet (pending, sending or failed), oldest first. */
  async function pending(jobUuid?: Uuid): Promise<OutboxEntry[]> {
    const d = await db();
    return jobUuid === undefined ? d.getAll('entries') : d.getAllFromIndex('entries', 'by-job', jobUuid);
  }

  /** The person's "retry": a failed entry goes back to pending, due now. */
  const retry = (seq: number) =>
    transition(seq, (e) => (e.state === 'failed-permanent' ? revive(e, now()) : undefined));

  return {
    name,
    pending,
    retry,

    /**
     * Stores a write and returns it as pending, before any network. Throws a ZodError for invalid input.
     * Enqueueing a client uuid that is already queued returns the queued entry (a double submit).
     */
    async enqueue(input: EnqueueInput): Promise<OutboxEntry> {
      const parsed = EnqueueInputSchema.parse(input);
      const at = now();
      const fresh = {
        ...parsed,
        clientUuid: parsed.clientUuid ?? randomUUID(),
        createdAt: at,
        attempts: 0,
        nextAttemptAt: at,
        state: 'pending',
      } as NewOutboxEntry;
      const tx = (await db()).transaction('entries', 'readwrite');
      const existing = await tx.store.index('by-client-uuid').get(fresh.clientUuid);
      if (existing) {
        await tx.done;
        return existing;
      }
      // `seq` is the store's key generator: omitted here, IndexedDB assigns the next one.
      const seq = await tx.store.add(fresh as OutboxEntry);
      await tx.done;
      const entry = { ...fresh, seq } as OutboxEntry;
      emit({ type: 'added', entry });
      return entry;
    },

    /** How many writes wait (for the toolbar badge). */
    async count(): Promise<number> {
      return (await db()).count('entries');
    },

    async get(seq: number): Promise<OutboxEntry | undefined> {
      return (await db()).get('entries', seq);
    },

    /** Calls `listener` after every change of this outbox object's entries; returns the unsubscribe. */
    subscribe(listener: OutboxListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Retries every failed entry (of one job): what "I signed in again / got the scope" means. */
    async retryFailed(jobUuid?: Uuid): Promise<number> {
      const failed = (await pending(jobUuid)).filter((e) => e.state === 'failed-permanent');
      for (const entry of failed) await retry(entry.seq);
      return failed.length;
    },

    /** The person's "discard": deletes a pending or failed entry. An entry being sent cannot be
     * discarded (its request may already have reached the platform); undefined then. */
    discard: (seq: number) => remove(seq, (e) => e.state !== 'sending', false),

    // ---- for the sender ----

    /** pending → sending, counting the attempt; undefined if it is not pending any more. */
    claim: (seq: number) =>
      transition(seq, (e) =>
        e.state === 'pending' ? { ...e, state: 'sending', attempts: e.attempts + 1 } : undefined,
      ),

    /** The platform has it: the entry leaves the outbox. */
    complete: (seq: number) => remove(seq, () => true, true),

    /** A write that cannot be taken back leaves now (`at`), or its answer said it was not carried out (undefined). */
    markPosted: (seq: number, at: number | undefined) =>
      transition(seq, (e) => {
        const { postedAt: _was, ...rest } = e;
        return (at === undefined ? rest : { ...rest, postedAt: at }) as OutboxEntry;
      }),

    /** A transient failure: pending again, not before `nextAttemptAt`. */
    reschedule: (seq: number, error: OutboxError, nextAttemptAt: number) =>
      transition(seq, (e) => ({ ...e, state: 'pending', nextAttemptAt, lastError: error })),

    /** A failure only the person can resolve: kept, with what to do, until retried or discarded. */
    fail: (seq: number, error: OutboxError) =>
      transition(seq, (e) => ({ ...e, state: 'failed-permanent', lastError: error })),

    /**
     * Entries left `sending` by a worker that was stopped mid-request go back to pending. Safe to
     * send again: a note's create carries its uuid, badge changes are set operations.
     */
    async recoverSending(): Promise<number> {
      const stuck = (await pending()).filter((e) => e.state === 'sending');
      for (const entry of stuck)
        await transition(entry.seq, (e) => (e.state === 'sending' ? { ...e, state: 'pending' } : undefined));
      return stuck.length;
    },

    /** Closes the database connection; this outbox object refuses every call after it. */
    async close(): Promise<void> {
      closed = true;
      const current = opened;
      opened = undefined;
      if (current) (await current).close();
    },
  };
}

/** The person's retry: what they decided now, knowing what the failure said (a text that may have gone is sent
 * again only so). */
function revive(entry: OutboxEntry, at: number): OutboxEntry {
  const { lastError: _dropped, postedAt: _unsure, ...rest } = entry;
  return { ...rest, state: 'pending', nextAttemptAt: at, retriedAt: at } as OutboxEntry;
}

export type Outbox = ReturnType<typeof createOutbox>;
