// Calendar days as the account lives them. The platform writes every time (other than webhook
// bodies) as account-local `YYYY-MM-DD HH:MM:SS` (vendor.timezone_name), so "today" is the
// account's today, whatever zone the device is in: the popup, the toolbar badge, the side panel and
// the sync schedule all ask here.
import { localTimestamp } from '../api/local-time';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const STAMP_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** Today's date (`YYYY-MM-DD`) in the account's `timeZone` at the instant `now`. Without a zone
 * (a session from before it was kept, an account that does not say): the device's own day. */
export function todayIn(timeZone: string | null, now: number): string {
  if (knownZone(timeZone)) return localTimestamp(now, timeZone).slice(0, 10);
  const d = new Date(now);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** The instants (ms) `date` (`YYYY-MM-DD`) begins and ends in `timeZone` (null: the device's zone). */
export function dayBounds(date: string, timeZone: string | null): { start: number; end: number } {
  return {
    start: instantOf(`${date} 00:00:00`, timeZone) ?? Number.NaN,
    end: instantOf(`${shiftDate(date, 1)} 00:00:00`, timeZone) ?? Number.NaN,
  };
}

/** `date` moved by `days` whole days (calendar arithmetic, no time zone involved). */
export function shiftDate(date: string, days: number): string {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`not a date: ${JSON.stringify(date)}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / 86_400_000);
}

function utcMidnight(date: string): number {
  const m = DATE_RE.exec(date.slice(0, 10));
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
}

/** The wall clock of an account-local stamp as if it were UTC (what formatting in zone UTC shows as
 * written), or null when it is blank (`0000-00-00 00:00:00`) or not a stamp. */
export function wallClock(local: string | null | undefined): number | null {
  const m = local ? STAMP_RE.exec(local) : null;
  if (!m || m[1] === '0000') return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
}

/** The instant (ms) of an account-local stamp in `timeZone` (null: the device's zone), or null. */
export function instantOf(local: string | null | undefined, timeZone: string | null): number | null {
  const wall = wallClock(local);
  if (wall === null) return null;
  if (!knownZone(timeZone)) {
    const d = new Date(wall);
    return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()).getTime();
  }
  // The zone's offset at a first guess, then again at the answer (a DST change in between).
  let at = wall - offsetAt(wall, timeZone);
  at = wall - offsetAt(at, timeZone);
  return at;
}

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const local = wallClock(localTimestamp(ms, timeZone));
  return local === null ? 0 : local - Math.floor(ms / 1000) * 1000;
}

const zones = new Map<string, boolean>();

/** Whether this runtime knows `timeZone` (an IANA name); null and unknown names are not. */
export function knownZone(timeZone: string | null): timeZone is string {
  if (timeZone === null || timeZone === '') return false;
  let known = zones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    zones.set(timeZone, known);
  }
  return known;
}
