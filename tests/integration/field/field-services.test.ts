// The side panel's background services (lib/side-panel) against the real emulator: "My day" matches
// the technician's scheduled visits, kept for offline (my-day.test.ts holds the day's rules); a job's
// detail with pending notes on top; notes and badge changes through the outbox runner reach the
// platform, attributed to the technician, once.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { toUuid } from '../../../contracts/uuid';
import { dayRange } from '../../../lib/side-panel/dates';
import { todayIn } from '../../../lib/locale/days';
import { startOutboxPlatform, waitFor, type OutboxPlatform } from '../outbox/platform';
import { fieldFor as fieldOf, network, SCOPES } from './field-harness';
import { setUpFile } from '../../support/set-up-file';

let platform: OutboxPlatform;
setUpFile(async (own) => {
  platform = own(await startOutboxPlatform(11));
});
const fieldFor = (scopes: string[] = SCOPES) => fieldOf(platform, scopes);

describe('My day', () => {
  it('lists the technician’s scheduled visits of today in time order, and serves the day offline from what it kept', async () => {
    const f = await fieldFor();
    const vendor = (await platform.control.listRecords(platform.account.uuid, 'vendor'))[0]!;
    const today = todayIn(String(vendor.timezone_name), f.now);
    const { from, to } = dayRange(today);
    const expected = (await platform.control.listRecords(platform.account.uuid, 'jobactivity'))
      .filter(
        (a) =>
          a.staff_uuid === platform.technician.uuid &&
          Number(a.active ?? 1) === 1 &&
          String(a.activity_was_scheduled) === '1',
      )
      .filter((a) => String(a.start_date) < to && String(a.end_date) > from)
      .sort(
        (a, b) =>
          String(a.start_date).localeCompare(String(b.start_date)) || String(a.uuid).localeCompare(String(b.uuid)),
      );
    expect(expected.length).toBeGreaterThan(0);

    const day = await f.day.get(null);
    expect(day).toMatchObject({ date: today, offline: false, staffName: platform.technician.name });
    expect(day.visits.map((e) => [e.activityUuid, e.job.uuid])).toEqual(expected.map((a) => [a.uuid, a.job_uuid]));
    expect(day.otherJobs.length).toBeGreaterThan(0); // the seed allocates a quote for today to every field worker

    network.online = false;
    try {
      const offline = await f.day.get(today);
      expect(offline).toMatchObject({
        offline: true,
        fetchedAt: day.fetchedAt,
        visits: day.visits,
        otherJobs: day.otherJobs,
      });
      const never = await f.day.get('2001-01-01');
      expect(never).toMatchObject({ offline: true, fetchedAt: null, visits: [], otherJobs: [] });
    } finally {
      network.online = true;
    }
  });
});

