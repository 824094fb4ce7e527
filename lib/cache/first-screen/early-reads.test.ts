import { afterEach, expect, it } from 'vitest';
import { EARLY_KEYS, EARLY_READS, earlyOr } from './early-reads';
import { SESSION_NAME } from '../../quick-search/popup-workspace';
import { FIRST_SCREEN_NAME, MY_JOBS_NAME, TODAY_JOBS_NAME } from './kept-screen';

const fresh = async () => ({ from: 'storage' });
afterEach(() => void delete (globalThis as Record<string, unknown>)[EARLY_READS]);

it('reads the same keys as the popup does', () => {
  expect(EARLY_KEYS).toEqual({
    session: SESSION_NAME,
    firstScreen: FIRST_SCREEN_NAME,
    todayJobs: TODAY_JOBS_NAME,
    myJobs: MY_JOBS_NAME,
  });
});

it('takes an early read once, then reads storage again', async () => {
  (globalThis as Record<string, unknown>)[EARLY_READS] = { session: Promise.resolve({ from: 'early' }) };
  expect(await earlyOr('session', fresh)).toEqual({ from: 'early' });
  expect(await earlyOr('session', fresh)).toEqual({ from: 'storage' });
});

it('reads storage when there is no early read, or it failed', async () => {
  expect(await earlyOr('firstScreen', fresh)).toEqual({ from: 'storage' });
  const failed = Promise.reject(new Error('no storage.session'));
  failed.catch(() => undefined);
  (globalThis as Record<string, unknown>)[EARLY_READS] = { firstScreen: failed };
  expect(await earlyOr('firstScreen', fresh)).toEqual({ from: 'storage' });
});
