// Sends one outbox entry to the platform. Every operation here is safe to repeat, because a worker
// can be stopped after the platform acted and before we recorded it:
// - a note is created with its client-chosen uuid. What the platform does with a create that repeats
//   an existing uuid is documented nowhere (it may update, refuse, or make a second note:
//   PLATFORM-NOTES), so a note sent before is first read back by its uuid, and sent again only when
//   the platform does not have it;
// - a badge change is a set operation on the job's current badges: read, add or remove, write.
import { ApiError, isApiError } from '../api/errors';
import type { OutboxEntry } from './types';

/** The slice of the platform client (lib/api/client.ts) the outbox uses; the real client fits it. */
export interface OutboxClient {
  notes: {
    create(input: {
      uuid?: string;
      jobUuid: string;
      note: string;
      actionRequired?: boolean;
    }): Promise<{ uuid: string }>;
    /** One note by its uuid (NotFoundError when the platform has none). */
    get(uuid: string): Promise<{ uuid: string; related_object_uuid: string | null }>;
  };
  jobs: {
    get(uuid: string): Promise<{ uuid: string; active: boolean; badges: string[] }>;
    setBadges(uuid: string, badgeUuids: readonly string[]): Promise<void>;
  };
}

/** Deletion on the platform only sets `active` to 0: the job stays readable, and the emulator (like
 * the platform) would still accept a note on it, which nobody would ever see. */
function jobGone(jobUuid: string): ApiError<'NotFoundError'> {
  return new ApiError('NotFoundError', `job ${jobUuid} was deleted (inactive)`, { status: null });
}

/**
 * Fails with NotFoundError when the job was deleted. Without `read_jobs` the check cannot be made;
 * the write itself then goes ahead (and fails on its own if the job is gone for good).
 */
export async function assertJobLive(client: OutboxClient, jobUuid: string): Promise<void> {
  try {
    const job = await client.jobs.get(jobUuid);
    if (!job.active) throw jobGone(jobUuid);
  } catch (error) {
    if (isApiError(error, 'MissingScopeError') && !/not allocated/i.test(error.message)) return;
    throw error;
  }
}

/** Whether the platform holds this note already, on this job. Any failure but "not found" is the
 * caller's to classify (a transient one retries the whole entry later). */
async function platformHasNote(client: OutboxClient, noteUuid: string, jobUuid: string): Promise<boolean> {
  try {
    const note = await client.notes.get(noteUuid);
    return note.related_object_uuid === jobUuid;
  } catch (error) {
    if (isApiError(error, 'NotFoundError')) return false;
    throw error;
  }
}

/** Sends `entry`; throws the client's typed error when the platform did not take it. */
export async function applyEntry(client: OutboxClient, entry: OutboxEntry): Promise<void> {
  switch (entry.kind) {
    case 'note':
      // Sent before, with no answer we kept (a lost answer, a stopped worker): look before sending again.
      if (entry.attempts > 1 && (await platformHasNote(client, entry.clientUuid, entry.jobUuid))) return;
      await client.notes.create({
        uuid: entry.clientUuid,
        jobUuid: entry.jobUuid,
        note: entry.payload.note,
        actionRequired: entry.payload.actionRequired,
      });
      return;
    case 'badge-add':
    case 'badge-remove': {
      const job = await client.jobs.get(entry.jobUuid);
      if (!job.active) throw jobGone(entry.jobUuid);
      const badge = entry.payload.badgeUuid;
      const has = job.badges.includes(badge);
      if (entry.kind === 'badge-add' && !has) await client.jobs.setBadges(entry.jobUuid, [...job.badges, badge]);
      if (entry.kind === 'badge-remove' && has)
        await client.jobs.setBadges(
          entry.jobUuid,
          job.badges.filter((b) => b !== badge),
        );
      return;
    }
  }
}
