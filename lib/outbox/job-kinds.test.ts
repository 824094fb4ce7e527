// The outbox's kinds for acting on a job: time on site (arrive, leave), the status, and a photo whose bytes wait
// in the files database. Each is sent in the order written, once, whatever answer is lost on the way; the fake
// platform refuses every repeat (a second create of one uuid, a second upload), the least forgiving of the
// plausible ones.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { createFileStore } from './files';
import { createOutbox } from './outbox';
import { createOutboxSender } from './sender';
import { createFakeClient, createManualTimers, JOB_A, JOB_GONE } from './testing/fake-client';

const ACCOUNT = 'acc00000-0000-4000-8000-000000000001';
const STAFF = '5aff0000-0000-4000-8000-000000000007';
const ACTIVITY = 'ac700000-0000-4000-8000-000000000001';
const PHOTO = 'f1e00000-0000-4000-8000-000000000001';

function setup() {
  const indexedDB = new IDBFactory();
  const fake = createFakeClient({ [JOB_A]: { active: true, badges: [] }, [JOB_GONE]: { active: false, badges: [] } });
  const files = createFileStore(indexedDB);
  const openOutbox = () => createOutbox({ accountUuid: ACCOUNT, staffUuid: STAFF, indexedDB });
  const outbox = openOutbox();
  const progress: Array<[number, number]> = [];
  const sender = (box = outbox) =>
    createOutboxSender({
      outbox: box,
      client: fake.client,
      files,
      setTimer: createManualTimers().setTimer,
      random: () => 0,
      onProgress: (_entry, sent, total) => progress.push([sent, total]),
    });
  return { fake, files, outbox, openOutbox, sender, progress };
}

const lost = () => new ApiError('NetworkError', 'no answer from the platform (the connection dropped)');

/** A visit as the side panel writes it: arrive, leave, complete. */
async function visit(t: ReturnType<typeof setup>) {
  await t.outbox.enqueue({
    kind: 'activity-start',
    jobUuid: JOB_A,
    clientUuid: ACTIVITY,
    payload: { staffUuid: STAFF, start: '2026-05-04 09:02:00' },
  });
  await t.outbox.enqueue({
    kind: 'activity-end',
    jobUuid: JOB_A,
    payload: { activityUuid: ACTIVITY, end: '2026-05-04 10:41:00' },
  });
  await t.outbox.enqueue({ kind: 'status', jobUuid: JOB_A, payload: { status: 'Completed' } });
}

