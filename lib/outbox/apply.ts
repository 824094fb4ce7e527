// Sends one outbox entry to the platform. Every operation is safe to repeat, because a worker can be stopped after
// the platform acted and before we recorded it: a create carries its client-chosen uuid, and since what the platform
// does with a repeated uuid is documented nowhere (PLATFORM-NOTES), one sent before is first read back by its uuid
// and sent again only when missing (create-once.ts for a new job); everything else sets values, so twice is once.
// What each kind sends is in kinds.ts and send-*.ts; this file holds the client slice they use and the shared checks.
import { ApiError, isApiError } from '../api/errors';
import type { JobStatus } from '../api/schemas';
import type { FileSource } from './files';
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
    /** The uuid the platform answered: another than the one sent when it took a repeated create as a second job. */
    create(input: {
      uuid: string;
      companyUuid: string | null;
      address: string;
      description: string;
    }): Promise<{ uuid: string }>;
    remove(uuid: string): Promise<void>;
    setBadges(uuid: string, badgeUuids: readonly string[]): Promise<void>;
    updateStatus(uuid: string, status: JobStatus): Promise<void>;
    /** Its status and who completed it (blank when the platform does not say). */
    completion(uuid: string): Promise<{ status: string; completion_actioned_by_uuid: string | null }>;
  };
  companies: {
    get(uuid: string): Promise<{ uuid: string }>;
    create(input: { uuid: string; name: string }): Promise<{ uuid: string }>;
    remove(uuid: string): Promise<void>;
  };
  /** A new customer's contact, made with them. */
  companyContacts: {
    get(uuid: string): Promise<{ uuid: string }>;
    create(input: {
      uuid: string;
      companyUuid: string;
      first: string;
      last: string;
      phone: string;
      mobile: string;
      email: string;
    }): Promise<{ uuid: string }>;
    remove(uuid: string): Promise<void>;
  };
  jobActivities: {
    get(uuid: string): Promise<{ uuid: string; job_uuid: string | null }>;
    createRecorded(input: {
      uuid: string;
      jobUuid: string;
      staffUuid: string;
      start: string;
      end: string;
    }): Promise<void>;
    setEnd(uuid: string, end: string): Promise<void>;
  };
  attachments: {
    get(uuid: string): Promise<{ uuid: string; related_object_uuid: string | null }>;
    create(input: { uuid: string; jobUuid: string; name: string; fileType: string; staffUuid?: string }): Promise<void>;
    upload(uuid: string, data: Blob, opts?: { onProgress?: (sent: number, total: number) => void }): Promise<unknown>;
    hasFile(uuid: string): Promise<boolean>;
  };
  texts: {
    send(input: { to: string; message: string; jobUuid: string }): Promise<void>;
  };
}

/** Records as the connection's token sees them without impersonation: where a new job is looked for when the
 * person in view may not see it (a technician sees only jobs allocated to them, not one they just made). */
export type TokenView = Pick<OutboxClient, 'jobs' | 'companies' | 'companyContacts'>;

/** What sending needs besides the client: the files kept for attachments, who wants their progress, and the
 * token's own view (absent when requests do not impersonate: the client's view is the token's). */
export interface ApplyContext {
  files?: FileSource;
  /** Keeps in the outbox that a write that cannot be taken back is leaving now (or, undefined, that it did not). */
  markPosted?: (entry: OutboxEntry, at: number | undefined) => Promise<void>;
  now?: () => number;
  tokenView?: TokenView;
  onProgress?: (entry: OutboxEntry, sent: number, total: number) => void;
}

/** Deletion on the platform only sets `active` to 0: the job stays readable, and the emulator (like
 * the platform) would still accept a note on it, which nobody would ever see. */
export function jobGone(jobUuid: string): ApiError<'NotFoundError'> {
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

/** Whether the platform holds a record (any state) by its uuid: "not found" means no. */
export async function platformHasRecord(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return true;
  } catch (error) {
    if (isApiError(error, 'NotFoundError')) return false;
    throw error;
  }
}

/** Whether the platform holds a record a create made before: read by its uuid, on the right job. "Not found"
 * means no; any other failure is the caller's to classify (a transient one retries the whole entry later). */
export async function platformHas(
  read: () => Promise<{ uuid: string; related_object_uuid?: string | null; job_uuid?: string | null }>,
  jobUuid: string,
): Promise<boolean> {
  try {
    const record = await read();
    return (record.related_object_uuid ?? record.job_uuid) === jobUuid;
  } catch (error) {
    if (isApiError(error, 'NotFoundError')) return false;
    throw error;
  }
}
