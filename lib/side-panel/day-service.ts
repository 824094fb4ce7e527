// "My day": the job activities of the staff member in view for one account-local date, in time
// order, each with its job, customer, address and a contact to call. The last answer per date is
// kept, so with no signal the side panel still shows the day and says when it was read.
import type { DayEntry, DayView } from '../messaging/views';
import { dayRange, todayIn } from './dates';
import { isOffline, NoStaffMemberError, type FieldContext } from './field-context';
import { jobSummary, pickContact } from './summaries';

export function createDayService(ctx: FieldContext) {
  async function read(staffUuid: string, date: string, staffName: string | null): Promise<DayView> {
    const client = await ctx.client();
    const { records } = await client.jobActivities.ofStaff(staffUuid, dayRange(date));
    const visits = records
      .filter((a) => a.active && a.job_uuid)
      .sort((a, b) => (a.start_date ?? '').localeCompare(b.start_date ?? '') || a.uuid.localeCompare(b.uuid));
    const jobs = await ctx.jobs(visits.map((a) => a.job_uuid!));
    const companies = await ctx.companies([...jobs.values()].map((j) => j.company_uuid));
    const badgeNames = await ctx.badgeNames().catch(() => null);
    const pending = await ctx.pendingByJob();
    const s = await ctx.key();
    const contacts = new Map<string, DayEntry['contact']>();
    if (ctx.can(s, 'read_customer_contacts')) {
      await Promise.all(
        [...companies.keys()].map(async (uuid) => {
          contacts.set(uuid, pickContact(await ctx.contactsOf(uuid)));
        }),
      );
    }
    const entries = visits.flatMap((a): DayEntry[] => {
      const job = jobs.get(a.job_uuid!);
      if (!job) return [];
      const company = job.company_uuid ? companies.get(job.company_uuid) : undefined;
      return [{
        activityUuid: a.uuid,
        start: a.start_date ?? `${date} 00:00:00`,
        end: a.end_date,
        job: jobSummary(job, company, badgeNames, pending.get(job.uuid) ?? 0),
        contact: (job.company_uuid && contacts.get(job.company_uuid)) || null,
      }];
    });
    return { date, staffName, entries, offline: false, fetchedAt: ctx.now() };
  }

  return {
    /** The day of `date` (`YYYY-MM-DD`), or today in the account's time zone. */
    async get(date: string | null): Promise<DayView> {
      const s = await ctx.key();
      if (s.staffUuid === 'all') throw new NoStaffMemberError('"My day" needs a staff member: sign in with the platform and choose who you are');
      const staffName = await ctx.staffName();
      const day = date ?? todayIn(await ctx.timeZone(), ctx.now());
      const store = await ctx.store();
      try {
        const view = await read(s.staffUuid, day, staffName);
        await store.put(`day:${day}`, view, view.fetchedAt ?? ctx.now());
        return view;
      } catch (error) {
        if (!isOffline(error)) throw error;
        const saved = await store.get<DayView>(`day:${day}`);
        if (!saved) return { date: day, staffName, entries: [], offline: true, fetchedAt: null };
        const pending = await ctx.pendingByJob().catch(() => new Map<string, number>());
        const entries = saved.value.entries.map((e) => ({ ...e, job: { ...e.job, pending: pending.get(e.job.uuid) ?? 0 } }));
        return { ...saved.value, entries, offline: true, fetchedAt: saved.savedAt };
      }
    },
  };
}

export type DayService = ReturnType<typeof createDayService>;
