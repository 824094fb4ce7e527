// "My day" against the real emulator, as the technician: scheduled visits only, recorded time shown
// as time on site, jobs allocated without a time in their own list, the job's on-site contact before
// the client's; the same day when the platform ignores every filter; what it can with fewer scopes.
import { describe, expect, it } from 'vitest';
import { toUuid, type Uuid } from '../../../contracts/uuid';
import type { DayView } from '../../../lib/messaging/views';
import { shiftDate, todayIn } from '../../../lib/locale/days';
import { startOutboxPlatform, type OutboxPlatform } from '../outbox/platform';
import { DAY_SCOPES, fieldFor } from './field-harness';
import { setUpFile } from '../../support/set-up-file';
import { expectedContact, expectedDay } from './day-oracle';
import { filterIgnoringFetch } from './ignored-filters';

let platform: OutboxPlatform;
let date: string;
let next: string;
/** What the office arranged for today, on top of the seeded schedule. */
const made = {
  recordedOnVisit: '',
  othersRecorded: '',
  othersAllocation: '',
  recordedOnly: '',
  allocatedEarlier: '',
  doneYesterday: '',
  allocatedVisited: '',
};
let visitJobs: Uuid[] = [];

const record = (type: string, fields: Record<string, unknown>) =>
  platform.control.createRecord(platform.account.uuid, type, fields);
const at = (time: string) => `${date} ${time}:00`;
const span = (t: { start: string; end: string | null }) => `${t.start.slice(11, 16)}-${t.end?.slice(11, 16) ?? ''}`;
/** A day without its read time, to compare two reads of it. */
const content = (d: DayView) => ({ ...d, fetchedAt: 0 });

setUpFile(async (own) => {
  platform = own(await startOutboxPlatform(23));
  // The real platform's behaviour for a filter it cannot read, set explicitly: answer everything.
  await platform.control.setUnparsableFilter('ignore');
  const vendor = (await platform.control.listRecords(platform.account.uuid, 'vendor'))[0]!;
  date = todayIn(String(vendor.timezone_name), await platform.control.now());
  next = shiftDate(date, 1);
  const me = platform.technician.uuid;
  const other = platform.account.staff.find((s) => s.role === 'technician' && s.active && s.uuid !== me)!.uuid;
  const planned = await expectedDay(platform, me, date, next);
  visitJobs = planned.visits.map((v) => toUuid(v.jobUuid));
  expect(new Set(visitJobs).size).toBe(visitJobs.length); // one visit per job today, as the oracle needs
  expect(visitJobs.length).toBeGreaterThanOrEqual(3);
  const taken = new Set([...visitJobs, ...planned.otherJobs.map((o) => o.jobUuid)]);
  const [recordedOnly, earlier, done] = platform.jobUuids.filter((j) => !taken.has(j));
  const recorded = (staff: string, job: string, start: string, end: string) =>
    record('jobactivity', {
      job_uuid: job,
      staff_uuid: staff,
      start_date: at(start),
      end_date: at(end),
      activity_was_scheduled: '0',
      activity_was_recorded: '1',
    });
  const allocation = (staff: string, job: string, fields: Record<string, unknown> = {}) =>
    record('joballocation', {
      job_uuid: job,
      staff_uuid: staff,
      allocation_date: `${date} 00:00:00`,
      allocated_timestamp: `${shiftDate(date, -1)} 15:00:00`,
      ...fields,
    });

  made.recordedOnVisit = await recorded(me, visitJobs[0]!, '06:41', '06:59');
  made.othersRecorded = await recorded(other, visitJobs[0]!, '12:01', '12:02');
  made.recordedOnly = recordedOnly!;
  await recorded(me, recordedOnly!, '17:05', '17:40');
  made.othersAllocation = await allocation(other, visitJobs[1]!);
  made.allocatedVisited = await allocation(me, visitJobs[2]!);
  made.allocatedEarlier = earlier!;
  await allocation(me, earlier!, { allocation_date: `${shiftDate(date, -3)} 00:00:00`, sort_priority: '5' });
  made.doneYesterday = done!;
  await allocation(me, done!, {
    allocation_date: `${shiftDate(date, -3)} 00:00:00`,
    completion_timestamp: `${shiftDate(date, -1)} 14:00:00`,
  });
  // The second visit's job gets its own on-site contact; the third has none left, only one for billing.
  await record('jobcontact', {
    job_uuid: visitJobs[1],
    first: 'Tess',
    last: 'Tenant',
    mobile: '0400 111 222',
    type: 'JOB',
  });
  for (const c of await platform.control.listRecords(platform.account.uuid, 'jobcontact')) {
    if (c.job_uuid === visitJobs[2])
      await platform.control.updateRecord(platform.account.uuid, 'jobcontact', String(c.uuid), { active: 0 });
  }
  await record('jobcontact', {
    job_uuid: visitJobs[2],
    first: 'Bill',
    last: 'Payer',
    phone: '02 9000 0000',
    type: 'BILLING',
  });
});

