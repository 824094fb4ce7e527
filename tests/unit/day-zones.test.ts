import { expect, it } from 'vitest';
import { dayZones, hourIn } from '../e2e/support/day-zones';

// The e2e stack's accounts keep their profiles' zones (Sydney, London) while it is day there, and move elsewhere
// near their midnight, at every hour of the day: a run started at any time has four hours or more of its day left.

const at = (utcHour: number, minute = 0) => Date.UTC(2026, 11, 3, utcHour, minute);

it('keeps Sydney and London while it is day in both', () => {
  expect(dayZones(at(5))).toEqual(['Australia/Sydney', 'Europe/London']);
});

it('moves the first account away from Sydney before its midnight (13:00 UTC in summer)', () => {
  const [first, second] = dayZones(at(12, 35));
  expect(first).not.toBe('Australia/Sydney');
  expect(second).toBe('Europe/London');
});

it('at every quarter hour, both accounts are in day with four hours before midnight, in two zones', () => {
  for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
    const when = at(0) + minutes * 60_000;
    const zones = dayZones(when);
    expect(zones[0]).not.toBe(zones[1]);
    for (const zone of zones) {
      expect(hourIn(zone, when), `${zone} at ${new Date(when).toISOString()}`).toBeGreaterThanOrEqual(4);
      expect(hourIn(zone, when), `${zone} at ${new Date(when).toISOString()}`).toBeLessThan(20);
    }
  }
});
