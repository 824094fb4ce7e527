import type { Context } from 'hono';
import type { EmulatorEnv } from '../contracts';
import type { Rec, RecordTypeDef } from '../data/field-kinds';
import type { Account, Store } from '../data/store';

// Who a write is by, and whether a restricted writer may make it: shared by record writes and file uploads.

type C = Context<EmulatorEnv>;

/** Who a write is attributed to: the impersonated staff member, else the consenting one, else the administrator. */
export function writer(c: C, account: Account): string | undefined {
  const principal = c.get('principal');
  return (
    c.get('actingStaffUuid') ??
    (principal.kind === 'oauth' ? principal.consentingStaffUuid : account.info.staff[0]?.uuid)
  );
}

/** Records that hang off one job through job_uuid. */
const JOB_CHILDREN: ReadonlySet<string> = new Set(['jobactivity', 'joballocation', 'jobcontact']);

/** A restricted (technician) writer may only add notes, files, visits, allocations and contacts to jobs allocated to
 * them: every staff member whose permissions the request has must see the job. */
export function checkJobAllocation(
  c: C,
  store: Store,
  account: Account,
  def: RecordTypeDef,
  record: Rec,
): string | undefined {
  const jobUuid =
    def.name === 'note' || (def.name === 'attachment' && record.related_object === 'job')
      ? record.related_object_uuid
      : JOB_CHILDREN.has(def.name)
        ? record.job_uuid
        : undefined;
  if (jobUuid === undefined) return undefined;
  for (const viewer of c.get('viewers')) {
    if (!store.restriction(account, 'job', [viewer]) || store.jobVisible(account, viewer, String(jobUuid))) continue;
    return `Job ${jobUuid} is not allocated to staff member ${viewer}`;
  }
  return undefined;
}
