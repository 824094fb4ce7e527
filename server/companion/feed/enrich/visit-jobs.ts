import { z } from 'zod';
import { PlatformUuidSchema, UuidSchema, type Uuid } from '../../../../contracts/uuid';
import type { AccountReaders, TokenRead } from './account-readers';
import type { BatchReads } from './batch-reads';
import { recordFit } from './job-records';
import { createPlatformRead, refusedToken } from '../platform-read';
import type { JobYes } from '../visibility/job-yes';
import type { StaffKnowledge } from '../visibility/staff-knowledge';
import type { NewChange } from '../store/types';
import { PlatformFlagSchema } from '../../../../contracts/platform-flag';

// A visit (`jobactivity`) booked or moved: a technician sees the jobs they have a visit on, and allocating a job
// does not change the job's edit_date, so without this a browser learned of its new jobs only at its next full
// walk of its view (a walk of every browser's view every few hours was most of an account's day).
// The companion reads the visit once (its job and staff member), then the job as that staff member: the platform's
// 200 both names them (`visible_to`) and gives the record, so their browser takes the job with no request. A visit
// changes who sees its job: every yes the companion had for that job is forgotten (job-yes.ts). A visit moved away
// from someone says nothing of them: their browser keeps the job until its daily walk.

const Visit = z.object({
  uuid: PlatformUuidSchema,
  job_uuid: z.string().nullish(),
  staff_uuid: z.string().nullish(),
  active: PlatformFlagSchema.optional(),
  activity_was_scheduled: PlatformFlagSchema.optional(),
});
/** `booked`: a scheduled visit (`activity_was_scheduled`: a line of someone's day, as lib/side-panel/day-plan.ts counts
 * them), not time recorded on site, which the person's own device wrote and shows already. */
type VisitValue = { job: Uuid; staff: Uuid | null; booked: boolean };

export function createVisitJobs(opts: {
  platformBaseUrl: string;
  readers: AccountReaders;
  /** What the platform said lately about who sees which job: a visit changes it. */
  yes?: JobYes;
  /** Visits read together with others (batch-reads.ts): no read of their own. */
  batch?: Pick<BatchReads, 'take'>;
  /** The verified staff online lately (staff-knowledge.ts): only their browsers can take a record. */
  knowledge?: Pick<StaffKnowledge, 'load'>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}) {
  const get = createPlatformRead(opts);

  async function readVisit(token: string, visitUuid: Uuid): Promise<TokenRead<VisitValue | null>> {
    const res = await get(token, 'jobactivity', visitUuid);
    if (!res.ok) {
      await res.body?.cancel();
      if (refusedToken(res.status)) return { kind: 'next' };
      throw new Error(`GET jobactivity answered ${res.status}`);
    }
    return { kind: 'answer', value: visitOf(await res.json().catch(() => null), visitUuid) };
  }

  /** The job and staff member of a visit the platform answered, or null (not this visit, or no job). */
  function visitOf(raw: unknown, visitUuid: Uuid): VisitValue | null {
    const visit = Visit.safeParse(raw);
    if (!visit.success || visit.data.uuid !== visitUuid) return null;
    // Its job and staff member count only when they are uuids at all.
    const job = UuidSchema.safeParse(visit.data.job_uuid);
    if (!job.success) return null;
    const staff = visit.data.active !== false ? (UuidSchema.safeParse(visit.data.staff_uuid).data ?? null) : null;
    return { job: job.data, staff, booked: visit.data.activity_was_scheduled === true };
  }

  return {
    /** Puts the visit's job on the change, and when its staff member may see the job, the job's record and them. */
    async enrich(account: string, change: NewChange): Promise<void> {
      const visit = UuidSchema.safeParse(change.uuid);
      if (change.object !== 'jobactivity' || !visit.success) return;
      const visitUuid = visit.data;
      const together = opts.batch?.take(change);
      const found = together
        ? { value: visitOf(together.value, visitUuid), token: together.token }
        : await opts.readers.readWith(account, (token) => readVisit(token, visitUuid));
      if (!found?.value) return;
      const { job, staff, booked } = found.value;
      change.job_uuid = job;
      // Whose booked visit it is, kept for their browser alone (reader-view.ts): their day changed, even when the job
      // is not new to them (a visit moved, a second one booked). Not for time recorded on site: the person's own
      // device wrote it and read its day again then; told of its echo, every open panel would read the day twice.
      if (staff !== null && booked) change.visit_staff = staff;
      // Its staff member was known to see the job already (time on site recorded at a job of theirs, a visit of
      // theirs moved): their browser holds it, and a visit changes none of the job's fields, so no read of it.
      const knew = staff !== null && (opts.yes?.sees(account, staff, job) ?? false);
      opts.yes?.forgetJob(account, job);
      if (knew) return opts.yes?.yes(account, staff!, job);
      // Nobody whose pass names the staff member is online (a self-declared browser, or none): no browser could take
      // the record, so the job is not read for it; a self-declared browser reads it itself, as it reads every job.
      if (!staff || (opts.knowledge && !(await opts.knowledge.load(account)).has(staff))) return;
      if (!opts.readers.spend(account)) return;
      try {
        const res = await get(found.token, 'job', job, { staff });
        if (!res.ok) return void (await res.body?.cancel());
        const record = recordFit(await res.json().catch(() => null), job);
        if (!record) return;
        change.record = record;
        change.visible_to = [staff];
        opts.yes?.yes(account, staff, job);
      } catch {
        // An outage: the job stays off the change, and the staff member's browser meets it at its next walk.
      }
    },
  };
}

export type VisitJobs = ReturnType<typeof createVisitJobs>;
