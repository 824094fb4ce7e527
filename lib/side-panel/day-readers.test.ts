import { expect, it } from 'vitest';
import { readRecord, uuidSerial } from '../../tests/support/read-records';
import { jobActivityRecord, jobAllocationRecord } from '../api/schemas';
import type { MyJobs, TodayJobs } from '../settings/kept-first-screen';
import type { WorkspaceKey } from '../settings/workspace-key';
import { createDayReaders, type DayReadersDeps } from './day-readers';

// The background's two day readers over one schedule read: the order they run in, what one failure leaves, and a
// later run reading afresh. The records are read by their real schemas, as the platform's answer is.

const ME = '99999999-0000-4000-8000-000000000001';
const JOB = '00000001-abcd-4abc-8abc-abcdef012345';
const uuidOf = uuidSerial();
const KEY: WorkspaceKey = { accountUuid: 'ACC', staffUuid: ME, baseUrl: 'http://x', scopes: [], mode: 'api_key' };
const NOW = Date.UTC(2026, 10, 28, 12);
const visitToday = readRecord(jobActivityRecord)({
  uuid: uuidOf(),
  active: 1,
  job_uuid: JOB,
  staff_uuid: ME,
  start_date: '2026-11-28 09:00:00',
  end_date: '2026-11-28 10:00:00',
  activity_was_scheduled: 1,
});
const allocation = readRecord(jobAllocationRecord)({
  uuid: uuidOf(),
  active: 1,
  job_uuid: JOB,
  staff_uuid: ME,
  completion_timestamp: null,
});

/** The readers over a client that counts its reads and fails the visits' read while `failing.visits` is set. */
function readers(failing = { visits: false }) {
  const reads: string[] = [];
  const order: string[] = [];
  const client = {
    jobActivities: {
      ofStaff: async () => {
        reads.push('visits');
        if (failing.visits) throw new Error('offline');
        return { records: [visitToday] };
      },
    },
    jobAllocations: {
      ofStaff: async () => (reads.push('allocations'), { records: [allocation] }),
    },
  } as unknown as Awaited<ReturnType<DayReadersDeps['client']>>;
  const kept: { mine: MyJobs | null; today: TodayJobs | null } = { mine: null, today: null };
  const failed: string[] = [];
  let key: WorkspaceKey | null = KEY;
  const days = createDayReaders({
    key: async () => key,
    timeZone: async () => 'UTC',
    client: async () => client,
    now: () => NOW,
    mine: { publish: async (jobs) => void (order.push('mine'), (kept.mine = jobs)) },
    today: { publish: async (jobs) => void (order.push('today'), (kept.today = jobs)) },
    failed: (what) => void failed.push(what),
  });
  return { days, reads, order, kept, failed, signOut: () => void (key = null), signIn: () => void (key = KEY) };
}

it("publishes the person's own jobs, then today's, out of one read of their schedule", async () => {
  const { days, reads, order, kept } = readers();
  await days.refresh();
  expect(reads.sort()).toEqual(['allocations', 'visits']);
  expect(order).toEqual(['mine', 'today']);
  expect(kept.mine?.jobs).toEqual({ [JOB]: '2026-11-28' });
  expect(kept.today?.jobs).toEqual([JOB]);
  await days.refresh(); // the same day: nothing read again
  expect(reads).toHaveLength(2);
});

it("reads the schedule afresh in a later run (signed out and in again the same day), not the run before's answer", async () => {
  const { days, reads, signOut, signIn } = readers();
  await days.refresh();
  signOut();
  await days.refresh();
  signIn();
  await days.refresh();
  expect(reads.sort()).toEqual(['allocations', 'allocations', 'visits', 'visits']);
});

it('tells of a failed read without holding the other reader back, and reads again on the next run', async () => {
  const failing = { visits: true };
  const { days, reads, failed, kept } = readers(failing);
  await days.refresh();
  // The schedule's failed answer is not shared: today's reader asked again, and failed too.
  expect(failed).toEqual(['my jobs', 'today']);
  expect(reads.filter((r) => r === 'visits')).toHaveLength(2);
  failing.visits = false;
  await days.refresh();
  expect(kept.mine?.jobs).toEqual({ [JOB]: '2026-11-28' });
  expect(kept.today?.jobs).toEqual([JOB]);
});
