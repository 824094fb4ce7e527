// Small text helpers for the field components (pure: no browser APIs). Dates and times are written
// by lib/locale (Intl, the person's locale); platform stamps are the account's local time.
import { clockTime, shortDay } from '@/lib/locale/words';

/** Only http(s) URLs become links (the background builds them; this is the second lock). */
export function safeHttpUrl(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** Recorded time on site in words: "On site 9:12 am – 10:03 am, 1:00 pm – 1:40 pm"; a time that is still
 * running reads "since 4:05 pm"; one starting on another day than `date` carries its day. */
export function onSiteText(
  times: ReadonlyArray<{ start: string; end: string | null }>,
  date: string,
  locale?: string,
): string {
  const at = (local: string) =>
    local.slice(0, 10) === date
      ? clockTime(local, locale)
      : `${shortDay(local, date, locale)} ${clockTime(local, locale)}`;
  const spans = times.map((t) => (t.end ? `${at(t.start)} – ${at(t.end)}` : `since ${at(t.start)}`));
  return `On site ${spans.join(', ')}`;
}
