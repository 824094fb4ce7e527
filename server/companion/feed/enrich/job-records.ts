import { z } from 'zod';
import { toUuid, UuidSchema, type Uuid } from '../../../../contracts/uuid';
import type { AccountReaders, TokenRead } from './account-readers';
import type { BatchReads } from './batch-reads';
import type { JobVisibility } from '../visibility/job-visibility';
import { createPlatformRead, refusedToken } from '../platform-read';
import type { NewChange } from '../store/types';

// A changed job's record, read once by the companion for the whole account and put on the change, with
// whom the platform lets see it (job-visibility.ts): only their browsers get the record (reader-view.ts); every
// other browser that holds the job reads it itself with its own token. Without it every connected browser
// that holds the job reads it again, out of the account's shared budget, and office browsers hold every job. The
// record is the changed job's fields as the platform answered the account's grant (account-readers.ts); it stays in
// the feed store as long as the change does (the feed's retention).
//
// A job just created (its job number among the changed fields) also lists the staff members the companion could not
// ask, so their browsers read it themselves.

/** A record larger than this stays off the change: the browsers read it themselves. It bounds the feed's size. */
export const MAX_RECORD_BYTES = 16 * 1024;

/** A job the platform answered: the record as it came (it goes on a change so: the browsers check it themselves),
 * and its uuid as a Uuid, for the companion's check that it is the job asked for. */
export const JobRecord = z
  .looseObject({ uuid: z.string() })
  .transform((record) => ({ record, uuid: toUuid(record.uuid) }));
type JobRecordValue = Record<string, unknown>;

/** A job record as it may go on a change: the job asked for, and not too big. */
export function recordFit(raw: unknown, jobUuid: Uuid): JobRecordValue | null {
  const parsed = JobRecord.safeParse(raw);
  if (!parsed.success || parsed.data.uuid !== jobUuid) return null;
  const { record } = parsed.data;
  return new TextEncoder().encode(JSON.stringify(record)).byteLength <= MAX_RECORD_BYTES ? record : null;
}

/** The job number is assigned once, when the job is created. */
const CREATED_FIELD = 'generated_job_id';

export function createJobRecords(opts: {
  platformBaseUrl: string;
  readers: AccountReaders;
  visibility?: JobVisibility;
  /** Jobs read together with others (batch-reads.ts): no read of their own. */
  batch?: Pick<BatchReads, 'take'>;
  fetch?: typeof fetch;
  /** One read's limit: the platform is waiting for the webhook's answer meanwhile. */
  timeoutMs?: number;
}) {
  const get = createPlatformRead(opts);

  /** The record when it may go on the change, null when the platform answered but it may not (or failed). */
  async function read(token: string, jobUuid: Uuid): Promise<TokenRead<JobRecordValue | null>> {
    const res = await get(token, 'job', jobUuid);
    if (!res.ok) {
      await res.body?.cancel();
      if (refusedToken(res.status)) return { kind: 'next' };
      // An outage or a rate limit: no record, and no checks of who may see it either (they would fail alike).
      throw new Error(`GET job answered ${res.status}`);
    }
    return { kind: 'answer', value: recordFit(await res.json().catch(() => null), jobUuid) };
  }

  return {
    /** Puts the job's record (and, for a new job, who may see it) on a job change, when the platform says. */
    async enrich(account: string, change: NewChange): Promise<void> {
      const job = UuidSchema.safeParse(change.uuid);
      if (change.object !== 'job' || !job.success) return;
      const jobUuid = job.data;
      const created = change.changed_fields.includes(CREATED_FIELD);
      const together = opts.batch?.take(change);
      const found = together
        ? { value: recordFit(together.value, jobUuid), token: together.token }
        : await opts.readers.readWith(account, (token) => read(token, jobUuid));
      if (!found) {
        // Nobody could be asked: whoever might see it reads it for themselves, rather than wait for a sync.
        const unsettled = created ? await opts.visibility?.unsettled(account) : undefined;
        if (unsettled?.length) change.unchecked = unsettled;
        return;
      }
      if (found.value) change.record = found.value;
      // Asked with the grant that just read the job: it reads jobs of this account, and may impersonate.
      if (opts.visibility) {
        const round = await opts.visibility.forChange(account, jobUuid, found.token, { created });
        if (round?.visibleTo.length) change.visible_to = round.visibleTo;
        if (round?.unchecked.length) change.unchecked = round.unchecked;
      }
    },
  };
}

export type JobRecords = ReturnType<typeof createJobRecords>;
