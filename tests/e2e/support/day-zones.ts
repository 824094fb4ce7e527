// The seeded accounts' time zones for a test run on the real clock. The emulator lays each account's "today" out
// once, at start (its visits, its jobs dated today), while the browser's Fieldside reads "today" from the clock as
// it runs: a run that crossed the account's midnight would find the day it arranged gone (one CI run started at
// 12:35 UTC lost it, Sydney's midnight being 13:00 UTC). So each account keeps its own zone when it is day there,
// with four hours or more before midnight, and else takes the first zone of the list where it is: a whole run fits.

import { zonedTimestamp } from '../../../contracts/platform-time';

/** Where an account goes when it is night in its own zone, in order (the other account's own zone last); with the
 * profiles' zones, Australia/Sydney and Europe/London, they cover every UTC hour twice. */
const ZONES = ['Asia/Kolkata', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney', 'Europe/London'];
const FROM_HOUR = 4;
const UNTIL_HOUR = 20;

/** The hour of the day in `zone` at `at` (0-23). */
export function hourIn(zone: string, at: number): number {
  return Number(zonedTimestamp(at, zone)?.slice(11, 13));
}

const isDay = (zone: string, at: number) => {
  const hour = hourIn(zone, at);
  return hour >= FROM_HOUR && hour < UNTIL_HOUR;
};

/** Zones for the two seeded accounts at `at`: each its profile's when it is day there, else another where it is,
 * never the same for both (the accounts are two businesses in two zones). */
export function dayZones(at: number, preferred: readonly [string, string] = ['Australia/Sydney', 'Europe/London']) {
  const first = [preferred[0], ...ZONES].find((zone) => isDay(zone, at)) ?? preferred[0];
  const second = [preferred[1], ...ZONES].find((zone) => zone !== first && isDay(zone, at)) ?? preferred[1];
  return [first, second] as const;
}
