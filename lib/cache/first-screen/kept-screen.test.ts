import { expect, it } from 'vitest';
import { clearCachedData } from '../../account/clear-on-sign-out';
import { buildIndex } from '../../search';
import { keepFirstScreen } from './first-screen';
import { popupFirstScreenItem } from '../../settings/items';
import { localDay, readFirstScreen, saveFirstScreen } from './kept-screen';

const row = { uuid: 'u1', number: '1001', status: 'Quote', customer: 'Hartley', address: '1 Elm', marks: {} };

it("keeps the last first screen with the cache it shows, for its day only, and sign-out's clearing deletes it", async () => {
  await saveFirstScreen('fieldside-cache:a:all', { day: '2026-11-21', heading: "Today's jobs", rows: [row] });
  expect(await readFirstScreen('2026-11-21')).toEqual({
    cacheName: 'fieldside-cache:a:all',
    day: '2026-11-21',
    heading: "Today's jobs",
    rows: [row],
  });
  expect(await readFirstScreen('2026-11-22')).toBeNull(); // another day
  await saveFirstScreen('fieldside-cache:a:staff-2', { day: '2026-11-21', heading: 'Recent jobs', rows: [] });
  expect((await readFirstScreen('2026-11-21'))?.cacheName).toBe('fieldside-cache:a:staff-2'); // the last one wins
  // Kept where lib/settings/items.ts declares it (storage.session: not readable by content scripts).
  expect((await popupFirstScreenItem.getValue())?.cacheName).toBe('fieldside-cache:a:staff-2');
  await clearCachedData();
  expect(await readFirstScreen('2026-11-21')).toBeNull();
  expect(await popupFirstScreenItem.getValue()).toBeNull();
});

it('the background keeps the first screen of a fresh index: the day’s jobs, else the recent ones', async () => {
  const doc = (n: number, date: string) => ({
    uuid: `u${n}`,
    number: String(1000 + n),
    status: 'Work Order',
    customer: `Customer ${n}`,
    address: `${n} Elm St`,
    description: 'Leak',
    date,
  });
  const index = buildIndex([
    doc(1, '2026-11-21 09:00:00'),
    doc(2, '2026-11-20 09:00:00'),
    doc(3, '2026-11-21 13:00:00'),
  ]);
  await keepFirstScreen('fieldside-cache:b:all', index, '2026-11-21');
  const kept = await readFirstScreen('2026-11-21');
  expect(kept?.cacheName).toBe('fieldside-cache:b:all');
  expect(kept?.heading).toBe("Today's jobs");
  expect(kept?.rows.map((r) => r.number).sort()).toEqual(['1001', '1003']);
  await keepFirstScreen('fieldside-cache:b:all', index, '2026-11-25');
  const recent = await readFirstScreen('2026-11-25');
  expect(recent?.heading).toBe('Recent jobs');
  expect(recent?.rows).toHaveLength(3);
});

it('localDay gives the device-local YYYY-MM-DD', () => {
  expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  expect(localDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
});
