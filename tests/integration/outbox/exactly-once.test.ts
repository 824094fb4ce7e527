// The outbox against the real emulator: 200 notes written offline, the worker stopped in the middle
// of sending once back online, and exactly 200 notes on the platform afterwards, whatever the platform
// does with a create that repeats a uuid (nobody knows: the emulator plays each); then the same under
// injected 5xx faults, and under answers lost after the platform wrote the note.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createOutboxSender } from '../../../lib/outbox/sender';
import { dyingFetch, offlineFetch, startOutboxPlatform, TECH_SCOPES, waitFor, type OutboxPlatform } from './platform';
import { setUpFile } from '../../support/set-up-file';

let platform: OutboxPlatform;
setUpFile(async (own) => {
  platform = own(await startOutboxPlatform(61));
});

/** Timers of a worker that is about to die: it never wakes up again. */
const noTimers = () => () => {};

/** The ways the platform may take a create that repeats a uuid (nobody knows which it does): the emulator plays each. */
const UUID_REUSES = ['update', 'refuse', 'duplicate'] as const;

/** The emulator set to take a repeated uuid as `uuidReuse` says, and the seeded jobs [from, to) of the test. */
async function reusing(uuidReuse: (typeof UUID_REUSES)[number], [from, to]: number[]): Promise<string[]> {
  await platform.control.setUuidReuse(uuidReuse);
  return platform.jobUuids.slice(from, to);
}

/** `count` notes (`${words} ${i}`) written to a new outbox, taking turns between two jobs: the outbox, the notes the
 * jobs held before, and the notes' client uuids. */
async function notesWritten(jobs: string[], count: number, words: string) {
  const outbox = platform.outboxes()();
  const seeded = await platform.notesOn(jobs);
  const uuids = new Set<string>();
  for (let i = 0; i < count; i++) {
    const entry = await outbox.enqueue({ kind: 'note', jobUuid: jobs[i % 2]!, payload: { note: `${words} ${i}` } });
    uuids.add(entry.clientUuid);
  }
  return { outbox, seeded, uuids };
}

describe.each(UUID_REUSES)('outbox, exactly once, where a repeated uuid would %s', (uuidReuse) => {
  const JOBS = { update: [0, 4], refuse: [6, 10], duplicate: [12, 16] }[uuidReuse];

  it('200 notes written offline reach the platform exactly once, though the worker is stopped mid-send', async () => {
    const jobs = await reusing(uuidReuse, JOBS);
    const openOutbox = platform.outboxes();
    const seeded = await platform.notesOn(jobs);

    // Offline: the notes are stored and shown as pending at once; sending fails and backs off.
    const outbox = openOutbox();
    const written = new Map<string, string>();
    for (let i = 0; i < 200; i++) {
      const entry = await outbox.enqueue({
        kind: 'note',
        jobUuid: jobs[i % 4]!,
        payload: { note: `Offline note ${i} <b>as text</b>` },
      });
      written.set(entry.clientUuid, entry.kind === 'note' ? entry.payload.note : '');
    }
    const offline = createOutboxSender({
      outbox,
      client: await platform.technicianClient(TECH_SCOPES, { fetch: offlineFetch }),
      setTimer: noTimers,
    });
    expect(await offline.flush()).toEqual({ sent: 0, rescheduled: 4, failed: 0 });
    expect(await outbox.count()).toBe(200);
    expect(await platform.newNotesOn(jobs, seeded)).toHaveLength(0);

    // Back online; the browser stops the worker after its 80th note reached the platform. Its
    // answers, and everything after, never come back: the sender object is simply abandoned.
    const dying = dyingFetch(80);
    const doomed = createOutboxSender({
      outbox,
      client: await platform.technicianClient(TECH_SCOPES, { fetch: dying.fetch, timeoutMs: 10 * 60_000 }),
      setTimer: noTimers,
    });
    void doomed.flush();
    await waitFor(() => dying.isDead());
    const onPlatformAtDeath = (await platform.newNotesOn(jobs, seeded)).length;
    expect(onPlatformAtDeath).toBeGreaterThanOrEqual(81);
    expect(onPlatformAtDeath).toBeLessThan(200);
    const left = await outbox.pending();
    // What the platform took just before the end is still in the outbox, some of it marked sending.
    expect(left.length).toBeGreaterThan(200 - onPlatformAtDeath);
    // ...among them the note whose create the platform processed when the worker died: it must be replayed, not duplicated.
    const atDeath = new Set((await platform.newNotesOn(jobs, seeded)).map((n) => n.uuid));
    expect(left.some((e) => e.state === 'sending' && atDeath.has(e.clientUuid))).toBe(true);

    // A new worker opens the same database and sends the rest, replaying the unanswered ones.
    const restartedOutbox = openOutbox();
    const restarted = createOutboxSender({
      outbox: restartedOutbox,
      client: await platform.technicianClient(TECH_SCOPES),
    });
    const report = await restarted.flush();
    expect(report.failed).toBe(0);
    expect(report.sent).toBe(left.length);
    expect(await restartedOutbox.count()).toBe(0);

    const notes = await platform.newNotesOn(jobs, seeded);
    expect(notes).toHaveLength(200);
    expect(new Set(notes.map((n) => n.uuid))).toEqual(new Set(written.keys()));
    for (const note of notes) {
      expect(note.edit_by_staff_uuid).toBe(platform.technician.uuid);
      expect(note.note).toBe(written.get(String(note.uuid)));
      expect(Number(note.active)).toBe(1);
    }
    restarted.stop();
    await restartedOutbox.close();
  });
});

