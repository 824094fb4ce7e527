import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { createOutbox } from './outbox';
import { createOutboxSender } from './sender';
import {
  BADGE_VIP,
  BADGE_WARRANTY,
  createFakeClient,
  createManualTimers,
  JOB_A,
  JOB_B,
  JOB_GONE,
} from './testing/fake-client';

const ACCOUNT = 'acc00000-0000-4000-8000-000000000001';
const POLICY = { baseMs: 1_000, maxMs: 60_000 };

function setup() {
  const indexedDB = new IDBFactory();
  let clock = 100_000;
  const fake = createFakeClient({
    [JOB_A]: { active: true, badges: [] },
    [JOB_B]: { active: true, badges: [BADGE_WARRANTY] },
    [JOB_GONE]: { active: false, badges: [] },
  });
  const timers = createManualTimers();
  const openOutbox = () => createOutbox({ accountUuid: ACCOUNT, indexedDB, now: () => clock });
  const outbox = openOutbox();
  const sender = (box = outbox, client = fake.client) =>
    createOutboxSender({
      outbox: box,
      client,
      now: () => clock,
      setTimer: timers.setTimer,
      random: () => 0,
      backoff: POLICY,
    });
  const note = (jobUuid: string, text: string) => outbox.enqueue({ kind: 'note', jobUuid, payload: { note: text } });
  return { fake, timers, outbox, openOutbox, sender, note, advance: (ms: number) => (clock += ms), now: () => clock };
}

const networkDown = () =>
  new ApiError('NetworkError', 'POST /api_1.0/note.json: no answer from the platform (fetch failed)');
const noScope = () =>
  new ApiError(
    'MissingScopeError',
    'POST /api_1.0/note.json: 403 Missing OAuth scope publish_job_notes to create note records',
    { status: 403 },
  );

const creates = (calls: Array<{ op: string; jobUuid: string; noteUuid?: string }>, jobUuid?: string) =>
  calls
    .filter((c) => c.op === 'notes.create' && (jobUuid === undefined || c.jobUuid === jobUuid))
    .map((c) => c.noteUuid);

