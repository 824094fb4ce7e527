import { isApiError } from '../api/errors';
import type { Job } from '../api/schemas';
import type { PlatformClient } from '../api/client';
import type { LiveEvent } from '../messaging/views';
import type { FeedChange } from './types';
import { changeAction, heldJobOf, readsPlatform, type ChangeAction, type Held } from './change-action';

// What one batch of feed changes does, as change-action.ts decided it: put changed jobs into the cache and search
// index through the workspace (which tells every open page), and for a note tell them its job changed. This file
// only carries the decisions out: it reads, counts, upserts and broadcasts.
//
// A notification is not trusted for where to read: anyone who learned an account's callback URL can post
// one, so its `resource_url` is never fetched. The record is read at the address of its own type and uuid
// on the configured REST host, through the client's typed reads, and it must be the record asked for.

export interface ApplyTarget {
  client(): Promise<PlatformClient>;
  /** Workspace.upsertJobs: cache + search index + `jobs.changed` broadcast. */
  upsertJobs(jobs: readonly Job[]): Promise<void>;
  broadcast(event: LiveEvent): void;
  /** Of these jobs, the ones this browser holds (in its cache) or shows (on an open page), each with the
   * `edit_date` of its copy: only those are re-read, because the account's request budget is shared by every
   * browser (absent: all of them). */
  holds?(uuids: readonly string[]): Promise<ReadonlyMap<string, string | null>>;
  /** Whether any open page could show a note (notes are not cached: with no page open, nobody needs one). */
  showsNotes?(): boolean;
  /** Told of every batch once it is applied, with the jobs this browser held before it (lib/notifications). */
  observe?(changes: readonly FeedChange[], heldBefore: ReadonlyMap<string, string | null>): void;
}

export interface ApplyResult {
  jobs: number;
  notes: number;
  /** Records the workspace may not see (403/404) or record types Fieldside does not show. */
  ignored: number;
  failed: number;
  /** Jobs taken from the record on the change, with no request (counted in `jobs` too). */
  carried: number;
  /** Records on changes that failed the check (the job was read instead, if held). */
  badRecords: number;
}

/** The jobs the decisions of `changes` look at, each once. */
async function heldFor(changes: readonly FeedChange[], target: ApplyTarget): Promise<Held> {
  const jobs = [...new Set(changes.flatMap((c) => heldJobOf(c) ?? []))];
  return target.holds && jobs.length > 0 ? target.holds(jobs) : null;
}

/** How many of `received` applying them would read here (change-action.ts decides): a job this browser holds or was
 * named for that came without its record, a note without its job while a page could show it. A change about a job it
 * neither holds nor was named for costs nothing, however many came (the morning's catch-up of the office's evening). */
export async function readsNeeded(received: readonly FeedChange[], target: ApplyTarget): Promise<number> {
  const held = await heldFor(received, target);
  const notesWanted = target.showsNotes?.() ?? true;
  return received.filter((c) => readsPlatform(changeAction(c, held, notesWanted))).length;
}

/** The workspace cannot see it, or it is gone: not an error, just not ours to show. */
function invisible(error: unknown): boolean {
  return isApiError(error, 'NotFoundError') || isApiError(error, 'MissingScopeError');
}

/** One copy of each job, the newest by `edit_date` (the later one of equal dates): a batch can hold two records of one
 * job in either order, as the platform does not promise its notifications' order (nor do the companion's reads of
 * them finish in order), and the cache keeps the last copy it is given. */
function newestOfEach(jobs: readonly Job[]): Job[] {
  const newest = new Map<string, Job>();
  for (const job of jobs) {
    const kept = newest.get(job.uuid);
    if (!kept || (job.edit_date ?? '') >= (kept.edit_date ?? '')) newest.set(job.uuid, job);
  }
  return [...newest.values()];
}

export async function applyChanges(
  received: readonly FeedChange[],
  target: ApplyTarget,
  report: (message: string, error: unknown) => void = (m, e) => console.warn(`Fieldside feed: ${m}`, e),
): Promise<ApplyResult> {
  const result: ApplyResult = { jobs: 0, notes: 0, ignored: 0, failed: 0, carried: 0, badRecords: 0 };
  const client = await target.client();
  const held = await heldFor(received, target);
  const notesWanted = target.showsNotes?.() ?? true;
  const jobs: Job[] = [];
  const noteJobs = new Set<string>();

  /** The platform answered another record than the one asked for: not taken. */
  function another(object: string, asked: string, answered: string): boolean {
    if (answered === asked) return false;
    result.failed++;
    report(`the platform answered another record when ${object} ${asked} was re-read`, new Error(answered));
    return true;
  }

  /** Reads the record at the address of its own type and uuid: a job at `job/<uuid>.json`, a note at its single-note
   * address (`dbonote/<uuid>.json`, the platform SDK's). */
  async function read(object: 'job' | 'note', uuid: string): Promise<void> {
    try {
      if (object === 'job') {
        const job = await client.jobs.get(uuid);
        if (another(object, uuid, job.uuid)) return;
        jobs.push(job);
        result.jobs++;
      } else {
        const note = await client.notes.get(uuid);
        if (another(object, uuid, note.uuid)) return;
        if (note.related_object_uuid && (note.related_object ?? 'job') === 'job')
          noteJobs.add(note.related_object_uuid);
        result.notes++;
      }
    } catch (error) {
      if (invisible(error)) result.ignored++;
      else {
        result.failed++;
        report(`could not re-read ${object} ${uuid}`, error);
      }
    }
  }

  async function carryOut(action: ChangeAction): Promise<void> {
    switch (action.do) {
      case 'ignore':
        result.ignored++;
        return;
      case 'take':
        jobs.push(action.job);
        result.jobs++;
        result.carried++;
        return;
      case 'note-job':
        noteJobs.add(action.job);
        result.notes++;
        return;
      case 'read-note':
        return read('note', action.uuid);
      case 'read-job':
        if (action.badRecord !== undefined) {
          result.badRecords++;
          report(
            `the record on the change of job ${action.uuid} did not pass the check; reading the job instead`,
            new Error(action.badRecord),
          );
        }
        return read('job', action.uuid);
    }
  }

  await Promise.all(received.map((change) => carryOut(changeAction(change, held, notesWanted))));
  if (jobs.length > 0) await target.upsertJobs(newestOfEach(jobs));
  if (noteJobs.size > 0) target.broadcast({ type: 'jobs.changed', uuids: [...noteJobs] });
  // A day view reads its visits itself: it is told which visits changed, after their jobs are in the cache.
  const visits = received.filter((c) => c.object === 'jobactivity');
  if (visits.length > 0)
    target.broadcast({
      type: 'visits.changed',
      uuids: [...new Set(visits.map((c) => c.uuid))],
      jobs: [...new Set(visits.flatMap((c) => c.job_uuid ?? []))],
      yours: visits.some((c) => c.your_visit === true),
    });
  target.observe?.(received, held ?? new Map());
  return result;
}
