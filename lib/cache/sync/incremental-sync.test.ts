// The incremental sync's mark: the platform's time when it started asking, even in a worker whose
// platform clock (set from the Date header of answers) has not heard from the platform yet.
import { describe, expect, it } from 'vitest';
import { paginate } from '../../api/paginate';
import type { Company, Job } from '../../api/schemas';
import { createCacheSync } from './cache-sync';
import type { SyncSource } from './sync-context';
import { freshCache, makeCompany, makeJob, makeVendor, range } from '../testing/fixtures';

const PLATFORM_NOW = Date.parse('2026-03-01T00:00:00Z');
/** A device clock ten minutes ahead of the platform: more than the 2-minute overlap absorbs. */
const DEVICE_AHEAD_MS = 10 * 60_000;

/** One page per collection; counts the answers (each would carry a Date header). */
function onePageSource(jobs: Job[], companies: Company[]) {
  let answers = 0;
  const pages =
    <R>(all: R[]) =>
    () =>
      paginate<R>({
        label: 'memory',
        parse: (raw) => ({ ok: true, value: raw as R }),
        fetchPage: async () => {
          await new Promise((r) => setTimeout(r, 5));
          answers++;
          return { body: all, nextCursor: null };
        },
      });
  const vendor = makeVendor();
  const source: SyncSource = {
    jobs: { pages: pages(jobs) },
    companies: { pages: pages(companies) },
    vendor: { get: async () => vendor },
  };
  return { source, answers: () => answers };
}

describe('incremental sync mark', () => {
  it('is the platform time at its start, not the device clock of a worker that has not heard from the platform', async () => {
    const cache = await freshCache();
    const { source, answers } = onePageSource(
      range(0, 50).map((n) => makeJob(n)),
      [makeCompany(0)],
    );
    await createCacheSync({ client: source, cache, now: () => PLATFORM_NOW }).run();

    // A worker just started: its clock is the device's until an answer's Date header sets it.
    const heardBefore = answers();
    const fresh = createCacheSync({
      client: source,
      cache,
      now: () => (answers() > heardBefore ? PLATFORM_NOW : PLATFORM_NOW + DEVICE_AHEAD_MS),
    });
    const state = await fresh.incremental();
    expect(state.phase).toBe('idle');
    // Platform time at the start: the answers' own time (a few ms here) taken off the clock read after them.
    expect(state.lastSyncedAt).toBeLessThanOrEqual(PLATFORM_NOW);
    expect(state.lastSyncedAt).toBeGreaterThan(PLATFORM_NOW - 5_000);
  });
});
