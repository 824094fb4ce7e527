import { expect, it } from 'vitest';
import { cacheDbName } from '../databases';
import type { TodayJobs } from '../settings/kept-first-screen';
import type { WorkspaceKey } from '../settings/workspace-key';
import { createTodayJobs } from './today-jobs';

// Today's jobs name the cache they were read for, and the popup shows them only beside that cache: an administrator
// in their own view has a cache of its own (cacheDbName's `:own`), so the name must be that one.
it.each([{ ownView: true as const }, {}])('names the workspace’s own cache (%o)', async (view) => {
  const key: WorkspaceKey = {
    accountUuid: 'ACC',
    staffUuid: 'Me',
    baseUrl: 'http://x',
    scopes: [],
    mode: 'oauth',
    ...view,
  };
  const published: Array<TodayJobs | null> = [];
  const now = Date.UTC(2026, 10, 28, 12);
  const today = createTodayJobs({
    key: async () => key,
    hasDay: () => true,
    timeZone: async () => 'UTC',
    readToday: async () => ({ jobs: [], visits: {} }),
    publish: async (jobs) => void published.push(jobs),
    now: () => now,
  });
  await today.refresh();
  expect(published).toEqual([
    {
      cacheName: cacheDbName('ACC', 'Me', 'ownView' in view),
      day: '2026-11-28',
      timeZone: 'UTC',
      jobs: [],
      visits: {},
    },
  ]);
  expect(published[0]?.cacheName.endsWith(':own')).toBe('ownView' in view);
});

// The browser stops the worker many times a day; a new one must not read today's day again when storage.session
// still keeps this workspace's today (it publishes it again, so its toolbar badge counts them), and must read it
// when what is kept is another day's or another person's.
it.each([
  ['this workspace’s today', { cacheName: cacheDbName('ACC', 'Me'), day: '2026-11-28' }, 0],
  ['yesterday’s', { cacheName: cacheDbName('ACC', 'Me'), day: '2026-11-27' }, 1],
  ['another person’s', { cacheName: cacheDbName('ACC', 'Other'), day: '2026-11-28' }, 1],
  ['nothing', null, 1],
])('a new worker with %s kept reads today %i time(s)', async (_what, kept, reads) => {
  const key: WorkspaceKey = { accountUuid: 'ACC', staffUuid: 'Me', baseUrl: 'http://x', scopes: [], mode: 'oauth' };
  const now = Date.UTC(2026, 10, 28, 12);
  const stored: TodayJobs | null = kept && { ...kept, timeZone: 'UTC', jobs: ['J1', 'J2'] };
  const published: Array<TodayJobs | null> = [];
  let read = 0;
  const today = createTodayJobs({
    key: async () => key,
    hasDay: () => true,
    timeZone: async () => 'UTC',
    readToday: async () => {
      read++;
      return { jobs: [], visits: {} };
    },
    publish: async (jobs) => void published.push(jobs),
    published: async () => stored,
    now: () => now,
  });
  await today.refresh();
  await today.refresh();
  expect(read).toBe(reads);
  expect(published).toEqual([
    reads
      ? { ...stored, cacheName: cacheDbName('ACC', 'Me'), day: '2026-11-28', timeZone: 'UTC', jobs: [], visits: {} }
      : stored,
  ]);
});
