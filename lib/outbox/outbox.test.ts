import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createOutbox } from './outbox';
import type { OutboxChange, OutboxError } from './types';
import { BADGE_VIP, JOB_A, JOB_B } from './testing/fake-client';

const ACCOUNT = 'acc00000-0000-4000-8000-000000000001';
const STAFF = 'staff000-0000-4000-8000-000000000001';

function setup(at = 1_000) {
  const indexedDB = new IDBFactory();
  let clock = at;
  const open = (staffUuid: string | null = STAFF) =>
    createOutbox({ accountUuid: ACCOUNT, ...(staffUuid ? { staffUuid } : {}), indexedDB, now: () => clock });
  return { indexedDB, open, setClock: (t: number) => (clock = t) };
}

const transient: OutboxError = { code: 'transient', message: 'offline', action: 'wait', detail: 'NetworkError', at: 1 };
const permanent: OutboxError = {
  code: 'job-gone',
  message: 'deleted',
  action: 'copy',
  detail: 'NotFoundError 404',
  at: 1,
};

describe('outbox store', () => {
  it('names its database per account and staff member', () => {
    const { open } = setup();
    expect(open().name).toBe(`fieldside-outbox-${ACCOUNT}-${STAFF}`);
    expect(open(null).name).toBe(`fieldside-outbox-${ACCOUNT}-all`);
  });

  it('enqueue stores the write as pending at once and tells listeners', async () => {
    const { open } = setup(5_000);
    const outbox = open();
    const changes: OutboxChange[] = [];
    outbox.subscribe((c) => changes.push(c));
    const entry = await outbox.enqueue({
      kind: 'note',
      jobUuid: JOB_A.toUpperCase(),
      payload: { note: 'Gate code 1234' },
    });
    expect(entry).toMatchObject({
      kind: 'note',
      jobUuid: JOB_A,
      state: 'pending',
      attempts: 0,
      createdAt: 5_000,
      nextAttemptAt: 5_000,
      payload: { note: 'Gate code 1234', actionRequired: false },
    });
    expect(entry.clientUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await outbox.pending()).toEqual([entry]);
    expect(await outbox.count()).toBe(1);
    expect(changes).toEqual([{ type: 'added', entry }]);
  });

  it('refuses invalid writes before storing anything', async () => {
    const outbox = setup().open();
    await expect(outbox.enqueue({ kind: 'note', jobUuid: JOB_A, payload: { note: '   ' } })).rejects.toThrow(
      /some text/,
    );
    await expect(
      outbox.enqueue({ kind: 'badge-add', jobUuid: 'job-1', payload: { badgeUuid: BADGE_VIP } }),
    ).rejects.toThrow(/uuid/);
    expect(await outbox.count()).toBe(0);
  });

  it('keeps one entry for a client uuid enqueued twice (a double submit)', async () => {
    const outbox = setup().open();
    const clientUuid = 'c0ffee00-0000-4000-8000-000000000001';
    const first = await outbox.enqueue({ kind: 'note', jobUuid: JOB_A, clientUuid, payload: { note: 'once' } });
    const second = await outbox.enqueue({ kind: 'note', jobUuid: JOB_A, clientUuid, payload: { note: 'once' } });
    expect(second.seq).toBe(first.seq);
    expect(await outbox.count()).toBe(1);
  });

  it('lists a job’s writes in the order they were written', async () => {
    const outbox = setup().open();
    const a1 = await outbox.enqueue({ kind: 'note', jobUuid: JOB_A, payload: { note: 'a1' } });
    await outbox.enqueue({ kind: 'note', jobUuid: JOB_B, payload: { note: 'b1' } });
    const a2 = await outbox.enqueue({ kind: 'badge-add', jobUuid: JOB_A, payload: { badgeUuid: BADGE_VIP } });
    const a3 = await outbox.enqueue({ kind: 'note', jobUuid: JOB_A, payload: { note: 'a3' } });
    expect((await outbox.pending(JOB_A)).map((e) => e.seq)).toEqual([a1.seq, a2.seq, a3.seq]);
    expect(a1.seq < a2.seq && a2.seq < a3.seq).toBe(true);
  });

  it('moves entries through pending, sending, failed and back, and never loses one by accident', async () => {
    const { open, setClock } = setup(1_000);
    const outbox = open();
    const removed: Array<{ sent: boolean }> = [];
    outbox.subscribe((c) => c.type === 'removed' && removed.push({ sent: c.sent }));
    const { seq } = await outbox.enqueue({ kind: 'note', jobUuid: JOB_A, payload: { note: 'x' } });

    expect(await outbox.claim(seq)).toMatchObject({ state: 'sending', attempts: 1 });
    expect(await outbox.claim(seq)).toBeUndefined(); // one sender at a time
    expect(await outbox.discard(seq)).toBeUndefined(); // may be on the wire already
    expect(await outbox.reschedule(seq, transient, 9_000)).toMatchObject({
      state: 'pending',
      nextAttemptAt: 9_000,
      lastError: transient,
    });

    await outbox.claim(seq);
    expect(await outbox.fail(seq, permanent)).toMatchObject({
      state: 'failed-permanent',
      attempts: 2,
      lastError: permanent,
    });
    expect(await outbox.claim(seq)).toBeUndefined(); // failed waits for the person

    setClock(20_000);
    const retried = await outbox.retry(seq);
    expect(retried).toMatchObject({ state: 'pending', nextAttemptAt: 20_000 });
    expect(retried?.lastError).toBeUndefined();

    expect(await outbox.discard(seq)).toMatchObject({ seq });
    const other = await outbox.enqueue({ kind: 'note', jobUuid: JOB_A, payload: { note: 'y' } });
    await outbox.claim(other.seq);
    await outbox.complete(other.seq);
    expect(removed).toEqual([{ sent: false }, { sent: true }]);
    expect(await outbox.count()).toBe(0);
  });

  it('retryFailed revives every failed write of a job', async () => {
    const outbox = setup().open();
    const ids = [];
    for (const jobUuid of [JOB_A, JOB_A, JOB_B]) {
      const { seq } = await outbox.enqueue({ kind: 'note', jobUuid, payload: { note: 'n' } });
      await outbox.claim(seq);
      await outbox.fail(seq, permanent);
      ids.push(seq);
    }
    expect(await outbox.retryFailed(JOB_A)).toBe(2);
    expect((await outbox.pending()).map((e) => e.state)).toEqual(['pending', 'pending', 'failed-permanent']);
  });

  it('survives closing and reopening; another staff member’s outbox is separate', async () => {
    const { open } = setup();
    const first = open();
    const entry = await first.enqueue({ kind: 'badge-remove', jobUuid: JOB_B, payload: { badgeUuid: BADGE_VIP } });
    await first.close();
    expect(await open().pending()).toEqual([entry]);
    expect(await open('staff000-0000-4000-8000-000000000002').count()).toBe(0);
  });

  it('recoverSending puts writes a stopped worker left mid-send back to pending, attempts kept', async () => {
    const { open } = setup();
    const killed = open();
    const a = await killed.enqueue({ kind: 'note', jobUuid: JOB_A, payload: { note: 'a' } });
    const b = await killed.enqueue({ kind: 'note', jobUuid: JOB_B, payload: { note: 'b' } });
    await killed.claim(a.seq);
    await killed.close();

    const restarted = open();
    expect(await restarted.recoverSending()).toBe(1);
    const entries = await restarted.pending();
    expect(entries.map((e) => [e.seq, e.state, e.attempts])).toEqual([
      [a.seq, 'pending', 1],
      [b.seq, 'pending', 0],
    ]);
  });
});
