// Calendar days in the account's time zone. The platform writes every time (other than webhook
// bodies) as account-local `YYYY-MM-DD HH:MM:SS`, so "today" is the vendor's today, not the device's.
import { localTimestamp } from '../api/local-time';
import type { DateRange } from '../api/client';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date (`YYYY-MM-DD`) in `timeZone` at the instant `now`. */
export function todayIn(timeZone: string | null, now: number): string {
  return localTimestamp(now, timeZone).slice(0, 10);
}

/** `date` moved by `days` whole days (calendar arithmetic, no time zone involved). */
export function shiftDate(date: string, days: number): string {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`not a date: ${JSON.stringify(date)}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return d.toISOString().slice(0, 10);
}

/** The local-time bounds of one day, as the platform's filters compare them: [midnight, next midnight). */
export function dayRange(date: string): DateRange {
  return { from: `${date} 00:00:00`, to: `${shiftDate(date, 1)} 00:00:00` };
}
