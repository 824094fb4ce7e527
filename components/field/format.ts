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
