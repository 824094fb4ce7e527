import type { Job } from '../../lib/api/schemas';
import type { JobCache } from '../../lib/cache';

// How long each open browser stayed behind a change: for every change of a job and every browser that holds
// that job, the time until the browser's cache shows the new value. A change that arrived through the live
// feed is timed in real time (the live path runs at real speed: webhook, companion, stream, re-read); one that
// waited for a sync is timed in simulated time (the minutes until that sync ran). A live change that arrived in a
// later simulated minute than it was made (the companion held it for its share of the minute) is timed in
// simulated time too: the real time of a simulated minute is a fraction of a second.

interface Pending {
  browser: number;
  job: string;
  field: 'status' | 'job_description' | 'job_address' | 'exists';
  value: string;
  realAt: number;
  simAt: number;
}

export function createStaleness(caches: () => ReadonlyArray<JobCache | undefined>, simNow: () => number) {
  let pending: Pending[] = [];
  const lags: number[] = [];
  /** browser → job → real and simulated time of the last upsert outside a sync. */
  const upserts = new Map<number, Map<string, { real: number; sim: number }>>();

  return {
    onUpsert(browser: number, jobs: readonly Job[]) {
      let map = upserts.get(browser);
      if (!map) upserts.set(browser, (map = new Map()));
      const at = { real: performance.now(), sim: simNow() };
      for (const job of jobs) map.set(job.uuid, at);
    },
    /** Of these browsers, those whose cache does not show the value yet: setting a field to the value it has is
     * no change to catch up on (a status set to the one it had), and would be timed as a late one. */
    async lacking(holders: readonly number[], job: string, field: Pending['field'], value: string): Promise<number[]> {
      const all = caches();
      const shown = await Promise.all(
        holders.map(async (b) => (await all[b]?.getJob(job, { includeInactive: true }))?.[field as 'status'] === value),
      );
      return holders.filter((_, i) => !shown[i]);
    },
    changed(holders: readonly number[], job: string, field: Pending['field'], value: string, simAt: number) {
      // A newer change of the same job replaces what was still awaited of the older one.
      pending = pending.filter((p) => p.job !== job);
      const realAt = performance.now();
      for (const browser of holders) pending.push({ browser, job, field, value, realAt, simAt });
    },
    /** At the end of a simulated minute: which browsers now show what they were behind on. */
    async check(simNow: number) {
      const left: Pending[] = [];
      const all = caches();
      for (const p of pending) {
        const cache = all[p.browser];
        if (!cache) continue;
        const job = await cache.getJob(p.job, { includeInactive: true });
        const shows = job !== undefined && (p.field === 'exists' || String(job[p.field] ?? '') === p.value);
        if (!shows) {
          left.push(p);
          continue;
        }
        const upsert = upserts.get(p.browser)?.get(p.job);
        const live = upsert !== undefined && upsert.real >= p.realAt;
        if (process.env.BUDGET_DEBUG && !live && simNow - p.simAt > 120_000) {
          process.stderr.write(
            `budget: late by sync: browser ${p.browser} job ${p.job} ${p.field} after ${(simNow - p.simAt) / 1000} s\n`,
          );
        }
        if (process.env.BUDGET_DEBUG && live && upsert.sim > p.simAt)
          process.stderr.write(
            `budget: live but a minute late: browser ${p.browser} job ${p.job} ${p.field} after ${(upsert.sim - p.simAt) / 1000} s\n`,
          );
        if (!live) lags.push((simNow - p.simAt) / 1000);
        else if (upsert.sim > p.simAt) lags.push((upsert.sim - p.simAt) / 1000);
        else lags.push((upsert.real - p.realAt) / 1000);
      }
      pending = left;
    },
    /** Seconds behind: the longest, the 95th percentile, and how many were never caught up by the end. */
    summary() {
      const sorted = [...lags].sort((a, b) => a - b);
      return {
        max: sorted.at(-1) ?? 0,
        p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
        count: sorted.length,
        never: pending.length,
      };
    },
  };
}
