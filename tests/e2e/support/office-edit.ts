import { todaysActivities } from './sidepanel-page';
import type { Stack } from './stack';

/** The office books the technician a visit today on a job they could not see before: work newly given to them.
 * `madeAt` is when the edit reached the platform, for timing how soon the technician is told. */
export async function officeGivesTechnicianAJob(stack: Stack): Promise<{ jobUuid: string; madeAt: number }> {
  const { control } = stack.emulator;
  const account = stack.account.uuid;
  const visible = new Set(await control.visibleJobUuids(account, stack.technician.uuid));
  const job = (await control.listRecords(account, 'job')).find(
    (j) => Number(j.active) === 1 && j.status === 'Work Order' && !visible.has(String(j.uuid)),
  );
  if (!job) throw new Error('The account has no work order the technician cannot see yet');
  const { date } = await todaysActivities(stack, stack.technician.uuid);
  const madeAt = Date.now();
  await control.createRecord(account, 'jobactivity', {
    job_uuid: job.uuid,
    staff_uuid: stack.technician.uuid,
    start_date: `${date} 23:00:00`,
    end_date: `${date} 23:30:00`,
    activity_was_scheduled: '1',
  });
  return { jobUuid: String(job.uuid), madeAt };
}
