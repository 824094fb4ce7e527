import { expect } from 'vitest';
import { shiftedClocks, type ShiftedClocks } from './clocks';
import { todaysAllocatedJobs } from './day-data';
import { todaysActivities } from './sidepanel-page';
import { startStack, type Stack } from './stack';
import type { Own } from '../../support/set-up-file';

// The platform and a browser's clocks at an hour when Sydney is on the next day (clocks.ts), and what
// the seeded technician's today is there: their visits' jobs, then the jobs given to them for today.

export interface SydneyMorning {
  clocks: ShiftedClocks;
  stack: Stack;
  /** Today in Australia/Sydney, the seeded account's zone. */
  sydneyToday: string;
  todaysJobs: string[];
}

/** The stack on the shifted clock (`own`ed, so it stops even when reading the day fails) and the day it holds. */
export async function startSydneyMorning(own: Own): Promise<SydneyMorning> {
  const clocks = shiftedClocks();
  const stack = own(await startStack({ jobs: 300, now: clocks.now() }));
  const day = await todaysActivities(stack, stack.technician.uuid);
  const visitJobs = [...new Set(day.activities.map((a) => String(a.job_uuid)))];
  const todaysJobs = [...visitJobs, ...(await todaysAllocatedJobs(stack, day.date, visitJobs))];
  return { clocks, stack, sydneyToday: day.date, todaysJobs };
}

/** What a browser's own page says of its clock and zone (evaluated there: `browserClock` is its source). */
export interface BrowserClock {
  now: number;
  zone: string;
  date: string;
}
export const browserClock = (): BrowserClock => ({
  now: Date.now(),
  zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  date: new Date().toISOString().slice(0, 10),
});

/** The browser runs in UTC on the platform's clock, and its date is not Sydney's; the day has jobs. */
export async function expectSydneyAhead(seen: BrowserClock, morning: SydneyMorning): Promise<void> {
  expect(seen.zone, "the browser's time zone").toBe('UTC');
  const drift = Math.abs(seen.now - (await morning.stack.emulator.control.now()));
  expect(drift, "the browser's clock against the platform's, in ms").toBeLessThan(60_000);
  expect(seen.date, "the browser's date is not yet Sydney's").not.toBe(morning.sydneyToday);
  expect(morning.todaysJobs.length, "the technician's jobs today").toBeGreaterThan(1);
}
