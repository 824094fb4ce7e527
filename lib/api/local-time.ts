// The incremental-sync mark in the platform's terms. `edit_date` is the account's LOCAL time
// (vendor.timezone_name), written `YYYY-MM-DD HH:MM:SS`, so `edit_date gt '<mark>'` must compare
// against the local time of the instant we last synced from, not UTC and not the device's zone.

/** Local time in `timeZone` of the instant `ms`, as the platform writes it. */
export function localTimestamp(ms: number, timeZone: string | null): string {
  const zone = timeZone === null ? undefined : formatter(timeZone);
  if (zone === undefined) {
    // Unknown zone: the earliest local time anywhere (UTC-12). A mark too early only re-reads a
    // few changed records; a mark too late would silently miss changes.
    return isoLike(ms - 12 * 3_600_000);
  }
  const p: Record<string, string> = {};
  for (const part of zone.formatToParts(ms)) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

function isoLike(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

const formatters = new Map<string, Intl.DateTimeFormat | undefined>();

function formatter(timeZone: string): Intl.DateTimeFormat | undefined {
  if (!formatters.has(timeZone)) {
    let fmt: Intl.DateTimeFormat | undefined;
    try {
      fmt = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      fmt = undefined; // not an IANA zone this runtime knows
    }
    formatters.set(timeZone, fmt);
  }
  return formatters.get(timeZone);
}
