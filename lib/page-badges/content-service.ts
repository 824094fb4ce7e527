import { canUse } from '../auth/scopes';
import type { Job } from '../api/schemas';
import { isOffline } from '../side-panel/field-context';
import { jobSummary } from '../side-panel/summaries';
import type { JobSummary, NoteView } from '../messaging/views';
import type { Workspace } from '../workspace/workspace';
import { createBadgeNames } from './badge-names';
import { mergeNotes, sentNote } from '../outbox/note-views';

// What content scripts on platform pages (and sites the user added) may ask the background:
// job badges from the cache, a job's latest notes, and adding a note through the outbox. Badge
// reads never touch the network for jobs (a page with 50 job links costs a few segment reads);
// notes are read online and fall back to what the outbox holds when the platform can't be reached.

/** How many of the platform's notes the quick-note panel shows (newest first). */
export const LATEST_NOTES = 10;

export interface ContentServiceDeps {
  workspace: Workspace;
  /** The side panel's note write (outbox first, then the runner sends it): one path for every note. */
  addNote: (jobUuid: string, text: string) => Promise<NoteView>;
}

export function createContentService({ workspace, addNote }: ContentServiceDeps) {
  const badgeNames = createBadgeNames(workspace);

  async function pendingByJob(jobUuids: ReadonlySet<string>): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (jobUuids.size === 0) return counts;
    for (const entry of await (await workspace.outbox()).pending()) {
      if (jobUuids.has(entry.jobUuid)) counts.set(entry.jobUuid, (counts.get(entry.jobUuid) ?? 0) + 1);
    }
    return counts;
  }

  return {
    /** Badges for the jobs a page shows, by uuid or by job number; unknown jobs are left out. */
    async jobs(request: { uuids: readonly string[]; numbers: readonly string[] }): Promise<JobSummary[]> {
      if ((await workspace.key()) === null) return [];
      const cache = await workspace.cache();
      const found = [
        ...(await Promise.all([...new Set(request.uuids.map((u) => u.toLowerCase()))].map((uuid) => cache.getJob(uuid)))),
        ...(await Promise.all([...new Set(request.numbers)].map((n) => cache.getJobByNumber(n)))),
      ];
      const jobs = [...new Map(found.flatMap((job): Array<[string, Job]> => (job ? [[job.uuid, job]] : []))).values()];
      const companyUuids = [...new Set(jobs.flatMap((j) => (j.company_uuid ? [j.company_uuid] : [])))];
      const companies = await Promise.all(companyUuids.map((uuid) => cache.getCompany(uuid)));
      const byUuid = new Map(companies.flatMap((c) => (c ? [[c.uuid, c] as const] : [])));
      const [names, pending] = await Promise.all([badgeNames.get(), pendingByJob(new Set(jobs.map((j) => j.uuid)))]);
      return jobs.map((job) => jobSummary(job, job.company_uuid ? byUuid.get(job.company_uuid) : undefined, names, pending.get(job.uuid) ?? 0));
    },

    /** The job's latest notes, newest first, with the writes still waiting in the outbox on top. */
    async notes(jobUuid: string): Promise<{ notes: NoteView[]; canAddNote: boolean }> {
      const key = await workspace.key();
      if (key === null) return { notes: [], canAddNote: false };
      const uuid = jobUuid.toLowerCase();
      const waiting = await (await workspace.outbox()).pending(uuid);
      let sent: NoteView[] = [];
      try {
        const { records } = await (await workspace.client()).notes.ofJob(uuid);
        sent = records
          .filter((n) => n.active)
          .sort((a, b) => (b.create_date ?? '').localeCompare(a.create_date ?? ''))
          .slice(0, LATEST_NOTES)
          .map((n) => sentNote(n, new Map()));
      } catch (error) {
        // Offline: the panel still shows (and accepts) what waits in the outbox. Anything else is
        // the person's to see (a missing scope, a job they may not read).
        if (!isOffline(error)) throw error;
      }
      const canAddNote = key.mode === 'api_key' || canUse('notes', key.scopes);
      return { notes: mergeNotes(sent, waiting, null), canAddNote };
    },

    addNote: (jobUuid: string, text: string) => addNote(jobUuid.toLowerCase(), text),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
