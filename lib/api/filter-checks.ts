// What a filtered read asked the platform for, asked again of each record it answered. The platform
// silently ignores a `$filter` it cannot read and answers every record (reference/PLATFORM-NOTES.md,
// "Filtering"), so a read that trusted its filter would show another person's visits or another
// client's contacts. Each check here says in code what one read's filter says to the platform, with
// the platform's own comparison rules; records that fail it are dropped and counted, never shown.
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

/** `eq` on a uuid: references are read in lower case (fields.ts), the caller's uuid may not be. */
export function sameUuid(value: string | null, uuid: string): boolean {
  return value !== null && value.toLowerCase() === uuid.toLowerCase();
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
  return (a: { staff_uuid: string | null; start_date: string | null; end_date: string | null }) =>
    sameUuid(a.staff_uuid, staffUuid) &&
    comparableTime(a.start_date) < range.to &&
    comparableTime(a.end_date) > range.from;
}

/** The reads of one job's visits or allocations: `job_uuid eq J`. */
export const isOfJob = (jobUuid: string) => (r: { job_uuid: string | null }) => sameUuid(r.job_uuid, jobUuid);

/** The job allocation read's filter: `staff_uuid eq S`. */
export const isAllocationOf = (staffUuid: string) => (a: { staff_uuid: string | null }) =>
  sameUuid(a.staff_uuid, staffUuid);

/** The job contact read's filter: `job_uuid eq J`. */
export const isContactOfJob = (jobUuid: string) => (c: { job_uuid: string | null }) => sameUuid(c.job_uuid, jobUuid);

/** The note read's filter: `related_object eq 'job' and related_object_uuid eq J`. */
export const isNoteOfJob = (jobUuid: string) => (n: { related_object: string; related_object_uuid: string | null }) =>
  n.related_object === 'job' && sameUuid(n.related_object_uuid, jobUuid);

/** The company contact read's filter: `company_uuid eq C`. */
export const isContactOfCompany = (companyUuid: string) => (c: { company_uuid: string | null }) =>
  sameUuid(c.company_uuid, companyUuid);

/** The attachment read's filter: `related_object eq 'job' and related_object_uuid eq J`. */
export const isAttachmentOfJob = isNoteOfJob;
