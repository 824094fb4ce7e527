import { existsSync } from 'node:fs';

// Clocks for a test in which the account's today and the browser's are different days, whatever the
// time of day the test runs. Both clocks are moved by the same amount from the real time: the
// platform's (the emulator's controllable clock, which its seeded day is laid out around) and the
// browser's (Debian's `datefudge`, preloaded into the browser and every process it starts: it moves
// the wall clock and leaves the monotonic one, which timers run on; libfaketime deadlocks Firefox's
// allocator at start), and the browser runs in UTC (TZ). They then tick on together in real time.

const DATEFUDGE = '/usr/lib/x86_64-linux-gnu/datefudge/datefudge.so';

/** UTC hours in which Australia/Sydney (UTC+10, or +11 in summer) is already on the next day, with two
 * hours to spare before Sydney's midnight (13:00 or 14:00 UTC) and before UTC's (24:00). */
const FROM_HOUR = 16;
const TO_HOUR = 22;

export interface ShiftedClocks {
  /** Milliseconds the clocks are moved from the real time (0 when the real time already suits). */
  shiftMs: number;
  /** The platform's time now. */
  now(): number;
  /** The browser's environment: in UTC, its wall clock moved by `shiftMs`. */
  browserEnv: Record<string, string>;
}

/** The instant nearest `real` whose UTC hour is within FROM_HOUR..TO_HOUR: there the dates of Sydney
 * and UTC differ by one day, and stay so for at least two hours. */
export function instantWhenSydneyIsAhead(real: number): number {
  const day = Math.floor(real / 86_400_000) * 86_400_000;
  const hour = (real - day) / 3_600_000;
  if (hour >= FROM_HOUR && hour <= TO_HOUR) return real;
  const candidates = [-1, 0, 1].flatMap((d) => [
    day + d * 86_400_000 + FROM_HOUR * 3_600_000,
    day + d * 86_400_000 + TO_HOUR * 3_600_000,
  ]);
  return candidates.reduce((best, t) => (Math.abs(t - real) < Math.abs(best - real) ? t : best));
}

export function shiftedClocks(real = Date.now()): ShiftedClocks {
  if (!existsSync(DATEFUDGE)) throw new Error(`${DATEFUDGE} is missing: apt-get install datefudge (.ci/run does)`);
  const seconds = Math.round((instantWhenSydneyIsAhead(real) - real) / 1000);
  return {
    shiftMs: seconds * 1000,
    now: () => Date.now() + seconds * 1000,
    // DATEFUDGE is the seconds taken off the real time, as the `datefudge` command sets it.
    browserEnv: { TZ: 'UTC', LD_PRELOAD: DATEFUDGE, DATEFUDGE: String(-seconds) },
  };
}
