// Permanent failures against the real emulator: a missing scope and a deleted job are kept with
// what to do, nothing is lost, and a retry after the cause is fixed sends everything once.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createOutboxSender } from '../../../lib/outbox/sender';
import { startOutboxPlatform, TECH_SCOPES, type OutboxPlatform } from './platform';
import { setUpFile } from '../../support/set-up-file';

let platform: OutboxPlatform;
setUpFile(async (own) => {
  platform = own(await startOutboxPlatform(62));
});

const noTimers = () => () => {};

describe('outbox, permanent failures', () => {
  it('without publish_job_notes: failed with a clear message, nothing lost, all sent once after signing in again', async () => {
    const jobs = platform.jobUuids.slice(0, 2);
    const seeded = await platform.notesOn(jobs);
    const outbox = platform.outboxes()();
    for (let i = 0; i < 6; i++)
      await outbox.enqueue({ kind: 'note', jobUuid: jobs[i % 2]!, payload: { note: `Needs a scope ${i}` } });

    const withoutScope = TECH_SCOPES.filter((s) => s !== 'publish_job_notes');
    const sender = createOutboxSender({
      outbox,
      client: await platform.technicianClient(withoutScope),
      setTimer: noTimers,
    });
    expect(await sender.flush()).toEqual({ sent: 0, rescheduled: 0, failed: 2 });

    const entries = await outbox.pending();
    expect(entries).toHaveLength(6);
    const failed = entries.filter((e) => e.state === 'failed-permanent');
    expect(failed.map((e) => e.jobUuid).sort()).toEqual([...jobs].sort()); // each job's first note
    for (const entry of failed) {
      expect(entry.lastError).toMatchObject({ code: 'missing-scope' });
      expect(entry.lastError?.message).toContain('publish_job_notes');
      expect(entry.lastError?.action).toMatch(/Sign in again to grant "publish_job_notes"/);
      expect(entry.lastError?.detail).toMatch(/MissingScopeError 403/);
    }
    // The later notes wait behind the failed one, in order, untouched.
    expect(entries.filter((e) => e.state === 'pending').every((e) => e.attempts === 0)).toBe(true);
    expect(await platform.newNotesOn(jobs, seeded)).toHaveLength(0);

    // Signed in again with the scope: the person retries, and all six arrive once.
    const granted = createOutboxSender({
      outbox,
      client: await platform.technicianClient(TECH_SCOPES),
      setTimer: noTimers,
    });
    expect(await outbox.retryFailed()).toBe(2);
    expect(await granted.flush()).toEqual({ sent: 6, rescheduled: 0, failed: 0 });
    const notes = await platform.newNotesOn(jobs, seeded);
    expect(notes.map((n) => n.uuid).sort()).toEqual(entries.map((e) => e.clientUuid).sort());
    await outbox.close();
  });

  it('a deleted job: its note and badge change fail for good with "copy your note", other jobs go on', async () => {
    const [doomedJob, liveJob] = platform.jobUuids.slice(2, 4) as [string, string];
    const seeded = await platform.notesOn([doomedJob, liveJob]);
    const badge = String((await platform.control.listRecords(platform.account.uuid, 'badge'))[0]?.uuid);
    const outbox = platform.outboxes()();
    const note = await outbox.enqueue({
      kind: 'note',
      jobUuid: doomedJob,
      payload: { note: 'Written before the office deleted the job' },
    });
    const badgeChange = await outbox.enqueue({ kind: 'badge-add', jobUuid: doomedJob, payload: { badgeUuid: badge } });
    await outbox.enqueue({ kind: 'note', jobUuid: liveJob, payload: { note: 'This job still exists' } });
    // The office deletes the job (the platform only sets active to 0) while the note waits offline.
    await platform.control.updateRecord(platform.account.uuid, 'job', doomedJob, { active: 0 });

    const sender = createOutboxSender({
      outbox,
      client: await platform.technicianClient(TECH_SCOPES),
      setTimer: noTimers,
    });
    expect(await sender.flush()).toEqual({ sent: 1, rescheduled: 0, failed: 1 });
    const failed = await outbox.get(note.seq);
    expect(failed).toMatchObject({ state: 'failed-permanent', lastError: { code: 'job-gone' } });
    expect(failed?.lastError?.message).toMatch(/job was deleted/);
    expect(failed?.lastError?.action).toMatch(/Copy your note/);
    expect(failed?.kind === 'note' && failed.payload.note).toBe('Written before the office deleted the job');

    // Discarding the note lets the job's next change be tried: it fails the same way.
    await outbox.discard(note.seq);
    expect(await sender.flush()).toEqual({ sent: 0, rescheduled: 0, failed: 1 });
    expect(await outbox.get(badgeChange.seq)).toMatchObject({
      state: 'failed-permanent',
      lastError: { code: 'job-gone' },
    });

    const added = await platform.newNotesOn([doomedJob, liveJob], seeded);
    expect(added.map((n) => [n.related_object_uuid, n.note])).toEqual([[liveJob, 'This job still exists']]);
    expect(await platform.jobBadges(doomedJob)).not.toContain(badge);
    await outbox.close();
  });
});