describe('My day', () => {
  it('shows the scheduled visits only, in time order, with recorded time on the visit of its job', async () => {
    const { day } = await fieldFor(platform, DAY_SCOPES);
    const shown = await day.get(null);
    const expected = await expectedDay(platform, platform.technician.uuid, date, next);
    expect(shown).toMatchObject({ date, offline: false, staffName: platform.technician.name });
    expect(
      shown.visits.map((v) => ({ activityUuid: v.activityUuid, jobUuid: v.job.uuid, onSite: v.onSite.map(span) })),
    ).toEqual(expected.visits);
    expect(shown.visits.map((v) => v.activityUuid)).not.toContain(made.recordedOnVisit);
    expect(shown.visits[0]!.onSite.map(span)).toContain('06:41-06:59');
    expect(shown.visits[0]!.onSite.map(span)).not.toContain('12:01-12:02'); // someone else's time
    const jobs = new Map((await platform.control.listRecords(platform.account.uuid, 'job')).map((j) => [j.uuid, j]));
    for (const v of shown.visits) {
      const job = jobs.get(v.job.uuid)!;
      expect(v.job).toMatchObject({
        number: String(job.generated_job_id),
        status: job.status,
        address: job.job_address,
      });
      expect(v.job.customer).not.toBe('');
    }
  });

  it('lists the jobs given without a time that have no visit that day, then a job with only recorded time', async () => {
    const { day } = await fieldFor(platform, DAY_SCOPES);
    const shown = await day.get(null);
    const expected = await expectedDay(platform, platform.technician.uuid, date, next);
    const others = shown.otherJobs.map((o) => ({
      jobUuid: o.job.uuid,
      allocationUuid: o.allocation?.uuid ?? null,
      onSite: o.onSite.map(span),
    }));
    expect(others).toEqual(expected.otherJobs);
    expect(others.at(-1)).toEqual({ jobUuid: made.recordedOnly, allocationUuid: null, onSite: ['17:05-17:40'] });
    expect(shown.otherJobs.find((o) => o.job.uuid === made.allocatedEarlier)?.allocation?.from).toBe(
      shiftDate(date, -3),
    );
    const listed = others.map((o) => o.jobUuid);
    expect(listed).not.toContain(made.doneYesterday);
    expect(listed.filter((j) => visitJobs.some((v) => v === j))).toEqual([]);
    // The seed gives every field worker a quote allocated for today.
    expect(others.filter((o) => o.allocationUuid !== null).length).toBeGreaterThanOrEqual(2);
  });

  it("calls the job's on-site contact first and the client's otherwise, in the day and in the job's detail", async () => {
    const { day, detail } = await fieldFor(platform, DAY_SCOPES);
    const shown = await day.get(null);
    for (const item of [...shown.visits, ...shown.otherJobs])
      expect(item.contact).toEqual(await expectedContact(platform, item.job.uuid));
    const byJob = new Map(shown.visits.map((v) => [v.job.uuid, v.contact]));
    expect(byJob.get(visitJobs[1]!)?.role).toBe('site');
    expect(byJob.get(visitJobs[2]!)?.role).toBe('client'); // a billing contact is nobody to meet

    const job = await detail.get(visitJobs[1]!);
    const roles = job.contacts.map((c) => c.role);
    expect(roles.indexOf('client') === -1 || roles.lastIndexOf('site') < roles.indexOf('client')).toBe(true);
    expect(job.contacts).toContainEqual({
      name: 'Tess Tenant',
      phones: [{ text: '0400 111 222', tel: 'tel:+61400111222', kind: 'mobile' }],
      email: null,
      role: 'site',
    });
    expect((await detail.get(visitJobs[2]!)).contacts.every((c) => c.role === 'client')).toBe(true);
  });
});

