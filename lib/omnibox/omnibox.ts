import type { Job } from '../api/schemas';
import type { JobCache } from '../cache';
import { search, type SearchIndex } from '../search';

// The omnibox keyword "job": suggestions from the same search index as the popup, and what Enter
// opens. A suggestion's content is "#<number>", so arrowing onto one shows a readable text and
// Enter finds the job by number; any other text opens the best match for it.

export interface OmniboxSuggestion {
  content: string;
  description: string;
}

export interface OmniboxDeps {
  index: () => Promise<SearchIndex>;
  cache: () => Promise<JobCache>;
  /** Chrome's descriptions are XML (escape them); Firefox's are plain text. */
  xmlDescriptions: boolean;
  limit?: number;
}

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

export function describeJob(job: Job, customer: string): string {
  return [`#${job.generated_job_id}`, job.status, customer, job.job_address.replace(/\s+/g, ' ').trim()]
    .filter(Boolean)
    .join(' · ');
}

export function createOmnibox(deps: OmniboxDeps) {
  const limit = deps.limit ?? 6;
  async function top(text: string, n: number): Promise<Job[]> {
    const results = search(await deps.index(), text, { limit: n });
    return (await deps.cache()).getJobs(results.map((r) => r.uuid));
  }
  return {
    async suggest(text: string): Promise<OmniboxSuggestion[]> {
      if (!text.trim()) return [];
      const jobs = await top(text, limit);
      const cache = await deps.cache();
      const companies = new Map(
        (await cache.getCompanies(jobs.flatMap((j) => (j.company_uuid ? [j.company_uuid] : [])))).map((c) => [
          c.uuid,
          c.name,
        ]),
      );
      return jobs.map((job) => {
        const line = describeJob(job, job.company_uuid ? (companies.get(job.company_uuid) ?? '') : '');
        return { content: `#${job.generated_job_id}`, description: deps.xmlDescriptions ? escapeXml(line) : line };
      });
    },
    /** The job Enter opens for `text`: a job number first, else the best match; null for none. */
    async resolve(text: string): Promise<string | null> {
      const trimmed = text.trim();
      if (!trimmed) return null;
      const byNumber = /^#?\S+$/.test(trimmed) ? await (await deps.cache()).getJobByNumber(trimmed) : undefined;
      if (byNumber) return byNumber.uuid;
      return (await top(trimmed, 1))[0]?.uuid ?? null;
    },
  };
}
export type Omnibox = ReturnType<typeof createOmnibox>;
