// Small text helpers for the field components (pure: no browser APIs).

/** `HH:MM` of a platform local time `YYYY-MM-DD HH:MM:SS`. */
export function timeOf(local: string | null): string {
  return local && local.length >= 16 ? local.slice(11, 16) : '';
}

/** Only http(s) URLs become links (the background builds them; this is the second lock). */
export function safeHttpUrl(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

export function asOf(ms: number | null): string {
  return ms === null ? 'never read online' : new Date(ms).toLocaleString();
}

/** Recorded time on site in words: "On site 09:12–10:03, 13:00–13:40"; a time that is still running
 * reads "since 09:12"; one starting on another day than `date` carries its date. */
export function onSiteText(times: ReadonlyArray<{ start: string; end: string | null }>, date: string): string {
  const at = (local: string) =>
    local.slice(0, 10) === date ? timeOf(local) : `${local.slice(0, 10)} ${timeOf(local)}`;
  const spans = times.map((t) => (t.end ? `${at(t.start)}–${at(t.end)}` : `since ${at(t.start)}`));
  return `On site ${spans.join(', ')}`;
}