describe('job detail and writes', () => {
  it('shows a note written offline as pending, sends it once back online, attributed to the technician', async () => {
    const f = await fieldFor();
    const job = toUuid(platform.jobUuids[2]!);
    const before = await platform.notesOn([job]);
    network.online = false;
    let pendingUuid: string;
    try {
      const note = await f.writes.addNote(job, 'Gate code is 4321');
      expect(note).toMatchObject({ state: 'pending', text: 'Gate code is 4321', author: platform.technician.name });
      pendingUuid = note.uuid;
      await waitFor(async () => (await f.outbox.pending(job))[0]?.lastError !== undefined);
      const detail = await f.detail.get(job).catch((e) => e);
      // Never read online in this test: offline and not in the cache is a clear error, not a blank page.
      expect(detail).toMatchObject({ name: 'JobNotFoundError' });
    } finally {
      network.online = true;
    }
    await f.runner.flush();
    const added = await platform.newNotesOn([job], before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      uuid: pendingUuid,
      note: 'Gate code is 4321',
      edit_by_staff_uuid: platform.technician.uuid,
    });
    // Its pages are told to show the notes again; the job itself, which a note does not change, is not read.
    await waitFor(() => f.events.some((e) => e.type === 'jobs.changed' && e.uuids.includes(job)));
    expect(f.upserted.some((j) => j.uuid === job)).toBe(false);
    const detail = await f.detail.get(job);
    expect(detail.notes[0]).toMatchObject({ uuid: pendingUuid, state: 'sent', author: platform.technician.name });
    expect(detail.notes.map((n) => n.createdAt)).toEqual([...detail.notes.map((n) => n.createdAt)].sort().reverse());
    expect(detail.web).toEqual({ url: `${platform.info.web_url.replace(/\/$/, '')}/job/${job}`, deep: true });
    expect(f.events).toContainEqual({ type: 'outbox.changed', pendingWrites: 0 });
    f.runner.stop();
  });

  it('says the notes were not read where the sign-in may not read them, rather than that there are none', async () => {
    const job = toUuid(platform.jobUuids[4]!);
    await platform.control.createRecord(platform.account.uuid, 'note', {
      related_object: 'job',
      related_object_uuid: job,
      note: 'Office note',
    });
    const withNotes = await (await fieldFor()).detail.get(job);
    expect(withNotes.can.readNotes).toBe(true);
    expect(withNotes.notes.map((n) => n.text)).toContain('Office note');
    const f = await fieldFor(SCOPES.filter((s) => s !== 'read_job_notes'));
    const detail = await f.detail.get(job);
    expect(detail.can).toEqual({
      readNotes: false,
      addNote: true,
      manageBadges: true,
      recordVisits: false,
      attach: false,
    });
    expect(detail.notes).toEqual([]);
    f.runner.stop();
  });

  it('toggles a badge through the outbox: shown pending at once, on the platform after, the job re-read', async () => {
    const f = await fieldFor();
    const job = toUuid(platform.jobUuids[3]!);
    await platform.control.updateRecord(platform.account.uuid, 'job', job, { badges: '[]' });
    const first = await f.detail.get(job);
    expect(first.can).toEqual({
      readNotes: true,
      addNote: true,
      manageBadges: true,
      recordVisits: false,
      attach: false,
    });
    const badge = first.badges[0]!;
    expect(badge.on).toBe(false);
    f.runner.stop(); // hold sending, to see the pending state
    await f.outbox.enqueue({ kind: 'badge-add', jobUuid: job, payload: { badgeUuid: badge.uuid } });
    const pending = await f.detail.get(job);
    expect(pending.badges.find((b) => b.uuid === badge.uuid)).toMatchObject({ on: true, pending: true });
    expect(pending.job.badges).toContain(badge.name);

    await f.runner.resume();
    await waitFor(async () => (await f.outbox.count()) === 0);
    expect(await platform.jobBadges(job)).toEqual([badge.uuid]);
    await waitFor(() => f.upserted.some((j) => j.uuid === job && j.badges.includes(badge.uuid)));
    const after = await f.detail.get(job);
    expect(after.badges.find((b) => b.uuid === badge.uuid)).toMatchObject({ on: true, pending: false });
    f.runner.stop();
  });
});

describe('failed writes', () => {
  it('keeps a refused note with what to do, blocking the job’s later ones; discard drops one, retry sends the other', async () => {
    const f = await fieldFor();
    const job = toUuid(platform.jobUuids[4]!);
    const before = await platform.notesOn([job]);
    // The platform refuses the next note request as a missing scope: permanent, only the person can act.
    await platform.control.injectFault({ kind: 'status', status: 403, count: 1, pathPrefix: '/api_1.0/note.json' });
    const kept = await f.writes.addNote(job, 'Needs a signature');
    await waitFor(async () => (await f.outbox.pending(job)).some((e) => e.state === 'failed-permanent'));
    const dropped = await f.writes.addNote(job, 'Typo, ignore');
    const shown = (await f.detail.get(job)).notes.filter((n) => n.state !== 'sent');
    expect(shown.map((n) => [n.uuid, n.state])).toEqual([
      [dropped.uuid, 'pending'],
      [kept.uuid, 'failed'],
    ]);
    const problem = shown[1]!.problem!;
    expect(problem.message).toMatch(/not allowed|permission/i);
    expect(problem.action).toMatch(/retry/i);
    expect(await platform.newNotesOn([job], before)).toEqual([]); // the later note waits behind the failed one

    const droppedSeq = (await f.outbox.pending(job)).find((e) => e.clientUuid === dropped.uuid)!.seq;
    expect(await f.writes.discard(droppedSeq)).toBe(true);
    await f.writes.retry(problem.seq);
    await waitFor(async () => (await f.outbox.count()) === 0);
    expect((await platform.newNotesOn([job], before)).map((n) => [n.uuid, n.note])).toEqual([
      [kept.uuid, 'Needs a signature'],
    ]);
    f.runner.stop();
  });
});
