// How the platform writes a time: the account's local wall clock (`vendor.timezone_name`), `YYYY-MM-DD HH:MM:SS`,
// in record fields (`edit_date`, an activity's start and end, a note's date) and filters. One formatter per zone,
// shared by the extension and the companion; what to do for a zone the runtime does not know is each caller's.

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

/** The instant `ms` as the clock of `timeZone` writes it; undefined for a zone this runtime does not know. */
export function zonedTimestamp(ms: number, timeZone: string): string | undefined {
  const zone = formatter(timeZone);
  if (zone === undefined) return undefined;
  const p: Record<string, string> = {};
  for (const part of zone.formatToParts(ms)) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The instant `ms` as UTC written the platform's way. */
export const utcTimestamp = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
