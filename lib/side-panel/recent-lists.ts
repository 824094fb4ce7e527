// Lists a page shows with a job that rarely change while it is looked at: a client's contacts, a job's
// on-site contacts, its visits and whom it is given to. Read from the platform and kept a few minutes:
// "My day" and an open job are re-read on every change (each note sent), and each read spends the
// account's shared request budget. One set per workspace (field-context.ts makes a new one).
import type { PlatformClient } from '../api/client';
import type { Attachment, CompanyContact, JobActivity, JobAllocation, JobContact } from '../api/schemas';

/** How long a list read is kept. */
export const RECENT_TTL_MS = 10 * 60_000;

export function createRecentLists(client: () => Promise<PlatformClient>, now: () => number) {
  /** Active records read lately, else read now and kept for RECENT_TTL_MS; `forget` drops what is kept. */
  function recent<T extends { active: boolean }>(read: (api: PlatformClient, id: string) => Promise<{ records: T[] }>) {
    const kept = new Map<string, { at: number; list: T[] }>();
    const get = async (id: string, fresh = false): Promise<T[]> => {
      const hit = kept.get(id);
      if (!fresh && hit && hit.at > now() - RECENT_TTL_MS) return hit.list;
      const list = (await read(await client(), id)).records.filter((r) => r.active);
      kept.set(id, { at: now(), list });
      return list;
    };
    /** These ids' lists (all of them: null) are read again when next asked for. */
    const forget = (ids: readonly string[] | null) => (ids ? ids.forEach((id) => kept.delete(id)) : kept.clear());
    return Object.assign(get, { forget });
  }
  const activities = recent<JobActivity>((api, job) => api.jobActivities.ofJob(job));
  return {
    /** A company's active contacts. */
    contactsOf: recent<CompanyContact>((api, company) => api.companyContacts.ofCompany(company)),
    /** A job's active on-site contacts. */
    jobContactsOf: recent<JobContact>((api, job) => api.jobContacts.ofJob(job)),
    /** A job's activities: its scheduled visits and the time on site its people recorded. */
    activitiesOf: (job: string) => activities(job),
    /** The platform said these jobs' activities changed (null: some job's, it could not say which). */
    forgetActivities: activities.forget,
    /** Whom a job is given to without a time. */
    allocationsOf: recent<JobAllocation>((api, job) => api.jobAllocations.ofJob(job)),
    /** A job's photos and files (`fresh`: read now, once one sent from here is not among those kept). */
    attachmentsOf: recent<Attachment>((api, job) => api.attachments.ofJob(job)),
  };
}

export type RecentLists = ReturnType<typeof createRecentLists>;
