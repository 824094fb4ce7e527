// What a filtered read asked the platform for, asked again of each record it answered. The platform
// silently ignores a `$filter` it cannot read and answers every record (reference/PLATFORM-NOTES.md,
// "Filtering"), so a read that trusted its filter would show another person's visits or another
// client's contacts. Each check here says in code what one read's filter says to the platform, with
// the platform's own comparison rules; records that fail it are dropped and counted, never shown.
import { toUuid, type Uuid } from '../../contracts/uuid';
import type { Skipped } from './record-schema';

/** A filtered read's answer, with only the records its filter asked for. */
export interface CheckedAnswer<R> {
  records: R[];
  skipped: Skipped[];
  /** Records the platform sent that the filter excludes: it ignored the filter. */
  unmatched: number;
}

export function keepMatching<R>(
  answer: { records: R[]; skipped: Skipped[] },
  matches: (record: R) => boolean,
): CheckedAnswer<R> {
  const records = answer.records.filter(matches);
  return { records, skipped: answer.skipped, unmatched: answer.records.length - records.length };
}

/** `eq` on a uuid: a record's references are Uuids as its schema read them (fields.ts `ref`, lower-cased); the
 * caller's uuid, in whatever case it holds it, is made one once for the whole read. */
function matchesUuid(wanted: string): (value: Uuid | null) => boolean {
  const uuid = toUuid(wanted);
  return (value) => value === uuid;
}

/**
 * A local time as the platform's `gt`/`lt` compare it: as text, blank dates being
 * `0000-00-00 00:00:00` (so a blank sorts before every date). Tolerated variants (a "T" separator,
 * no seconds, a date alone) are written out in full first, so text order is time order.
 */
export function comparableTime(value: string | null): string {
  if (value === null) return '0000-00-00 00:00:00';
  const full = `${value.slice(0, 10)} ${value.slice(11, 19)}`.trimEnd();
  return full.length === 10 ? `${full} 00:00:00` : `${full}:00:00`.slice(0, 19);
}

/** The job activity read's filter: `staff_uuid eq S and start_date lt TO and end_date gt FROM`. */
export function isActivityOf(staffUuid: string, range: { from: string; to: string }) {
  const isStaff = matchesUuid(staffUuid);
  return (a: { staff_uuid: Uuid | null; start_date: string | null; end_date: string | null }) =>
    isStaff(a.staff_uuid) && comparableTime(a.start_date) < range.to && comparableTime(a.end_date) > range.from;
}

/** The reads of one job's visits or allocations: `job_uuid eq J`. */
export function isOfJob(jobUuid: string) {
  const isJob = matchesUuid(jobUuid);
  return (r: { job_uuid: Uuid | null }) => isJob(r.job_uuid);
}

/** The job allocation read's filter: `staff_uuid eq S`. */
export function isAllocationOf(staffUuid: string) {
  const isStaff = matchesUuid(staffUuid);
  return (a: { staff_uuid: Uuid | null }) => isStaff(a.staff_uuid);
}

/** The job contact read's filter: `job_uuid eq J`. */
export const isContactOfJob = isOfJob;

/** The note read's filter: `related_object eq 'job' and related_object_uuid eq J`. */
export function isNoteOfJob(jobUuid: string) {
  const isJob = matchesUuid(jobUuid);
  return (n: { related_object: string; related_object_uuid: Uuid | null }) =>
    n.related_object === 'job' && isJob(n.related_object_uuid);
}

/** The company contact read's filter: `company_uuid eq C`. */
export function isContactOfCompany(companyUuid: string) {
  const isCompany = matchesUuid(companyUuid);
  return (c: { company_uuid: Uuid | null }) => isCompany(c.company_uuid);
}

/** The attachment read's filter: `related_object eq 'job' and related_object_uuid eq J`. */
export const isAttachmentOfJob = isNoteOfJob;
