import { expect, it, vi } from 'vitest';
import { clearCachedData } from '../session/clear-cached-data';
import { lastShownCache, readFirstScreen, rememberShownCache, saveFirstScreen, SNAPSHOT_DB } from './snapshot';

const row = { uuid: 'u1', number: '1001', status: 'Quote', customer: 'Hartley', address: '1 Elm', marks: {} };

it("keeps the first screen per cache and day, and sign-out's clearing deletes it", async () => {
  await saveFirstScreen('fieldside-cache:a:all', { day: '2026-11-21', heading: "Today's jobs", rows: [row] });
  expect(await readFirstScreen('fieldside-cache:a:all', '2026-11-21')).toEqual({ day: '2026-11-21', heading: "Today's jobs", rows: [row] });
  expect(await readFirstScreen('fieldside-cache:a:all', '2026-11-22')).toBeNull(); // another day
  expect(await readFirstScreen('fieldside-cache:a:staff-2', '2026-11-21')).toBeNull(); // another view
  expect(await clearCachedData()).toContain(SNAPSHOT_DB);
  expect(await readFirstScreen('fieldside-cache:a:all', '2026-11-21')).toBeNull();
});

it('remembers the name of the cache last shown, and does without localStorage', () => {
  expect(lastShownCache()).toBeNull(); // Node has none
  expect(() => rememberShownCache('fieldside-cache:a:all')).not.toThrow();
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) });
  try {
    rememberShownCache('fieldside-cache:a:all');
    expect(lastShownCache()).toBe('fieldside-cache:a:all');
    rememberShownCache('fieldside-cache:a:staff-2');
    expect(lastShownCache()).toBe('fieldside-cache:a:staff-2');
  } finally {
    vi.unstubAllGlobals();
  }
});
