// A text to the customer through the outbox: after the "On my way" note, once; offline it waits and goes when the
// platform answers again (within the hour); a text whose answer was lost is never sent again by itself, and the
// person is told in words; one the platform refused may go again; one that waited over an hour asks first.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { createOutbox } from './outbox';
import { createOutboxSender } from './sender';
import { TEXT_FRESH_MS } from './send-text';
import { createFakeClient, createManualTimers, JOB_A, JOB_GONE } from './testing/fake-client';

const ACCOUNT = 'acc00000-0000-4000-8000-000000000001';
const STAFF = '5aff0000-0000-4000-8000-000000000007';
const TEXT = { to: '+61412345678', message: 'Sam is on the way to you now.', name: 'Jane Citizen' };

function setup(start = 1_000_000) {
  let now = start;
  const fake = createFakeClient({ [JOB_A]: { active: true, badges: [] }, [JOB_GONE]: { active: false, badges: [] } });
  const outbox = createOutbox({ accountUuid: ACCOUNT, staffUuid: STAFF, indexedDB: new IDBFactory(), now: () => now });
  const sender = createOutboxSender({
    outbox,
    client: fake.client,
    now: () => now,
    setTimer: createManualTimers().setTimer,
    random: () => 0,
  });
  const onMyWay = async () => {
    await outbox.enqueue({ kind: 'note', jobUuid: JOB_A, payload: { note: 'On my way.' } });
    return outbox.enqueue({ kind: 'text', jobUuid: JOB_A, payload: TEXT });
  };
  return { fake, outbox, sender, onMyWay, later: (ms: number) => (now += ms) };
}

const offline = () => new ApiError('NetworkError', 'Failed to fetch', { status: null });

describe('a text to the customer through the outbox', () => {
  it('is sent once, after the "On my way" note, to the number, naming the job', async () => {
    const t = setup();
    await t.onMyWay();
    expect(await t.sender.flush()).toEqual({ sent: 2, rescheduled: 0, failed: 0 });
    expect(t.fake.texts).toEqual([{ to: TEXT.to, message: TEXT.message, jobUuid: JOB_A }]);
    const order = t.fake.calls.map((c) => c.op).filter((op) => op === 'notes.create' || op === 'texts.send');
    expect(order).toEqual(['notes.create', 'texts.send']);
    expect(await t.outbox.pending()).toEqual([]);
  });

  it('offline: waits, and goes once when the platform answers again within the hour', async () => {
    const t = setup();
    await t.onMyWay();
    // The note goes (its job read, its create); then no signal: the text's first read gets no answer, so its request never leaves.
    t.fake.failNext(undefined, undefined, offline());
    expect(await t.sender.flush()).toMatchObject({ sent: 1, rescheduled: 1 });
    const [waiting] = await t.outbox.pending();
    expect(waiting).toMatchObject({ kind: 'text', state: 'pending' });
    expect(waiting!.postedAt).toBeUndefined();
    t.later(20 * 60_000);
    expect(await t.sender.flush()).toMatchObject({ sent: 1, failed: 0 });
    expect(t.fake.texts).toHaveLength(1);
  });

  it('is not sent again by itself when its answer was lost; the person is told it may not have gone', async () => {
    const t = setup();
    await t.onMyWay();
    t.fake.loseNextTextAnswer();
    expect(await t.sender.flush()).toMatchObject({ sent: 1, rescheduled: 1 });
    expect(t.fake.texts).toHaveLength(1);
    t.later(60_000);
    expect(await t.sender.flush()).toMatchObject({ sent: 0, failed: 1 });
    expect(t.fake.texts).toHaveLength(1);
    const [kept] = await t.outbox.pending();
    expect(kept!.state).toBe('failed-permanent');
    expect(kept!.lastError).toMatchObject({ code: 'text-unsure' });
    expect(kept!.lastError!.message).toMatch(/may not have been sent/);
    expect(kept!.lastError!.action).toMatch(/will not send it again by itself/);
    expect(kept!.lastError!.message + kept!.lastError!.action).not.toMatch(/sms|publish_|40\d|50\d/i);
    // Only the person's Retry sends it once more.
    await t.sender.retry(kept!.seq);
    expect(t.fake.texts).toHaveLength(2);
    expect(await t.outbox.pending()).toEqual([]);
  });

  it('a worker stopped while the text was on its way leaves it unsure, not sent twice', async () => {
    const t = setup();
    const entry = await t.onMyWay();
    await t.outbox.claim(entry.seq);
    await t.outbox.markPosted(entry.seq, 1);
    // The new worker finds it `sending`, and the note before it.
    expect(await t.sender.flush()).toMatchObject({ sent: 1, failed: 1 });
    expect(t.fake.texts).toEqual([]);
    expect((await t.outbox.get(entry.seq))!.lastError!.code).toBe('text-unsure');
  });

  it('a refusal is known not to have sent it: retried by the person, it goes once', async () => {
    const t = setup();
    const entry = await t.onMyWay();
    t.fake.failNext(
      undefined,
      undefined,
      undefined,
      new ApiError('MissingScopeError', 'Missing OAuth scope publish_sms to send SMS', { status: 403 }),
    );
    expect(await t.sender.flush()).toMatchObject({ sent: 1, failed: 1 });
    const failed = (await t.outbox.get(entry.seq))!;
    expect(failed.lastError!.code).toBe('missing-scope');
    expect(failed.postedAt).toBeUndefined();
    await t.sender.retry(entry.seq);
    expect(t.fake.texts).toHaveLength(1);
  });

  it('after more than an hour without signal it asks instead of texting; Retry sends it then', async () => {
    const t = setup();
    const entry = await t.onMyWay();
    t.fake.failNext(offline());
    await t.sender.flush();
    t.later(TEXT_FRESH_MS + 1);
    expect(await t.sender.flush()).toMatchObject({ sent: 1, failed: 1 });
    expect(t.fake.texts).toEqual([]);
    const late = (await t.outbox.get(entry.seq))!;
    expect(late.lastError).toMatchObject({ code: 'text-late' });
    expect(late.lastError!.message).toMatch(/more than an hour/);
    await t.sender.retry(entry.seq);
    expect(t.fake.texts).toHaveLength(1);
  });

  it('is not sent for a job that was deleted', async () => {
    const t = setup();
    await t.outbox.enqueue({ kind: 'text', jobUuid: JOB_GONE, payload: TEXT });
    expect(await t.sender.flush()).toMatchObject({ failed: 1 });
    expect(t.fake.texts).toEqual([]);
  });

  it('takes only a number in international form and a message', async () => {
    const t = setup();
    for (const payload of [
      { ...TEXT, to: '0412 345 678' },
      { ...TEXT, message: '  ' },
      { ...TEXT, to: '+0412' },
    ])
      await expect(t.outbox.enqueue({ kind: 'text', jobUuid: JOB_A, payload })).rejects.toThrow();
  });
});
