// Acting on a job from the side panel's services against the real emulator: "On my way", "Arrived", a photo,
// "Done" and completing the job, pressed with no signal, are shown at once as waiting, and once the platform can
// be reached they are there as the technician's: the note, one recorded activity with its start and end, the
// photo among the job's attachments, the status.
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { toUuid } from '../../../contracts/uuid';
import { startOutboxPlatform, waitFor, type OutboxPlatform } from '../outbox/platform';
import { fieldFor, network, SCOPES } from './field-harness';
import { setUpFile } from '../../support/set-up-file';

const ACTING = [...SCOPES, 'manage_schedule', 'read_attachments', 'manage_attachments'];

let platform: OutboxPlatform;
setUpFile(async (own) => {
  platform = own(await startOutboxPlatform(29));
});

it('keeps each step offline, shows it waiting, and sends each once, as the technician', async () => {
  const f = await fieldFor(platform, ACTING);
  const { control, account, technician } = platform;
  const job = toUuid(platform.jobUuids[5]!);
  await control.updateRecord(account.uuid, 'job', job, { status: 'Work Order' });
  const recorded = async () =>
    (await control.listRecords(account.uuid, 'jobactivity')).filter(
      (a) => a.job_uuid === job && Number(a.activity_was_recorded) === 1 && a.staff_uuid === technician.uuid,
    );
  const seeded = new Set((await recorded()).map((a) => a.uuid));
  const first = await f.detail.get(job);
  expect(first.can).toMatchObject({ recordVisits: true, attach: true });
  // The job is given to the technician: their steps are offered at once.
  expect(first.visit).toMatchObject({ canAct: true, onJob: true, onTheWayAt: null, arrivedAt: null, completed: false });

  network.online = false;
  try {
    await f.actions.act(job, 'on-my-way');
    const arrived = await f.actions.act(job, 'arrived');
    // A second press of the same step writes nothing more.
    await f.actions.act(job, 'arrived');
    expect(arrived.arrivedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const photo = crypto.randomUUID();
    await f.files.keep({
      uuid: photo,
      blob: new Blob(['not really a photo'], { type: 'text/plain' }),
      name: 'Switchboard.txt',
      type: 'text/plain',
      size: 18,
    });
    const added = await f.actions.attach(job, photo);
    expect(added).toMatchObject({ state: 'pending', name: 'Switchboard.txt', fileType: '.txt' });
    await f.actions.act(job, 'done');
    await f.actions.act(job, 'complete');
    const offline = await f.detail.get(job);
    expect(offline.offline).toBe(true);
    expect(offline.visit.pending.sort()).toEqual(['arrived', 'complete', 'done', 'on-my-way']);
    expect(offline.visit.completed).toBe(true);
    expect(offline.attachments?.map((a) => [a.name, a.state])).toEqual([['Switchboard.txt', 'pending']]);
    expect(await f.outbox.count()).toBe(5);
  } finally {
    network.online = true;
  }

  await f.runner.flush();
  await waitFor(async () => (await f.outbox.count()) === 0);
  const activities = (await recorded()).filter((a) => !seeded.has(a.uuid));
  expect(activities).toHaveLength(1);
  const detail = await f.detail.get(job);
  expect(activities[0]!.start_date).toBe(detail.visit.arrivedAt);
  expect(activities[0]!.end_date).toBe(detail.visit.leftAt);
  // "Done" came in the arrival's second: the end is still after the start, or everyone else would read them on site.
  expect(String(activities[0]!.end_date) > String(activities[0]!.start_date)).toBe(true);
  expect(detail.visit.pending).toEqual([]);
  expect(detail.job.status).toBe('Completed');
  // The photo, sent from here, is on the job though the job's kept list was read before it was sent.
  expect(detail.attachments?.find((a) => a.name === 'Switchboard.txt')).toMatchObject({ state: 'sent' });
  const notes = (await control.listRecords(account.uuid, 'note')).filter(
    (n) => n.related_object_uuid === job && n.note === 'On my way.',
  );
  expect(notes.map((n) => n.edit_by_staff_uuid)).toEqual([technician.uuid]);
  f.runner.stop();
}, 60_000);

it('undoes "Mark the job complete" pressed by mistake: the status before is back on the platform, sent or not', async () => {
  const f = await fieldFor(platform, ACTING);
  const { control, account } = platform;
  const status = async (uuid: string) =>
    (await control.listRecords(account.uuid, 'job')).find((j) => j.uuid === uuid)!.status;
  const quote = toUuid(platform.jobUuids[6]!);
  const workOrder = toUuid(platform.jobUuids[7]!);
  await control.updateRecord(account.uuid, 'job', quote, { status: 'Quote' });
  await control.updateRecord(account.uuid, 'job', workOrder, { status: 'Work Order' });

  // Sent, then undone: the job a Quote again, and the steps offered again. The job is open in the side panel, as it
  // is when its buttons are pressed: what it was is read from there, never from the network at the press.
  await f.detail.get(quote);
  await f.actions.act(quote, 'arrived');
  await f.actions.act(quote, 'done');
  const completed = await f.actions.act(quote, 'complete');
  expect(completed).toMatchObject({ completed: true, completedAt: expect.stringMatching(/^\d{4}-/) });
  await f.runner.flush();
  await waitFor(async () => (await f.outbox.count()) === 0);
  expect(await status(quote)).toBe('Completed');
  const reopened = await f.actions.act(quote, 'reopen');
  expect(reopened).toMatchObject({ completed: false, completedAt: null, pending: ['complete'] });
  await f.runner.flush();
  await waitFor(async () => (await f.outbox.count()) === 0);
  expect(await status(quote)).toBe('Quote');
  expect((await f.detail.get(quote)).visit).toMatchObject({ completed: false, completedAt: null, pending: [] });
  // A second undo writes nothing: nothing was completed here since.
  await f.actions.act(quote, 'reopen');
  expect(await f.outbox.count()).toBe(0);

  // Undone before it was sent (no signal): both go, in order, and the platform ends as it was.
  await f.detail.get(workOrder); // opened in the side panel before the signal went
  network.online = false;
  try {
    await f.actions.act(workOrder, 'arrived');
    await f.actions.act(workOrder, 'done');
    await f.actions.act(workOrder, 'complete');
    const undone = await f.actions.act(workOrder, 'reopen');
    expect(undone.completed).toBe(false);
    expect((await f.detail.get(workOrder)).visit.completed).toBe(false);
  } finally {
    network.online = true;
  }
  await f.runner.flush();
  await waitFor(async () => (await f.outbox.count()) === 0);
  expect(await status(workOrder)).toBe('Work Order');

  // Completed here, then reopened and completed again by the office: the office's completion stands, and the
  // technician reads why on the step, with what to do.
  await f.actions.act(quote, 'complete');
  await f.runner.flush();
  await waitFor(async () => (await f.outbox.count()) === 0);
  await control.updateRecord(account.uuid, 'job', quote, { status: 'Work Order' });
  await control.updateRecord(account.uuid, 'job', quote, { status: 'Completed' });
  await f.actions.act(quote, 'reopen');
  await f.runner.flush();
  await waitFor(async () => (await f.outbox.pending()).every((e) => e.state === 'failed-permanent'));
  expect(await status(quote)).toBe('Completed');
  expect((await f.detail.get(quote)).visit).toMatchObject({
    completed: true,
    completedAt: null,
    problems: [
      {
        step: 'complete',
        message: 'Someone else marked this job complete after you did, so Fieldside did not reopen it.',
        action: 'Ask the office whether the job should be open again, then discard this undo here.',
      },
    ],
  });
  f.runner.stop();
}, 60_000);
