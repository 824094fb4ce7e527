// What a staff member may see of each type: everything, or (for the roles that see only the jobs allocated to them)
// the jobs they are allocated and the records that hang on those jobs.
import type { SecurityRole } from '../contracts';
import { collectionOf } from './collection';
import { JOB_INDEX } from './seed-jobs';
import type { Account } from './store';

/** Roles that see only the jobs allocated to them. */
const RESTRICTED: ReadonlySet<SecurityRole> = new Set(['technician', 'subcontractor']);

/** The staff record, its role kind and whether it is active (current data, so office edits take effect). */
export function staffRole(
  account: Account,
  staffUuid: string,
): { role: SecurityRole | undefined; active: boolean } | undefined {
  const staff = collectionOf(account, 'staff');
  const i = staff.indexOf(staffUuid);
  if (i === undefined) return undefined;
  const record = staff.get(i);
  return { role: account.roleKinds.get(String(record.security_role_uuid)), active: Number(record.active) === 1 };
}

export const jobVisible = (account: Account, staffUuid: string, jobUuid: unknown): boolean => {
  const i = collectionOf(account, 'job').indexOf(String(jobUuid));
  return i !== undefined && account.visibility.canSee(staffUuid, i);
};

/** What staff members whose permissions all apply may see of a type (each narrows it); undefined means
 * everything. */
export function restriction(
  account: Account,
  type: string,
  viewers: readonly string[],
): ((i: number) => boolean) | undefined {
  const each = viewers.flatMap((staff) => restrictionOf(account, type, staff) ?? []);
  if (each.length === 0) return undefined;
  return each.length === 1 ? each[0] : (i) => each.every((sees) => sees(i));
}

/** What one staff member may see of a type; undefined means everything. */
function restrictionOf(account: Account, type: string, actingStaff: string): ((i: number) => boolean) | undefined {
  const role = staffRole(account, actingStaff)?.role;
  if (!role || !RESTRICTED.has(role)) return undefined;
  const c = collectionOf(account, type);
  const jobs = collectionOf(account, 'job');
  // Seeded notes and visits know their job's position cheaply; changed ones are looked up by uuid.
  const jobOf = (i: number, field: string) => {
    const known = c.field(i, JOB_INDEX);
    return typeof known === 'number' ? known : jobs.indexOf(String(c.field(i, field)));
  };
  const visible = (i: number, field: string) => {
    const job = jobOf(i, field);
    return job !== undefined && account.visibility.canSee(actingStaff, job);
  };
  switch (type) {
    case 'job':
      return (i) => account.visibility.canSee(actingStaff, i);
    case 'note':
    case 'attachment':
      return (i) => c.field(i, 'related_object') === 'job' && visible(i, 'related_object_uuid');
    case 'jobactivity':
    case 'joballocation':
    case 'jobcontact':
      return (i) => visible(i, 'job_uuid');
    default:
      return undefined;
  }
}
