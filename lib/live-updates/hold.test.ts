import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHold, MAX_HOLDS, mergeChanges, SETTLE_MS } from './hold';
import type { FeedChange } from './types';
import { toUuid } from '../../contracts/uuid';

const uuid = (n: number) => toUuid(`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
const change = (id: string, n = 1, over: Partial<FeedChange> = {}): FeedChange => ({
  id,
  object: 'job',
  uuid: uuid(n),
  changed_fields: ['status'],
  time: '2026-11-21 07:00:00',
  resource_url: '',
  ...over,
});

function setup(opts: { applyMs?: number; fail?: boolean } = {}) {
  const batches: string[][] = [];
  const positions: Array<string | null | undefined> = [];
  const hold = createHold({
    apply: async (batch) => {
      positions.push(hold.safePosition());
      batches.push(batch.map((c) => c.id));
      if (opts.applyMs) await new Promise((r) => setTimeout(r, opts.applyMs));
      if (opts.fail) throw new Error('the platform is down');
    },
  });
  return { batches, positions, hold };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('createHold', () => {
  it('holds a live change until its second has surely passed; a later change of it wins and waits again', async () => {
    const { batches, hold } = setup();
    hold.live(change('p1'), 'p0');
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 100);
    hold.live(change('p2', 1, { time: '2026-11-21 07:00:01' }), 'p1');
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 1);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['p2']]);
  });

  it(`applies a record that keeps changing ${MAX_HOLDS} settle periods after its first change`, async () => {
    const { batches, hold } = setup();
    const start = Date.now();
    for (let n = 1; n <= 10; n++) {
      hold.live(change(`p${n}`), `p${n - 1}`);
      await vi.advanceTimersByTimeAsync(SETTLE_MS / 2);
      if (batches.length > 0) break;
    }
    // A change every half settle period: the eighth came 3.5 periods after the first, and went with no more wait.
    expect(batches).toEqual([['p8']]);
    expect(Date.now() - start).toBe(MAX_HOLDS * SETTLE_MS);
  });

  it('applies together the records whose hold has ended, one batch at a time; what ends meanwhile waits', async () => {
    const { batches, hold } = setup({ applyMs: 500 });
    hold.caughtUp(change('p1', 1));
    hold.caughtUp(change('p2', 2));
    hold.caughtUp(change('p3', 1)); // the same record again: one read
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['p2', 'p3']]); // in the order of each record's latest change, without waiting
    hold.live(change('p4', 3), 'p3');
    hold.live(change('p5', 4), 'p4');
    await vi.advanceTimersByTimeAsync(SETTLE_MS); // their holds end together: one batch
    expect(batches).toEqual([
      ['p2', 'p3'],
      ['p4', 'p5'],
    ]);
    hold.live(change('p6', 5), 'p5');
    await vi.advanceTimersByTimeAsync(SETTLE_MS); // p6 is applied, taking 500 ms
    hold.caughtUp(change('p7', 6));
    hold.caughtUp(change('p8', 7));
    await vi.advanceTimersByTimeAsync(100);
    expect(batches).toHaveLength(3);
    const idle = hold.idle();
    await vi.advanceTimersByTimeAsync(1_000);
    await idle;
    expect(batches).toEqual([['p2', 'p3'], ['p4', 'p5'], ['p6'], ['p7', 'p8']]);
  });

  it('says which position may be saved: just before the oldest record still held', async () => {
    const { positions, hold } = setup();
    expect(hold.safePosition()).toBeUndefined();
    hold.live(change('p1', 1), 'p0');
    await vi.advanceTimersByTimeAsync(SETTLE_MS / 2);
    hold.live(change('p2', 2), 'p1');
    hold.live(change('p3', 1), 'p2'); // the first record again: still held since p0
    expect(hold.safePosition()).toBe('p0');
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    // p1's hold restarted with p3 and ended with p2's: nothing held while they were applied.
    expect(positions).toEqual([undefined]);
    hold.live(change('p4', 3), 'p3');
    await vi.advanceTimersByTimeAsync(SETTLE_MS / 2);
    hold.live(change('p5', 4), 'p4');
    await vi.advanceTimersByTimeAsync(SETTLE_MS / 2);
    expect(positions).toEqual([undefined, 'p4']);
  });

  it('keeps going after a failed batch; clear drops what is held and due', async () => {
    const { batches, hold } = setup({ fail: true });
    hold.caughtUp(change('p1', 1));
    await vi.advanceTimersByTimeAsync(0);
    hold.caughtUp(change('p2', 2));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['p1'], ['p2']]);
    hold.live(change('p3', 3), 'p2');
    hold.caughtUp(change('p4', 4));
    hold.clear();
    await vi.advanceTimersByTimeAsync(SETTLE_MS * MAX_HOLDS);
    expect(batches).toHaveLength(2);
    expect(hold.safePosition()).toBeUndefined();
    await expect(hold.idle()).resolves.toBeUndefined();
  });

  it('two changes of one job in one second, both with records: neither record is trusted, the job is read', async () => {
    const applied: FeedChange[] = [];
    const hold = createHold({ apply: async (batch) => void applied.push(...batch) });
    const record = { uuid: uuid(1), edit_date: '2026-11-21 07:00:00' };
    hold.live(change('p1', 1, { record }), 'p0');
    hold.live(change('p2', 1, { record, yours: 'record' }), 'p1');
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(applied).toHaveLength(1);
    expect(applied[0]).not.toHaveProperty('record');
    expect(applied[0]).toMatchObject({ id: 'p2', yours: 'record' });
  });
});

describe('mergeChanges', () => {
  const at = (time: string, over: Partial<FeedChange> = {}) =>
    change('p1', 1, { time, record: { uuid: uuid(1) }, ...over });

  it('within the same second: the record is not trusted, so the job is read once its second has passed', () => {
    const merged = mergeChanges(at('2026-11-21 07:00:00'), at('2026-11-21 07:00:00', { yours: 'record' }));
    expect(merged).not.toHaveProperty('record');
    expect(merged.yours).toBe('record');
  });

  it('in different seconds: the later one, with its record', () => {
    const later = at('2026-11-21 07:00:01');
    expect(mergeChanges(at('2026-11-21 07:00:00'), later)).toBe(later);
  });
});
