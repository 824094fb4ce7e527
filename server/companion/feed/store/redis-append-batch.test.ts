import { describe, expect, it } from 'vitest';
import { createAppendBatches, MAX_APPENDS_PER_CALL, type PendingAppend } from './redis-append-batch';
import type { AppendResult } from './types';

// How appends asked for in one turn become calls of the append script: the store's contract
// (tests/support/companion/feed-store-contract.ts) checks what each caller is answered against a real Redis; this
// checks the calls themselves, and that a failed call leaves none of its callers acknowledged.

const pending = (n: number): PendingAppend => ({ json: `{"n":${n}}`, key: `k${n}`, generation: 0 });
const turn = () => new Promise((resolve) => setImmediate(resolve));

function recorder(fail?: Error) {
  const calls: { account: string; keys: string[] }[] = [];
  const batches = createAppendBatches({
    afterTurn: (flush) => setImmediate(flush),
    run: async (account, changes) => {
      calls.push({ account, keys: changes.map((c) => c.key) });
      if (fail) throw fail;
      return changes.map((c): AppendResult => ({ kind: 'appended', id: `${account}/${c.key}` }));
    },
  });
  return { calls, batches };
}

describe('append batches', () => {
  it("makes one call per account of a turn's appends, in the order asked, answering each its own", async () => {
    const { calls, batches } = recorder();
    const answers = Promise.all([
      batches.append('a', pending(1)),
      batches.append('b', pending(1)),
      batches.append('a', pending(2)),
    ]);
    expect(calls).toEqual([]);
    expect(await answers).toEqual([
      { kind: 'appended', id: 'a/k1' },
      { kind: 'appended', id: 'b/k1' },
      { kind: 'appended', id: 'a/k2' },
    ]);
    expect(calls).toEqual([
      { account: 'a', keys: ['k1', 'k2'] },
      { account: 'b', keys: ['k1'] },
    ]);
    await batches.append('a', pending(3));
    expect(calls.at(-1)).toEqual({ account: 'a', keys: ['k3'] });
  });

  it('sends a full call at once, without waiting for the turn to end', async () => {
    const { calls, batches } = recorder();
    const answers = Array.from({ length: MAX_APPENDS_PER_CALL + 1 }, (_, i) => batches.append('a', pending(i)));
    expect(calls.map((c) => c.keys.length)).toEqual([MAX_APPENDS_PER_CALL]);
    await turn();
    expect(calls.map((c) => c.keys.length)).toEqual([MAX_APPENDS_PER_CALL, 1]);
    expect((await Promise.all(answers)).map((r) => r.kind === 'appended' && r.id)).toEqual(
      Array.from({ length: MAX_APPENDS_PER_CALL + 1 }, (_, i) => `a/k${i}`),
    );
  });

  it("holds an account's appends while its call is in flight, and sends what gathered as one call when it returns", async () => {
    const calls: string[][] = [];
    const inFlight: (() => void)[] = [];
    const batches = createAppendBatches({
      afterTurn: (flush) => setImmediate(flush),
      run: async (account, changes) => {
        calls.push(changes.map((c) => c.key));
        await new Promise<void>((resolve) => inFlight.push(resolve));
        return changes.map((c): AppendResult => ({ kind: 'appended', id: `${account}/${c.key}` }));
      },
    });
    const first = batches.append('a', pending(1));
    await turn();
    expect(calls).toEqual([['k1']]);
    // Three more turns while the first call is in flight, and another account's append meanwhile.
    const later = [batches.append('a', pending(2))];
    await turn();
    later.push(batches.append('a', pending(3)));
    const other = batches.append('b', pending(1));
    await turn();
    later.push(batches.append('a', pending(4)));
    await turn();
    expect(calls).toEqual([['k1'], ['k1']]);
    inFlight.shift()!();
    expect(await first).toEqual({ kind: 'appended', id: 'a/k1' });
    await turn();
    expect(calls).toEqual([['k1'], ['k1'], ['k2', 'k3', 'k4']]);
    inFlight.forEach((go) => go());
    expect((await Promise.all(later)).map((r) => r.kind === 'appended' && r.id)).toEqual(['a/k2', 'a/k3', 'a/k4']);
    expect(await other).toEqual({ kind: 'appended', id: 'b/k1' });
  });

  it('fails every append of a call that failed, and of one answered with the wrong number of results', async () => {
    const refused = new Error('Redis refused');
    const { batches } = recorder(refused);
    const answers = [batches.append('a', pending(1)), batches.append('a', pending(2))];
    for (const answer of answers) await expect(answer).rejects.toBe(refused);
    const short = createAppendBatches({ afterTurn: queueMicrotask, run: async () => [{ kind: 'duplicate' }] });
    const both = [short.append('a', pending(1)), short.append('a', pending(2))];
    for (const answer of both) await expect(answer).rejects.toThrow('1 answers for 2 appends');
  });
});
