// "My day" for one account-local date, as the platform has it (day-plan.ts): the scheduled visits of
// the staff member in view in time order, the jobs given to them without a time, and the time they
// recorded on site, each job with its customer, address and the contact to call. A missing scope
// leaves out only what it covers. The last answer per date is kept, so with no signal the side panel
// still shows the day and says when it was read.
import type { Job } from '../api/schemas';
import { DayViewSchema, type DayJob, type DayView, type DayVisit, type JobSummary } from '../messaging/views';
import type { WorkspaceKey } from '../settings/workspace-key';
import { pickClientContact, pickSiteContact } from './contact-choice';
import { dayRange } from './dates';
import { todayIn } from '../locale/days';
import { planDay } from './day-plan';
import { phoneView } from '../locale/phones';
import { isOffline, NoStaffMemberError, type FieldContext } from './field-context';
import { keptBecause } from './errors';
import { bareSummary, jobSummary } from './summaries';
import type { Uuid } from '../../contracts/uuid';

type Contact = DayVisit['contact'];

export function createDayService(ctx: FieldContext) {
  /** The contact to call per job: its on-site contact, else (read only then) the client's; the number
   * as the account's country writes it. */
  async function contactsOf(s: WorkspaceKey, jobs: Map<string, Job>): Promise<Map<string, Contact>> {
    const out = new Map<string, Contact>();
    const { region } = await ctx.facts();
    await Promise.all(
      [...jobs.values()].map(async (job) => {
        const site = ctx.can(s, 'read_job_contacts') ? pickSiteContact(await ctx.jobContactsOf(job.uuid)) : null;
        const client =
          !site && job.company_uuid && ctx.can(s, 'read_customer_contacts')
            ? pickClientContact(await ctx.contactsOf(job.company_uuid))
            : null;
        const chosen = site ?? client;
        out.set(job.uuid, chosen && { ...chosen, phone: phoneView(chosen.phone, region) });
      }),
    );
    return out;
  }

  async function read(staffUuid: string, date: string, staffName: string | null): Promise<DayView> {
    const client = await ctx.client();
    const s = await ctx.key();
    const range = dayRange(date);
    const [activities, allocations] = await Promise.all([
      client.jobActivities.ofStaff(staffUuid, range),
      client.jobAllocations.ofStaff(staffUuid),
    ]);
    const plan = planDay(activities.records, allocations.records, range);
    const jobs = await ctx.jobs([
      ...plan.visits.map((v) => v.activity.job_uuid!),
      ...plan.otherJobs.map((j) => j.jobUuid),
    ]);
    const companies = await ctx.companies([...jobs.values()].map((j) => j.company_uuid));
    const badgeNames = await ctx.badgeNames().catch(() => null);
    const pending = await ctx.pendingByJob();
    const contacts = await contactsOf(s, jobs);
    // A job that was read but not found is gone or hidden: left out. Without the job scope it was
    // never read: still the person's, so it shows as bare as it is.
    const summary = (uuid: Uuid): JobSummary | null => {
      const job = jobs.get(uuid);
      if (job)
        return jobSummary(
          job,
          job.company_uuid ? companies.get(job.company_uuid) : undefined,
          badgeNames,
          pending.get(uuid) ?? 0,
        );
      return ctx.can(s, 'read_jobs') ? null : bareSummary(uuid, pending.get(uuid) ?? 0);
    };
    const visits = plan.visits.flatMap(({ activity: a, onSite }): DayVisit[] => {
      const job = summary(a.job_uuid!);
      if (!job) return [];
      return [
        {
          activityUuid: a.uuid,
          start: a.start_date ?? `${date} 00:00:00`,
          end: a.end_date,
          job,
          contact: contacts.get(job.uuid) ?? null,
          onSite,
        },
      ];
    });
    const otherJobs = plan.otherJobs.flatMap(({ jobUuid, allocation, onSite }): DayJob[] => {
      const job = summary(jobUuid);
      if (!job) return [];
      const allocated = allocation && {
        uuid: allocation.uuid,
        from: (allocation.allocation_date ?? allocation.allocated_timestamp)?.slice(0, 10) ?? null,
      };
      return [{ job, contact: contacts.get(jobUuid) ?? null, allocation: allocated, onSite }];
    });
    const { timeZone } = await ctx.facts();
    return { date, staffName, visits, otherJobs, offline: false, fetchedAt: ctx.now(), timeZone };
  }

  /** The kept answer for `day`, with today's outbox counts; undefined when none is kept (or it was
   * kept in an older shape). */
  async function keptDay(day: string): Promise<DayView | undefined> {
    const saved = await (await ctx.store()).get<unknown>(`day:${day}`);
    const kept = saved && DayViewSchema.safeParse(saved.value);
    if (!saved || !kept?.success) return undefined;
    const pending = await ctx.pendingByJob().catch(() => new Map<string, number>());
    const fresh = <T extends { job: JobSummary }>(e: T): T => ({
      ...e,
      job: { ...e.job, pending: pending.get(e.job.uuid) ?? 0 },
    });
    return {
      ...kept.data,
      visits: kept.data.visits.map(fresh),
      otherJobs: kept.data.otherJobs.map(fresh),
      offline: true,
      fetchedAt: saved.savedAt,
    };
  }

  return {
    /** The day of `date` (`YYYY-MM-DD`), or today in the account's time zone. */
    async get(date: string | null): Promise<DayView> {
      const s = await ctx.key();
      if (s.staffUuid === 'all')
        throw new NoStaffMemberError('"My day" needs a staff member: sign in with the platform and choose who you are');
      const staffName = await ctx.staffName();
      const day = date ?? todayIn(await ctx.timeZone(), ctx.now());
      const store = await ctx.store();
      try {
        const view = await read(s.staffUuid, day, staffName);
        await store.put(`day:${day}`, view, view.fetchedAt ?? ctx.now());
        return view;
      } catch (error) {
        if (!isOffline(error)) throw error;
        const kept = (await keptDay(day)) ?? {
          date: day,
          staffName,
          visits: [],
          otherJobs: [],
          offline: true,
          fetchedAt: null,
          timeZone: await ctx.timeZone(),
        };
        return { ...kept, keptBecause: keptBecause(error) };
      }
    },
  };
}

export type DayService = ReturnType<typeof createDayService>;
