// The bounds of an account-local day, as the platform's filters compare them (lib/locale/days.ts
// says which day is today).
import type { DateRange } from '../api/job-activities';
import { shiftDate } from '../locale/days';

/** The local-time bounds of one day, as the platform's filters compare them: [midnight, next midnight). */
export function dayRange(date: string): DateRange {
  return { from: `${date} 00:00:00`, to: `${shiftDate(date, 1)} 00:00:00` };
}
