import type { FeedChange } from '../../lib/live-updates/types';

// The figure issue 29 asks for: records delivered to someone the platform would not show them. Every change that
// reached a browser with a record is checked as it arrives, with a read of that job as the browser's staff member
// (the administrator's own token, impersonating them): a 403 or 404 is a record the platform would not have shown
// them. The checks are platform requests of the benchmark's own, counted apart and taken off the day's total.

export function createRecordCheck(opts: { baseUrl: string; token: () => Promise<string> }) {
  let checked = 0;
  let requests = 0;
  let refused = 0;
  const refusals: string[] = [];
  const pending = new Set<Promise<void>>();

  async function check(staff: string, job: string): Promise<void> {
    const res = await fetch(`${opts.baseUrl}/api_1.0/job/${job}.json`, {
      headers: { authorization: `Bearer ${await opts.token()}`, 'x-impersonate-uuid': staff },
    });
    await res.body?.cancel();
    requests++;
    checked++;
    if (res.status !== 200) {
      refused++;
      if (refusals.length < 10) refusals.push(`${staff} got job ${job} (the platform answers them ${res.status})`);
    }
  }

  return {
    /** A change with a record reached the browser of `staff` (undefined: a browser nobody vouched for). */
    delivered(staff: string | undefined, change: FeedChange): void {
      const job = change.object === 'jobactivity' ? change.job_uuid : change.uuid;
      if (!job) return;
      if (!staff) {
        // A browser nobody vouched for must never get a record at all.
        refused++;
        checked++;
        refusals.push(`a self-declared browser got job ${job}`);
        return;
      }
      const running = check(staff, job).finally(() => pending.delete(running));
      pending.add(running);
    },
    /** Waits for the checks of what has arrived so far. */
    settled: () => Promise.all([...pending]).then(() => undefined),
    /** Platform requests the checks made. */
    requests: () => requests,
    summary: () => ({ delivered: checked, refused, refusals }),
  };
}