describe('outbox, exactly once, on a faulty network', () => {
  it('with 5 % of requests failing (503), every note still lands exactly once', async () => {
    await platform.control.setUuidReuse('refuse');
    const jobs = platform.jobUuids.slice(4, 6);
    const { outbox, seeded, uuids } = await notesWritten(jobs, 120, 'Faulty network note');
    const statsBefore = await platform.control.stats();
    await platform.control.injectFault({ kind: 'status', status: 503, rate: 0.05 });
    // A client that does not retry by itself, so every 503 reaches the outbox, its backoff and its retry.
    const client = await platform.technicianClient(TECH_SCOPES, { retryLimit: 0 });
    const sender = createOutboxSender({ outbox, client, setTimer: noTimers });
    let rounds = 0;
    let rescheduled = 0;
    while ((await outbox.count()) > 0 && rounds < 100) {
      const report = await sender.flush();
      expect(report.failed).toBe(0);
      rescheduled += report.rescheduled;
      rounds++;
    }
    expect(rescheduled).toBeGreaterThan(0);
    await platform.control.clearFaults();
    const statsAfter = await platform.control.stats();
    expect(statsAfter.faultsInjected - statsBefore.faultsInjected).toBeGreaterThan(0);
    expect(await outbox.count()).toBe(0);
    const notes = await platform.newNotesOn(jobs, seeded);
    expect(notes).toHaveLength(120);
    expect(new Set(notes.map((n) => n.uuid))).toEqual(uuids);
    await outbox.close();
  });
});

describe.each(UUID_REUSES)('outbox, exactly once, when answers are lost and a repeated uuid would %s', (uuidReuse) => {
  const JOBS = { update: [20, 22], refuse: [22, 24], duplicate: [24, 26] }[uuidReuse];

  it('one create in eight is carried out but its answer never arrives: every note still lands exactly once', async () => {
    const jobs = await reusing(uuidReuse, JOBS);
    const { outbox, seeded, uuids } = await notesWritten(jobs, 40, 'Lost answer note');
    const statsBefore = await platform.control.stats();
    await platform.control.injectFault({ kind: 'lose_answer', rate: 0.125, pathPrefix: '/api_1.0/note.json' });
    // The client's own retries stay on: it must not resend a create by itself.
    const sender = createOutboxSender({
      outbox,
      client: await platform.technicianClient(TECH_SCOPES),
      setTimer: noTimers,
    });
    let rounds = 0;
    while ((await outbox.count()) > 0 && rounds < 60) {
      expect((await sender.flush()).failed).toBe(0);
      rounds++;
    }
    await platform.control.clearFaults();
    expect((await platform.control.stats()).faultsInjected - statsBefore.faultsInjected).toBeGreaterThan(0);
    expect(await outbox.count()).toBe(0);
    const notes = await platform.newNotesOn(jobs, seeded);
    expect(notes).toHaveLength(40);
    expect(new Set(notes.map((n) => n.uuid))).toEqual(uuids);
    sender.stop();
    await outbox.close();
  });
});