describe('acting on a job through the outbox', () => {
  it('records time on site as one activity, by the staff member, with its start and end, then the status', async () => {
    const t = setup();
    await visit(t);
    expect(await t.sender().flush()).toEqual({ sent: 3, rescheduled: 0, failed: 0 });
    expect([...t.fake.activities.entries()]).toEqual([
      [
        ACTIVITY,
        { uuid: ACTIVITY, jobUuid: JOB_A, staffUuid: STAFF, start: '2026-05-04 09:02:00', end: '2026-05-04 10:41:00' },
      ],
    ]);
    expect(t.fake.jobs[JOB_A]?.status).toBe('Completed');
    // In the order written: the end never reaches the platform before the activity exists.
    expect(t.fake.calls.map((c) => c.op)).toEqual([
      'jobs.get',
      'activities.create',
      'activities.setEnd',
      'jobs.updateStatus',
    ]);
  });

  it('undoes a completion only while the job is completed and by no one else since; a refusal says so in words', async () => {
    const OFFICE = '0ff10000-0000-4000-8000-000000000002';
    const t = setup();
    const job = t.fake.jobs[JOB_A]!;
    const undo = () =>
      t.outbox.enqueue({ kind: 'status', jobUuid: JOB_A, payload: { status: 'Quote', undoesCompletionBy: STAFF } });
    // Completed by this person (or the platform names no one): put back.
    for (const by of [STAFF.toUpperCase(), undefined]) {
      Object.assign(job, { status: 'Completed', completedBy: by });
      await undo();
      expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
      expect(job.status).toBe('Quote');
    }
    // The office reopened it already (as a Work Order): its status stands.
    Object.assign(job, { status: 'Work Order', completedBy: STAFF });
    await undo();
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect(job.status).toBe('Work Order');
    // The office reopened it and completed it again: its completion stands, and the person is told why.
    Object.assign(job, { status: 'Completed', completedBy: OFFICE });
    const calls = t.fake.calls.length;
    await undo();
    expect(await t.sender().flush()).toEqual({ sent: 0, rescheduled: 0, failed: 1 });
    expect(job.status).toBe('Completed');
    expect(t.fake.calls.slice(calls).map((c) => c.op)).toEqual(['jobs.get', 'jobs.completion']);
    const [refused] = await t.outbox.pending();
    expect(refused).toMatchObject({ state: 'failed-permanent', kind: 'status' });
    expect(refused?.lastError).toMatchObject({
      code: 'completed-by-other',
      message: 'Someone else marked this job complete after you did, so Fieldside did not reopen it.',
      action: 'Ask the office whether the job should be open again, then discard this undo here.',
    });
  });

  it('an arrival whose answer was lost is read back by its uuid, not created twice', async () => {
    const t = setup();
    await visit(t);
    t.fake.failNext(undefined, undefined); // the job check and the create go through…
    const first = t.sender();
    // …and the answer to the create never comes back: the platform has the activity, we do not know it.
    const create = t.fake.client.jobActivities.createRecorded;
    t.fake.client.jobActivities.createRecorded = async (input) => {
      await create(input);
      throw lost();
    };
    expect(await first.flush()).toEqual({ sent: 0, rescheduled: 1, failed: 0 });
    t.fake.client.jobActivities.createRecorded = create;
    expect(await t.sender().flush()).toEqual({ sent: 3, rescheduled: 0, failed: 0 });
    expect(t.fake.activities.size).toBe(1);
    expect(t.fake.calls.filter((c) => c.op === 'activities.create')).toHaveLength(1);
    expect(t.fake.activities.get(ACTIVITY)?.end).toBe('2026-05-04 10:41:00');
  });

  it('sends a photo from the files database once, deletes it there, and tells its progress', async () => {
    const t = setup();
    const blob = new Blob([new Uint8Array(2048)], { type: 'image/jpeg' });
    await t.files.keep({ uuid: PHOTO, blob, name: 'Meter.jpg', type: 'image/jpeg', size: blob.size });
    await t.outbox.enqueue({
      kind: 'attachment',
      jobUuid: JOB_A,
      clientUuid: PHOTO,
      payload: { name: 'Meter.jpg', fileType: '.jpg', contentType: 'image/jpeg', size: blob.size, staffUuid: STAFF },
    });
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect(t.fake.attachments.get(PHOTO)).toMatchObject({ jobUuid: JOB_A, name: 'Meter.jpg' });
    expect(t.fake.attachments.get(PHOTO)?.file?.size).toBe(2048);
    expect(await t.files.get(PHOTO)).toBeUndefined();
  });

  it('a photo whose upload answer was lost: the record is read back and the file asked for, never sent twice', async () => {
    const t = setup();
    const blob = new Blob([new Uint8Array(10)], { type: 'image/png' });
    await t.files.keep({ uuid: PHOTO, blob, name: 'a.png', type: 'image/png', size: 10 });
    await t.outbox.enqueue({
      kind: 'attachment',
      jobUuid: JOB_A,
      clientUuid: PHOTO,
      payload: { name: 'a.png', fileType: '.png', contentType: 'image/png', size: 10 },
    });
    const upload = t.fake.client.attachments.upload;
    t.fake.client.attachments.upload = async (uuid, data) => {
      await upload(uuid, data);
      throw lost();
    };
    expect(await t.sender().flush()).toEqual({ sent: 0, rescheduled: 1, failed: 0 });
    t.fake.client.attachments.upload = upload;
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    const ops = t.fake.calls.map((c) => c.op).filter((op) => op.startsWith('attachments.'));
    expect(ops).toEqual(['attachments.create', 'attachments.upload', 'attachments.get', 'attachments.hasFile']);
  });

  it('a photo whose file is no longer on the device fails for good, in words', async () => {
    const t = setup();
    await t.outbox.enqueue({
      kind: 'attachment',
      jobUuid: JOB_A,
      clientUuid: PHOTO,
      payload: { name: 'gone.jpg', fileType: '.jpg', contentType: 'image/jpeg', size: 5 },
    });
    expect(await t.sender().flush()).toEqual({ sent: 0, rescheduled: 0, failed: 1 });
    const [entry] = await t.outbox.pending();
    expect(entry?.lastError?.message).toMatch(/photo or file: the file gone\.jpg is no longer on this device/);
  });

  it('says what each kind needs when the platform refuses it for a missing permission', async () => {
    const t = setup();
    await visit(t);
    t.fake.failNext(
      undefined,
      new ApiError('MissingScopeError', '403 Missing OAuth scope manage_schedule', { status: 403 }),
    );
    expect(await t.sender().flush()).toEqual({ sent: 0, rescheduled: 0, failed: 1 });
    const [failed] = await t.outbox.pending();
    expect(failed?.lastError).toMatchObject({ code: 'missing-scope' });
    expect(failed?.lastError?.message).toMatch(/arrival on site: the connection lacks the "manage_schedule"/);
  });

  it('refuses to record an arrival on a deleted job', async () => {
    const t = setup();
    await t.outbox.enqueue({
      kind: 'activity-start',
      jobUuid: JOB_GONE,
      payload: { staffUuid: STAFF, start: '2026-05-04 09:02:00' },
    });
    expect(await t.sender().flush()).toMatchObject({ failed: 1 });
    expect(t.fake.activities.size).toBe(0);
  });
});
