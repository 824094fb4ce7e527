// The references a record must hold to be written: the note's or file's job, the job and staff member of a visit or
// an allocation, the job of a job contact.
import type { Rec, RecordTypeDef } from './field-kinds';
import { collectionOf } from './collection';
import type { Account } from './store';

/** Records that give a field worker a job to see: a visit (job activity) or an allocation without a time. */
export const ALLOCATING: ReadonlySet<string> = new Set(['jobactivity', 'joballocation']);

/** Checks references a create or update must hold (the note's job; the job and staff member of a visit or an
 * allocation; the job of a job contact). */
export function checkReferences(account: Account, def: RecordTypeDef, merged: Rec): string | undefined {
  const exists = (type: string, uuid: unknown) => collectionOf(account, type).indexOf(String(uuid)) !== undefined;
  if (
    (def.name === 'note' || def.name === 'attachment') &&
    merged.related_object === 'job' &&
    !exists('job', merged.related_object_uuid)
  ) {
    return `No job ${merged.related_object_uuid} for this ${def.name} (related_object_uuid)`;
  }
  if (
    def.name === 'jobactivity' &&
    String(merged.activity_was_scheduled) === '1' &&
    String(merged.activity_was_recorded) === '1'
  )
    return 'A job activity cannot be both scheduled (activity_was_scheduled) and recorded (activity_was_recorded)';
  if (ALLOCATING.has(def.name) || def.name === 'jobcontact') {
    if (!exists('job', merged.job_uuid)) return `No job ${merged.job_uuid} (job_uuid)`;
  }
  if (ALLOCATING.has(def.name) && !exists('staff', merged.staff_uuid))
    return `No staff member ${merged.staff_uuid} (staff_uuid)`;
  return undefined;
}
