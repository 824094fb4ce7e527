// A visit begun elsewhere, against the real emulator: the technician said "On my way" and "Arrived" with the job card's
// panel on their phone (the same records the side panel writes, contracts/visit-on-platform.ts), then opened the job in
// the side panel. It must show those steps, offer "Done" rather than a second "Arrived", and "Done" must close the
// time on site the phone recorded. And a visit the office moves shows in the open job once the feed says so.
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { toUuid } from '../../../contracts/uuid';
import { ON_MY_WAY_NOTE } from '../../../contracts/job-actions';
import { accountNow } from '../../../lib/side-panel/visit-actions';
import { startOutboxPlatform, waitFor, type OutboxPlatform } from '../outbox/platform';
import { fieldFor, SCOPES } from './field-harness';
import { setUpFile } from '../../support/set-up-file';

const ACTING = [...SCOPES, 'manage_schedule'];

let platform: OutboxPlatform;
let timeZone: string;
setUpFile(async (own) => {
  platform = own(await startOutboxPlatform(31));
  const vendor = (await platform.control.listRecords(platform.account.uuid, 'vendor'))[0]!;
  timeZone = String(vendor.timezone_name);
});

const recordedOn = async (job: string) =>
  (await platform.control.listRecords(platform.account.uuid, 'jobactivity')).filter(
    (a) =>
      a.job_uuid === job &&
      Number(a.activity_was_recorded) === 1 &&
      a.staff_uuid === platform.technician.uuid &&
      Number(a.active) !== 0,
  );

it('shows the steps taken on the job card and closes the time on site the phone recorded', async () => {
  const { control, account, technician } = platform;
  const job = toUuid(platform.jobUuids[6]!);
  await control.updateRecord(account.uuid, 'job', job, { status: 'Work Order' });
  const before = new Set((await recordedOn(job)).map((a) => a.uuid));
  // The phone: the job card's panel writes as the technician, as the side panel would.
  const phone = await platform.technicianClient(ACTING);
  const arrival = crypto.randomUUID();
  const at = accountNow(timeZone, await control.now());
  await phone.notes.create({ jobUuid: job, note: ON_MY_WAY_NOTE });
  await phone.jobActivities.createRecorded({
    uuid: arrival,
    jobUuid: job,
    staffUuid: technician.uuid,
    start: at,
    end: at,
  });

  const f = await fieldFor(platform, ACTING);
  const shown = await f.detail.get(job);
  expect(shown.visit).toMatchObject({ onTheWayAt: expect.stringMatching(/^\d{4}-/), arrivedAt: at, leftAt: null });
  // Pressing what the panel no longer offers writes nothing: they are on their way and on site already.
  await f.actions.act(job, 'on-my-way');
  await f.actions.act(job, 'arrived');
  expect(await f.outbox.count()).toBe(0);

  const left = await f.actions.act(job, 'done');
  expect(left.leftAt).not.toBeNull();
  await f.runner.flush();
  await waitFor(async () => (await f.outbox.count()) === 0);
  const mine = (await recordedOn(job)).filter((a) => !before.has(a.uuid));
  expect(mine.map((a) => a.uuid)).toEqual([arrival]);
  expect(mine[0]!.end_date).toBe(left.leftAt);
  const notes = (await control.listRecords(account.uuid, 'note')).filter(
    (n) => n.related_object_uuid === job && n.note === ON_MY_WAY_NOTE && Number(n.active) !== 0,
  );
  expect(notes).toHaveLength(1);
  f.runner.stop();
}, 60_000);

it('shows a visit the office moved once the feed says its activities changed', async () => {
  const { control, account, technician } = platform;
  const f = await fieldFor(platform, ACTING);
  const job = toUuid(platform.jobUuids[7]!);
  const date = accountNow(timeZone, await control.now()).slice(0, 10);
  const visitUuid = await control.createRecord(account.uuid, 'jobactivity', {
    job_uuid: job,
    staff_uuid: technician.uuid,
    start_date: `${date} 07:30:00`,
    end_date: `${date} 09:00:00`,
    activity_was_scheduled: '1',
  });
  const starts = async () => (await f.detail.get(job)).visits?.map((v) => v.start);
  expect(await starts()).toContain(`${date} 07:30:00`);

  await control.updateRecord(account.uuid, 'jobactivity', visitUuid, {
    start_date: `${date} 08:00:00`,
    end_date: `${date} 09:30:00`,
  });
  // Kept a few minutes to spare the account's requests, until the platform says the job's visits changed.
  expect(await starts()).toContain(`${date} 07:30:00`);
  f.ctx.forgetActivities([job]);
  expect(await starts()).toEqual(expect.arrayContaining([`${date} 08:00:00`]));
  expect(await starts()).not.toContain(`${date} 07:30:00`);
  f.runner.stop();
}, 60_000);