describe('outbox sender', () => {
  it('sends each job’s writes in order with their client uuids, and empties the outbox', async () => {
    const t = setup();
    const a1 = await t.note(JOB_A, 'a1');
    const b1 = await t.note(JOB_B, 'b1');
    const a2 = await t.note(JOB_A, 'a2');
    const a3 = await t.note(JOB_A, 'a3');
    expect(await t.sender().flush()).toEqual({ sent: 4, rescheduled: 0, failed: 0 });
    expect(creates(t.fake.calls, JOB_A)).toEqual([a1.clientUuid, a2.clientUuid, a3.clientUuid]);
    expect(creates(t.fake.calls, JOB_B)).toEqual([b1.clientUuid]);
    expect(t.fake.notes.get(a2.clientUuid)).toMatchObject({ jobUuid: JOB_A, note: 'a2', writes: 1 });
    expect(await t.outbox.count()).toBe(0);
  });

  it('a job’s later write waits for the earlier one; another job goes ahead meanwhile', async () => {
    const t = setup();
    await t.note(JOB_A, 'a1');
    await t.note(JOB_A, 'a2');
    await t.note(JOB_B, 'b1');
    // Job A's first note fails transiently: a2 must not overtake it, b1 is not held up.
    t.fake.failNext(undefined, networkDown()); // jobs.get(A) passes, create a1 fails
    const report = await t.sender().flush();
    expect(report).toEqual({ sent: 1, rescheduled: 1, failed: 0 });
    const left = await t.outbox.pending();
    expect(left.map((e) => [e.payload, e.state])).toEqual([
      [{ note: 'a1', actionRequired: false }, 'pending'],
      [{ note: 'a2', actionRequired: false }, 'pending'],
    ]);
    expect([...t.fake.notes.values()].map((n) => n.note)).toEqual(['b1']);
  });

  it('backs off transient failures exponentially and sends when the timer fires', async () => {
    const t = setup();
    const entry = await t.note(JOB_A, 'patient');
    const sender = t.sender();
    t.fake.failNext(networkDown()); // the job check
    await sender.flush();
    let stored = await t.outbox.get(entry.seq);
    expect(stored).toMatchObject({
      state: 'pending',
      attempts: 1,
      nextAttemptAt: t.now() + 500,
      lastError: { code: 'transient' },
    });
    expect(t.timers.armed()).toEqual([500]);

    // Fires early (a timer may): nothing is due yet, so nothing is sent and the wait is re-armed.
    t.timers.fire();
    await waitFor(async () => !sender.running && t.timers.armed().length === 1);
    expect(t.fake.notes.size).toBe(0);

    t.advance(500);
    t.fake.failNext(networkDown());
    t.timers.fire();
    await waitFor(async () => (await t.outbox.get(entry.seq))?.attempts === 2 && !sender.running);
    stored = await t.outbox.get(entry.seq);
    expect(stored?.nextAttemptAt).toBe(t.now() + 1_000); // doubled
    expect(t.timers.armed()).toEqual([1_000]);

    t.advance(1_000);
    t.timers.fire();
    await waitFor(async () => (await t.outbox.count()) === 0);
    expect([...t.fake.notes.values()].map((n) => n.note)).toEqual(['patient']);
  });

  it('flush() sends at once what waits for its backoff (the network came back)', async () => {
    const t = setup();
    await t.note(JOB_A, 'x');
    const sender = t.sender();
    t.fake.failNext(networkDown());
    await sender.flush();
    expect(await t.outbox.count()).toBe(1);
    expect(await sender.flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
  });

  it('keeps a permanent failure with what to do, holds the job’s later writes, and sends them after a retry', async () => {
    const t = setup();
    const a1 = await t.note(JOB_A, 'a1');
    await t.outbox.enqueue({ kind: 'badge-add', jobUuid: JOB_A, payload: { badgeUuid: BADGE_VIP } });
    await t.note(JOB_B, 'b1');
    const sender = t.sender();
    t.fake.failNext(undefined, noScope());
    expect(await sender.flush()).toEqual({ sent: 1, rescheduled: 0, failed: 1 });
    const [failed, held] = await t.outbox.pending(JOB_A);
    expect(failed).toMatchObject({ seq: a1.seq, state: 'failed-permanent', lastError: { code: 'missing-scope' } });
    expect(failed?.lastError?.action).toContain('publish_job_notes');
    expect(held).toMatchObject({ kind: 'badge-add', state: 'pending', attempts: 0 });
    expect(t.timers.armed()).toEqual([]); // nothing to wake up for: the person decides

    expect(await sender.retry(a1.seq)).toEqual({ sent: 2, rescheduled: 0, failed: 0 });
    expect(t.fake.jobs[JOB_A]?.badges).toEqual([BADGE_VIP]);
    expect(await t.outbox.count()).toBe(0);
  });

  it('a write on a deleted job fails for good, telling the person to copy the note', async () => {
    const t = setup();
    const gone = await t.note(JOB_GONE, 'for a deleted job');
    await t.outbox.enqueue({
      kind: 'badge-add',
      jobUuid: 'f00d0000-0000-4000-8000-000000000404',
      payload: { badgeUuid: BADGE_VIP },
    });
    expect(await t.sender().flush()).toEqual({ sent: 0, rescheduled: 0, failed: 2 });
    const entries = await t.outbox.pending();
    expect(entries.map((e) => e.lastError?.code)).toEqual(['job-gone', 'job-gone']);
    expect(entries[0]?.lastError?.action).toMatch(/Copy your note/);
    expect(creates(t.fake.calls)).toEqual([]); // never written where nobody would see it
    expect(await t.outbox.discard(gone.seq)).toMatchObject({ payload: { note: 'for a deleted job' } });
  });

  it('reads no job before a write when the browser knows it is not deleted, and still refuses a deleted one', async () => {
    const t = setup();
    await t.note(JOB_A, 'on a job the live cache holds');
    await t.note(JOB_GONE, 'on a job it does not know');
    const known = new Set<string>([JOB_A]);
    const sender = createOutboxSender({
      outbox: t.outbox,
      client: t.fake.client,
      now: t.now,
      setTimer: t.timers.setTimer,
      random: () => 0,
      backoff: POLICY,
      knownLive: async (uuid) => known.has(uuid),
    });
    expect(await sender.flush()).toEqual({ sent: 1, rescheduled: 0, failed: 1 });
    expect(t.fake.calls.filter((c) => c.op === 'jobs.get').map((c) => c.jobUuid)).toEqual([JOB_GONE]);
    expect(creates(t.fake.calls)).toHaveLength(1);
  });

  it('applies badge changes as set operations, so replaying one changes nothing', async () => {
    const t = setup();
    await t.outbox.enqueue({ kind: 'badge-add', jobUuid: JOB_B, payload: { badgeUuid: BADGE_VIP } });
    await t.outbox.enqueue({ kind: 'badge-add', jobUuid: JOB_B, payload: { badgeUuid: BADGE_VIP } }); // replay
    await t.outbox.enqueue({ kind: 'badge-remove', jobUuid: JOB_B, payload: { badgeUuid: BADGE_WARRANTY } });
    await t.outbox.enqueue({ kind: 'badge-remove', jobUuid: JOB_B, payload: { badgeUuid: BADGE_WARRANTY } }); // replay
    expect(await t.sender().flush()).toMatchObject({ sent: 4, failed: 0 });
    expect(t.fake.jobs[JOB_B]?.badges).toEqual([BADGE_VIP]);
    expect(t.fake.calls.filter((c) => c.op === 'jobs.setBadges')).toHaveLength(2);
  });

  it('a write a stopped worker left mid-send: read back by its uuid first, so it is never sent twice', async () => {
    const t = setup();
    const entry = await t.note(JOB_A, 'sent just before the worker died');
    // The old worker: its request reaches the platform, then the worker is stopped before it hears back.
    t.fake.dieAfterNextCreate();
    const killedBox = t.openOutbox();
    void t.sender(killedBox).flush();
    await waitFor(async () => t.fake.notes.size === 1);
    expect(await t.outbox.get(entry.seq)).toMatchObject({ state: 'sending', attempts: 1 });

    const restarted = t.sender(t.openOutbox());
    expect(await restarted.flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect(await t.outbox.count()).toBe(0);
    // The platform had it: found by its uuid, not created again (this platform would refuse a repeat).
    expect(creates(t.fake.calls)).toEqual([entry.clientUuid]);
    expect(t.fake.calls.filter((c) => c.op === 'notes.get').map((c) => c.noteUuid)).toEqual([entry.clientUuid]);
    expect(t.fake.notes.size).toBe(1);
  });

  it('a write whose earlier send never reached the platform is sent after the read finds nothing', async () => {
    const t = setup();
    const entry = await t.note(JOB_A, 'the first try was lost on the way');
    t.fake.failNext(undefined, new ApiError('NetworkError', 'POST /api_1.0/note.json: no answer', { status: null }));
    expect(await t.sender().flush()).toEqual({ sent: 0, rescheduled: 1, failed: 0 });
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect(t.fake.calls.filter((c) => c.op === 'notes.get').map((c) => c.noteUuid)).toEqual([entry.clientUuid]);
    expect(t.fake.notes.get(entry.clientUuid)?.note).toBe('the first try was lost on the way');
  });

  it('two flushes at once send each write once, and both resolve when all is sent', async () => {
    const t = setup();
    for (let i = 0; i < 10; i++) await t.note(i % 2 ? JOB_A : JOB_B, `n${i}`);
    const sender = t.sender();
    const [one, two] = await Promise.all([sender.flush(), sender.flush()]);
    expect(one).toBe(two);
    expect(one.sent).toBe(10);
    expect(creates(t.fake.calls)).toHaveLength(10);
    expect(new Set(creates(t.fake.calls)).size).toBe(10);
  });

  it('start() sends new writes as they are enqueued; stop() ends that', async () => {
    const t = setup();
    const sender = t.sender();
    await sender.start();
    await t.note(JOB_A, 'live');
    await waitFor(async () => (await t.outbox.count()) === 0 && !sender.running);
    expect(t.fake.notes.size).toBe(1);
    sender.stop();
    await t.note(JOB_A, 'after stop');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.fake.notes.size).toBe(1);
    expect(await t.outbox.count()).toBe(1);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