describe('My day when the platform ignores every filter', () => {
  it('is the same day: the records nobody asked for come back and are dropped on the client', async () => {
    const honoured = await fieldFor(platform, DAY_SCOPES);
    const ignoring = filterIgnoringFetch();
    const unfiltered = await fieldFor(platform, DAY_SCOPES, ignoring.fetch);
    const day = await unfiltered.day.get(null);
    expect(content(day)).toEqual(content(await honoured.day.get(null)));
    const detailJob = visitJobs[1]!;
    expect(await unfiltered.detail.get(detailJob)).toEqual(await honoured.detail.get(detailJob));

    // Every filtered read was answered unfiltered, by the emulator's own account...
    const types = new Set(ignoring.reads.map((r) => r.type));
    expect([...types].sort()).toEqual(['companycontact', 'jobactivity', 'joballocation', 'jobcontact']);
    for (const read of ignoring.reads) expect(read.ignored, read.type).toMatch(/^Malformed \$filter/);
    // ...and held what the day does not show: other people's activities and allocations, other
    // days, other jobs' and other clients' contacts.
    const raw = (type: string) => ignoring.reads.filter((r) => r.type === type).flatMap((r) => r.records);
    const me = platform.technician.uuid;
    expect(raw('jobactivity').map((a) => a.uuid)).toContain(made.othersRecorded);
    expect(raw('jobactivity').some((a) => a.staff_uuid === me && String(a.end_date) < `${date} 00:00:00`)).toBe(true);
    expect(raw('joballocation').map((a) => a.uuid)).toContain(made.othersAllocation);
    const dayJobs = new Set<string>([...day.visits, ...day.otherJobs].map((e) => e.job.uuid));
    expect(raw('jobcontact').some((c) => !dayJobs.has(String(c.job_uuid)))).toBe(true);
    expect(new Set(raw('companycontact').map((c) => c.company_uuid)).size).toBeGreaterThan(dayJobs.size);
  });
});

describe('My day with fewer scopes', () => {
  it("shows the client's contact when on-site contacts may not be read", async () => {
    const { day } = await fieldFor(
      platform,
      DAY_SCOPES.filter((s) => s !== 'read_job_contacts'),
    );
    const shown = await day.get(date);
    expect(shown.visits.map((v) => v.job.uuid)).toEqual(visitJobs);
    expect([...shown.visits, ...shown.otherJobs].every((e) => e.contact === null || e.contact.role === 'client')).toBe(
      true,
    );
    expect(shown.visits.some((v) => v.contact?.role === 'client')).toBe(true);
  });

  it('shows the visits and jobs without customers or contacts when only the schedule and jobs may be read', async () => {
    const { day } = await fieldFor(platform, ['vendor', 'read_schedule', 'read_jobs']);
    const shown = await day.get(date);
    expect(shown.visits.map((v) => v.job.uuid)).toEqual(visitJobs);
    expect(shown.otherJobs.length).toBeGreaterThan(0);
    for (const e of [...shown.visits, ...shown.otherJobs]) {
      expect(e.contact).toBeNull();
      expect(e.job.customer).toBe('');
      expect(e.job.status).not.toBe('');
    }
  });

  it('still lists every visit, named as it can, when only the schedule may be read', async () => {
    const { day } = await fieldFor(platform, ['vendor', 'read_schedule']);
    const shown = await day.get(date);
    const expected = await expectedDay(platform, platform.technician.uuid, date, next);
    expect(shown.visits.map((v) => [v.activityUuid, v.job.uuid, v.job.number])).toEqual(
      expected.visits.map((v) => [v.activityUuid, v.jobUuid, v.jobUuid.slice(0, 8)]),
    );
    expect(shown.otherJobs.map((o) => o.job.uuid)).toEqual(expected.otherJobs.map((o) => o.jobUuid));
  });
});
