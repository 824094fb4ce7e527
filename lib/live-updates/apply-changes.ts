import { isApiError } from '../api/errors';
import { JobSchema, NoteSchema, type Job } from '../api/schemas';
import type { PlatformClient } from '../api/client';
import type { LiveEvent } from '../messaging/views';
import type { FeedChange } from './types';

// What one coalesced batch of feed changes does: re-read each record from its resource_url with the
// workspace's own client (the body carries no values), put changed jobs into the cache and search index
// through the workspace (which tells every open page), and for a note tell them its job changed.

export interface ApplyTarget {
  client(): Promise<PlatformClient>;
  /** Workspace.upsertJobs: cache + search index + `jobs.changed` broadcast. */
  upsertJobs(jobs: readonly Job[]): Promise<void>;
  broadcast(event: LiveEvent): void;
}

export interface ApplyResult {
  jobs: number;
  notes: number;
  /** Records the workspace may not see (403/404) or record types Fieldside does not show. */
  ignored: number;
  failed: number;
}

/** Key for coalescing: one re-read per record. */
export const changeKey = (c: FeedChange): string => `${c.object}/${c.uuid}`;

/** The workspace cannot see it, or it is gone: not an error, just not ours to show. */
function invisible(error: unknown): boolean {
  return isApiError(error, 'NotFoundError') || isApiError(error, 'MissingScopeError');
}

export async function applyChanges(
  changes: readonly FeedChange[],
  target: ApplyTarget,
  report: (message: string, error: unknown) => void = (m, e) => console.warn(`Fieldside feed: ${m}`, e),
): Promise<ApplyResult> {
  const result: ApplyResult = { jobs: 0, notes: 0, ignored: 0, failed: 0 };
  const client = await target.client();
  const jobs: Job[] = [];
  const noteJobs = new Set<string>();

  await Promise.all(
    changes.map(async (change) => {
      if (change.object !== 'job' && change.object !== 'note') {
        result.ignored++;
        return;
      }
      try {
        const body = await client.getResource(change.resource_url);
        if (change.object === 'job') {
          jobs.push(JobSchema.parse(body));
          result.jobs++;
        } else {
          const note = NoteSchema.parse(body);
          if (note.related_object_uuid && (note.related_object ?? 'job') === 'job') noteJobs.add(note.related_object_uuid);
          result.notes++;
        }
      } catch (error) {
        if (invisible(error)) result.ignored++;
        else {
          result.failed++;
          report(`could not re-read ${change.object} ${change.uuid}`, error);
        }
      }
    }),
  );

  if (jobs.length > 0) await target.upsertJobs(jobs);
  if (noteJobs.size > 0) target.broadcast({ type: 'jobs.changed', uuids: [...noteJobs] });
  return result;
}
