import { expect, it } from 'vitest';
import { clearCachedData } from '../../account/clear-on-sign-out';
import { buildIndex } from '../../search';
import { keepFirstScreen, keepTodaysFirstScreen } from './first-screen';
import { popupFirstScreenItem, todayJobsItem } from '../../settings/items';
import { FIRST_SCREEN_NAME, readKept, saveFirstScreen, saveTodayJobs, TODAY_JOBS_NAME } from './kept-screen';
import { browser } from 'wxt/browser';

const row = { uuid: 'u1', number: '1001', status: 'Quote', customer: 'Hartley', address: '1 Elm', marks: {} };

it("keeps the last first screen with the cache it shows, and sign-out's clearing deletes it", async () => {
  const screen = { day: '2026-11-21', heading: "Today's jobs", rows: [row] };
  await saveFirstScreen('fieldside-cache:a:all', screen, 'Australia/Sydney');
  // With the instants the account's day begins and ends (AEDT, UTC+11): the popup's today, no zone lookup.
  expect((await readKept()).screen).toEqual({
    cacheName: 'fieldside-cache:a:all',
    ...screen,
    bounds: { timeZone: 'Australia/Sydney', start: Date.UTC(2026, 10, 20, 13), end: Date.UTC(2026, 10, 21, 13) },
    dayWords: expect.objectContaining({ '2026-11-20': 'yesterday', '2026-11-21': 'today', '2026-11-22': 'tomorrow' }),
  });
  await saveFirstScreen('fieldside-cache:a:staff-2', { day: '2026-11-21', heading: 'Recent jobs', rows: [] }, null);
  expect((await readKept()).screen?.cacheName).toBe('fieldside-cache:a:staff-2'); // the last one wins
  // A kept screen whose bounds are not in the shape kept is read without them.
  await browser.storage.session.set({ [FIRST_SCREEN_NAME]: { ...screen, cacheName: 'c', bounds: { start: 'x' } } });
  expect((await readKept()).screen).toEqual({ cacheName: 'c', ...screen });
  // Day words are taken only as dates to words.
  await browser.storage.session.set({
    [FIRST_SCREEN_NAME]: { ...screen, cacheName: 'c', dayWords: { '2026-11-21': 'today', x: 'y', '2026-11-22': 3 } },
  });
  expect((await readKept()).screen?.dayWords).toEqual({ '2026-11-21': 'today' });
  await saveFirstScreen('fieldside-cache:a:staff-2', { day: '2026-11-21', heading: 'Recent jobs', rows: [] }, null);
  // Kept where lib/settings/items.ts declares it (storage.session: not readable by content scripts).
  expect((await popupFirstScreenItem.getValue())?.cacheName).toBe('fieldside-cache:a:staff-2');
  const today = {
    cacheName: 'fieldside-cache:a:staff-2',
    day: '2026-11-21',
    timeZone: 'Australia/Sydney',
    jobs: ['u1'],
  };
  await saveTodayJobs(today);
  expect((await readKept()).today).toEqual(today);
  expect(await todayJobsItem.getValue()).toEqual(today);
  // Today's visits (the notices' "a visit of yours") are taken only as text to text.
  await browser.storage.session.set({
    [TODAY_JOBS_NAME]: { ...today, visits: { v1: 'u1', v2: 7, v3: { uuid: 'u1' } } },
  });
  expect((await readKept()).today).toEqual({ ...today, visits: { v1: 'u1' } });
  await clearCachedData();
  expect(await readKept()).toEqual({ screen: null, today: null, mine: null });
  expect(await popupFirstScreenItem.getValue()).toBeNull();
});

const doc = (n: number, date: string) => ({
  uuid: `u${n}`,
  number: String(1000 + n),
  status: 'Work Order',
  customer: `Customer ${n}`,
  address: `${n} Elm St`,
  description: 'Leak',
  date,
});
const index = buildIndex([doc(1, '2026-11-21 09:00:00'), doc(2, '2026-11-20 09:00:00'), doc(3, '2026-11-21 13:00:00')]);

it('the background keeps the first screen of a fresh index: the day’s jobs, else the recent ones', async () => {
  await keepFirstScreen('fieldside-cache:b:all', index, '2026-11-21', null, null);
  const kept = (await readKept()).screen;
  expect(kept?.cacheName).toBe('fieldside-cache:b:all');
  expect(kept?.heading).toBe("Today's jobs");
  expect(kept?.rows.map((r) => r.number).sort()).toEqual(['1001', '1003']);
  await keepFirstScreen('fieldside-cache:b:all', index, '2026-11-25', null, null);
  const recent = (await readKept()).screen;
  expect(recent?.heading).toBe('Recent jobs');
  expect(recent?.rows).toHaveLength(3);
});

it("today's jobs as the day was read come first, in the day's order, whatever the jobs' own dates", async () => {
  await keepFirstScreen('fieldside-cache:b:tech', index, '2026-11-21', ['u2', 'gone', 'u1'], null);
  const kept = (await readKept()).screen;
  expect(kept?.heading).toBe("Today's jobs");
  expect(kept?.rows.map((r) => r.number)).toEqual(['1002', '1001']);
  await keepFirstScreen('fieldside-cache:b:tech', index, '2026-11-21', [], null);
  expect((await readKept()).screen?.heading).toBe('Recent jobs');
});

it("after a sync, the account's today (not the device's) with today's jobs of that cache and day only", async () => {
  const instant = Date.UTC(2026, 10, 20, 23, 30); // 10:30 on the 21st in Sydney, still the 20th in UTC
  await saveTodayJobs({
    cacheName: 'fieldside-cache:c:tech',
    day: '2026-11-21',
    timeZone: 'Australia/Sydney',
    jobs: ['u3'],
  });
  await keepTodaysFirstScreen('fieldside-cache:c:tech', index, 'Australia/Sydney', instant);
  expect((await readKept()).screen).toMatchObject({
    day: '2026-11-21',
    heading: "Today's jobs",
    rows: [{ number: '1003' }],
    bounds: { timeZone: 'Australia/Sydney', start: Date.UTC(2026, 10, 20, 13), end: Date.UTC(2026, 10, 21, 13) },
    dayWords: expect.objectContaining({ '2026-11-20': 'yesterday', '2026-11-21': 'today', '2026-11-22': 'tomorrow' }),
  });
  await keepTodaysFirstScreen('fieldside-cache:c:tech', index, 'UTC', instant);
  expect((await readKept()).screen).toMatchObject({
    day: '2026-11-20',
    heading: "Today's jobs",
    rows: [{ number: '1002' }],
  });
  await keepTodaysFirstScreen('fieldside-cache:other', index, 'Australia/Sydney', instant);
  expect((await readKept()).screen?.rows.map((r) => r.number).sort()).toEqual(['1001', '1003']);
});
