import type { EpochMs } from '../contracts';

/** What the platform sends for a blank date. */
export const BLANK_DATE = '0000-00-00 00:00:00';

/** `YYYY-MM-DD HH:MM:SS` of a wall-clock time held as if it were UTC. */
export function formatNaive(naiveMs: number): string {
  // Hot path (seeded records are formatted on every page read): day strings are cached, the time is arithmetic.
  const day = Math.floor(naiveMs / 86_400_000);
  let date = dayCache.get(day);
  if (date === undefined) {
    date = new Date(day * 86_400_000).toISOString().slice(0, 10);
    dayCache.set(day, date);
  }
  const secs = Math.floor((naiveMs - day * 86_400_000) / 1000);
  const h = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const s = secs % 60;
  return `${date} ${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${s < 10 ? '0' : ''}${s}`;
}

const dayCache = new Map<number, string>();

export interface LocalTime {
  /** The account's local `YYYY-MM-DD HH:MM:SS` of an instant (exact, DST-aware). */
  format(ms: EpochMs): string;
  /** Offset of local time from UTC at `ms`, in ms (for bulk seeded dates). */
  offsetAt(ms: EpochMs): number;
}

/** Local time of one IANA time zone. The platform reports every timestamp but webhooks in account local time. */
export function createLocalTime(timeZone: string): LocalTime {
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const naiveOf = (ms: EpochMs) => {
    const p: Record<string, string> = {};
    for (const part of fmt.formatToParts(ms)) p[part.type] = part.value;
    return Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
      Number(p.second),
    );
  };
  return {
    format: (ms) => formatNaive(naiveOf(Math.floor(ms / 1000) * 1000)),
    offsetAt: (ms) => naiveOf(Math.floor(ms / 1000) * 1000) - Math.floor(ms / 1000) * 1000,
  };
}
