// Dates and times as the person's locale writes them (Intl), for the account's days: the day
// heading with its weekday, times of day as the locale has them, a job's date on a search row, and
// how long ago a note was written. Platform stamps are account-local wall clocks, so they are
// formatted as written (zone UTC over their wall clock); instants (when Fieldside last read
// something) are shown in the account's zone.
import { daysBetween, instantOf, knownZone, todayIn, wallClock } from './days';

/** The person's locale: the browser's language (undefined: the runtime's default). */
export function personLocale(): string | undefined {
  return globalThis.navigator?.language || undefined;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

const WALL = { timeZone: 'UTC' } as const;

/** A time of day as the locale writes it: a 24-hour locale with two-digit hours ("09:05"), a 12-hour
 * one without ("9:05 am"), as each writes a range too. */
function timeOfDay(locale: string | undefined): Intl.DateTimeFormatOptions {
  const cycle = format(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  const twentyFour = cycle === 'h23' || cycle === 'h24';
  return { hour: twentyFour ? '2-digit' : 'numeric', minute: '2-digit' };
}

/** "Saturday 28 November" (en-AU), "Saturday, November 28" (en-US); with the year when it is not
 * `today`'s year. */
export function dayHeading(date: string, today: string, locale = personLocale()): string {
  const wall = wallClock(`${date} 00:00`);
  if (wall === null) return date;
  const year = date.slice(0, 4) !== today.slice(0, 4) ? { year: 'numeric' as const } : {};
  return format(locale, { ...WALL, weekday: 'long', day: 'numeric', month: 'long', ...year }).format(wall);
}

/** Day words already worked out, by locale, today and date: a row's day is the same words all day, and a page
 * told them by whoever kept its first screen (knownShortDays) paints them before its first Intl format. */
const shortDays = new Map<string, string>();
const SHORT_DAYS_KEPT = 1000;
const shortDayKey = (locale: string | undefined, today: string, date: string) => `${locale ?? ''}|${today}|${date}`;

/** A job's day on a row: "today", "tomorrow", "yesterday", else "Sat 28 Nov" (the year when it is
 * not `today`'s). */
export function shortDay(date: string, today: string, locale = personLocale()): string {
  const key = shortDayKey(locale, today, date.slice(0, 10));
  const known = shortDays.get(key);
  if (known !== undefined) return known;
  const wall = wallClock(`${date.slice(0, 10)} 00:00`);
  if (wall === null) return '';
  const ahead = daysBetween(today, date);
  const year = date.slice(0, 4) !== today.slice(0, 4) ? { year: 'numeric' as const } : {};
  const words =
    ahead >= -1 && ahead <= 1
      ? relative(locale).format(ahead, 'day')
      : format(locale, { ...WALL, weekday: 'short', day: 'numeric', month: 'short', ...year }).format(wall);
  if (shortDays.size >= SHORT_DAYS_KEPT) shortDays.clear();
  shortDays.set(key, words);
  return words;
}

/** The words of each of `dates` as seen on `today`, to keep beside a first screen. */
export function shortDaysOf(dates: Iterable<string>, today: string, locale = personLocale()): Record<string, string> {
  const words: Record<string, string> = {};
  for (const date of dates) words[date.slice(0, 10)] = shortDay(date, today, locale);
  return words;
}

/** Day words another page worked out (in the same browser, so the same locale), taken as known. */
export function knownShortDays(words: Record<string, string>, today: string, locale = personLocale()): void {
  for (const [date, text] of Object.entries(words))
    if (typeof text === 'string') shortDays.set(shortDayKey(locale, today, date), text);
}

/** The time of day of an account-local stamp: "2:38 pm" (en-AU), "2:38 PM" (en-US), "14:38" (en-GB). */
export function clockTime(local: string | null | undefined, locale = personLocale()): string {
  const wall = wallClock(local);
  return wall === null ? '' : format(locale, { ...WALL, ...timeOfDay(locale) }).format(wall);
}

/** A visit's span: "7:00 – 8:00 am"; its start alone when it has no end. */
export function timeSpan(start: string, end: string | null, locale = personLocale()): string {
  const from = wallClock(start);
  const to = wallClock(end);
  if (from === null) return '';
  const f = format(locale, { ...WALL, ...timeOfDay(locale) });
  return to === null || to < from ? f.format(from) : f.formatRange(from, to);
}

/** When Fieldside last read something (an instant), in the account's zone: "2:38 pm" today, else
 * with its day ("Fri 27 Nov, 2:38 pm"). */
export function asOfTime(ms: number, timeZone: string | null, now: number, locale = personLocale()): string {
  const zone = knownZone(timeZone) ? { timeZone } : {};
  const time = timeOfDay(locale);
  const sameDay = todayIn(timeZone, ms) === todayIn(timeZone, now);
  return format(
    locale,
    sameDay ? { ...zone, ...time } : { ...zone, ...time, weekday: 'short', day: 'numeric', month: 'short' },
  ).format(ms);
}

const relatives = new Map<string, Intl.RelativeTimeFormat>();
function relative(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? '';
  let f = relatives.get(key);
  if (!f) relatives.set(key, (f = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' })));
  return f;
}

/** How long ago an account-local stamp was, as people say it: "just now", "12 min ago", "2 hrs ago",
 * "yesterday", "3 days ago"; older than a week, its day ("Tue 18 Nov"). */
export function ago(
  local: string | null | undefined,
  timeZone: string | null,
  now: number,
  locale = personLocale(),
): string {
  const at = instantOf(local, timeZone);
  if (at === null || !local) return '';
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 45) return relative(locale).format(0, 'second');
  if (seconds < 3600) return relative(locale).format(-Math.round(seconds / 60), 'minute');
  const today = todayIn(timeZone, now);
  const days = daysBetween(local.slice(0, 10), today);
  if (seconds < 12 * 3600 || days === 0) return relative(locale).format(-Math.round(seconds / 3600), 'hour');
  if (days <= 6) return relative(locale).format(-days, 'day');
  return shortDay(local, today, locale);
}
