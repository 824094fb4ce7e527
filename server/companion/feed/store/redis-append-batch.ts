import type { AppendResult } from './types';

// Appends to one account's feed go to Redis together, as one call of the append script (redis-layout.ts), so Redis
// parses one command and runs one script for them, and the companion builds one: those asked for in the same turn of
// the event loop (a burst of notifications: a turn handles every request whose bytes arrived), and, while a call for
// the account is in flight, every one asked for until it returns (one call in flight per account: the busier the
// account, the more each call carries; an account's lone change still goes at the end of its turn). Every change is
// still checked and appended on its own, in the order asked, within one atomic step; each caller is answered once
// the call returned, so nothing is acknowledged before it is in Redis, and a failed call fails each of them (the
// platform then retries, and the dedup keys of any that did go in drop those retries).

/** One change waiting for its account's next call: its JSON, dedup key and callback generation. */
export interface PendingAppend {
  json: string;
  key: string;
  generation: number;
}

/** At most this many changes in one call: a script holds Redis while it runs. */
export const MAX_APPENDS_PER_CALL = 64;

interface Waiting extends PendingAppend {
  answer: (result: AppendResult) => void;
  fail: (error: unknown) => void;
}

export function createAppendBatches(opts: {
  /** One call of the script for one account's changes; one result per change, in order. */
  run: (account: string, changes: readonly PendingAppend[]) => Promise<AppendResult[]>;
  /** Runs `flush` once the current turn's appends were all asked for (RedisCommands.afterTurn). */
  afterTurn: (flush: () => void) => void;
}) {
  const pending = new Map<string, Waiting[]>();
  /** Calls in flight, by account. */
  const sending = new Map<string, number>();
  let flushAsked = false;

  function askFlush(): void {
    if (flushAsked) return;
    flushAsked = true;
    opts.afterTurn(flush);
  }

  async function send(account: string, batch: Waiting[]): Promise<void> {
    sending.set(account, (sending.get(account) ?? 0) + 1);
    try {
      const results = await opts.run(account, batch);
      if (results.length !== batch.length) throw new Error(`${results.length} answers for ${batch.length} appends`);
      batch.forEach((waiting, i) => waiting.answer(results[i]!));
    } catch (error) {
      for (const waiting of batch) waiting.fail(error);
    } finally {
      const left = sending.get(account)! - 1;
      if (left > 0) sending.set(account, left);
      else sending.delete(account);
      if (pending.has(account)) askFlush();
    }
  }

  function flush(): void {
    flushAsked = false;
    for (const [account, batch] of pending) {
      // Sent when the account's call in flight returns, together with what arrives meanwhile.
      if (sending.has(account)) continue;
      pending.delete(account);
      void send(account, batch);
    }
  }

  return {
    append(account: string, change: PendingAppend): Promise<AppendResult> {
      return new Promise((answer, fail) => {
        let batch = pending.get(account);
        if (!batch) {
          pending.set(account, (batch = []));
          if (!sending.has(account)) askFlush();
        }
        batch.push({ ...change, answer, fail });
        if (batch.length >= MAX_APPENDS_PER_CALL) {
          pending.delete(account);
          void send(account, batch);
        }
      });
    },
  };
}
