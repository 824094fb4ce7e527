import { isApiError } from '../api/errors';
import { jobRecord, type Job } from '../api/schemas';
import type { PlatformClient } from '../api/client';
import type { LiveEvent } from '../messaging/views';
import type { FeedChange } from './types';
import { jobChangeAction } from './job-change-action';

// What one coalesced batch of feed changes does: put changed jobs into the cache and search index through the
// workspace (which tells every open page), and for a note tell them its job changed.
//
// What a job change means to this browser (take its record, read the job, or ignore it) is decided in one place:
// job-change-action.ts. A record that fails the check a read would pass is not taken: the job is read instead.
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

/** Key for coalescing: one re-read per record. */
export const changeKey = (c: FeedChange): string => `${c.object}/${c.uuid}`;

/** Two changes of one record in one batch: the later wins. Two edits of a job within the same second may carry
 * records read in either order (the platform's second is all that tells them apart), so then neither record is
 * trusted and the job is read once its second has passed, as it would be without records. */
export function mergeChanges(earlier: FeedChange, later: FeedChange): FeedChange {
  if (later.record === undefined || earlier.time !== later.time) return later;
  const { record: _record, ...withoutRecord } = later;
  return withoutRecord;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How each record type Fieldside shows is re-read: `job/<uuid>.json`; a note at its single-note address
 * (`dbonote/<uuid>.json`, the platform SDK's). */
const REREAD = {
  job: (client: PlatformClient, uuid: string) => client.jobs.get(uuid),
  note: (client: PlatformClient, uuid: string) => client.notes.get(uuid),
} as const;

/** The workspace cannot see it, or it is gone: not an error, just not ours to show. */
function invisible(error: unknown): boolean {
  return isApiError(error, 'NotFoundError') || isApiError(error, 'MissingScopeError');
}

/** Whether applying the change may read the platform: it lacks the record or the job the companion adds. */
export const needsRead = (change: FeedChange): boolean =>
  change.object === 'job' ? change.record === undefined : change.object === 'note' && change.job_uuid === undefined;

/** How many of `received` applying them would read here: a job this browser holds or was named for that came
 * without its record, a note without its job while a page could show it. A change about a job it neither holds
 * nor was named for costs nothing, however many came (the morning's catch-up of the office's evening). */
export async function readsNeeded(received: readonly FeedChange[], target: ApplyTarget): Promise<number> {
  const changes = received.map(asJobChange).filter(needsRead);
  const jobs = changes.flatMap((c) => (c.object === 'job' && UUID.test(c.uuid) ? [c.uuid] : []));
  const held = target.holds && jobs.length > 0 ? await target.holds(jobs) : null;
  const notesWanted = target.showsNotes?.() ?? true;
  return changes.filter((c) =>
    c.object === 'job' ? UUID.test(c.uuid) && jobChangeAction(c, held) === 'read' : notesWanted,
  ).length;
}

/** A visit booked or moved carries its job's record when the companion could read it as the visit's staff member
 * (server/companion/feed/enrich/visit-jobs.ts): it is then that job's change. Without a record a visit changes nothing a
 * browser shows (the day view reads visits itself), and is ignored. */
function asJobChange(change: FeedChange): FeedChange {
  if (change.object !== 'jobactivity' || !change.job_uuid || !UUID.test(change.job_uuid) || change.record === undefined)
    return change;
  return { ...change, object: 'job', uuid: change.job_uuid };
}

export async function applyChanges(
  received: readonly FeedChange[],
  target: ApplyTarget,
  report: (message: string, error: unknown) => void = (m, e) => console.warn(`Fieldside feed: ${m}`, e),
): Promise<ApplyResult> {
  const changes = received.map(asJobChange);
  const result: ApplyResult = { jobs: 0, notes: 0, ignored: 0, failed: 0, carried: 0, badRecords: 0 };
  const client = await target.client();
  const jobs: Job[] = [];
  const noteJobs = new Set<string>();
  // A note the companion could place (job_uuid) needs no read here: only its job matters, if this browser holds it.
  const noteJobOf = (c: FeedChange) => (c.object === 'note' && c.job_uuid && UUID.test(c.job_uuid) ? c.job_uuid : null);
  const jobUuids = changes.flatMap((c) => (c.object === 'job' && UUID.test(c.uuid) ? [c.uuid] : (noteJobOf(c) ?? [])));
  const held = target.holds && jobUuids.length > 0 ? await target.holds(jobUuids) : null;
  const notesWanted = target.showsNotes?.() ?? true;

  /** The record on a job change, when it is the job asked about and passes the same check as a read. */
  function carried(change: FeedChange): Job | null {
    if (change.record === undefined) return null;
    const parsed = jobRecord.parse(change.record);
    if (parsed.ok && parsed.value.uuid === change.uuid) return parsed.value;
    result.badRecords++;
    report(
      `the record on the change of job ${change.uuid} did not pass the check; reading the job instead`,
      new Error(parsed.ok ? parsed.value.uuid : parsed.skipped.reason),
    );
    return null;
  }

  function sameRecord(read: string, change: FeedChange): boolean {
    if (read === change.uuid) return true;
    report(`the platform answered another record when ${change.object} ${change.uuid} was re-read`, new Error(read));
    return false;
  }

  await Promise.all(
    changes.map(async (change) => {
      if ((change.object !== 'job' && change.object !== 'note') || !UUID.test(change.uuid)) {
        result.ignored++;
        return;
      }
      const placed = noteJobOf(change);
      if (placed) {
        if (notesWanted && (held === null || held.has(placed))) {
          noteJobs.add(placed);
          result.notes++;
        } else result.ignored++;
        return;
      }
      if (change.object === 'job') {
        const action = jobChangeAction(change, held);
        if (action === 'ignore') {
          result.ignored++;
          return;
        }
        const record = action === 'take' ? carried(change) : null;
        if (record) {
          // A copy already newer than the record (a sync ran after the companion read it) stays.
          const mine = held?.get(change.uuid) ?? null;
          if (mine === null || record.edit_date === null || record.edit_date >= mine) {
            jobs.push(record);
            result.jobs++;
            result.carried++;
          } else result.ignored++;
          return;
        }
        // To be read, or a record that failed its check: the browser reads the job itself.
      } else if (!notesWanted) {
        result.ignored++;
        return;
      }
      try {
        if (change.object === 'job') {
          const job = await REREAD.job(client, change.uuid);
          if (!sameRecord(job.uuid, change)) return void result.failed++;
          jobs.push(job);
          result.jobs++;
        } else {
          const note = await REREAD.note(client, change.uuid);
          if (!sameRecord(note.uuid, change)) return void result.failed++;
          if (note.related_object_uuid && (note.related_object ?? 'job') === 'job')
            noteJobs.add(note.related_object_uuid);
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
  target.observe?.(received, held ?? new Map());
  return result;
}
