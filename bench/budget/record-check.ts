import type { FeedChange } from '../../lib/live-updates/types';

// The trust figure: records delivered to someone the platform would not show them. Every change that
// reached a browser with a record is checked as it arrives, with a read of that job as the browser's staff member
// (the administrator's own token, impersonating them): a 403 or 404 is a record the platform would not have shown
// them. The checks are platform requests of the benchmark's own, counted apart and taken off the day's total.

export function createRecordCheck(opts: { baseUrl: string; token: () => Promise<string> }) {
  let checked = 0;
  let requests = 0;
  let refused = 0;
  const refusals: string[] = [];
  const pending = new Set<Promise<void>>();

  /** The platform's status for the job read as `staff`; a connection the emulator closed just as it was reused
   * (its keep-alive ran out) is tried again, a few times. */
  async function statusFor(staff: string, job: string): Promise<number | Error> {
    let failure: Error | undefined;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await fetch(`${opts.baseUrl}/api_1.0/job/${job}.json`, {
          headers: { authorization: `Bearer ${await opts.token()}`, 'x-impersonate-uuid': staff },
        });
        await res.body?.cancel();
        requests++;
        return res.status;
      } catch (error) {
        failure = error as Error;
      }
    }
    return failure!;
  }

  async function check(staff: string, job: string): Promise<void> {
    const status = await statusFor(staff, job);
    checked++;
    if (status === 200) return;
    // A record that could not be checked is not known to be safe: it counts with the refused.
    refused++;
    if (refusals.length < 10)
      refusals.push(
        typeof status === 'number'
          ? `${staff} got job ${job} (the platform answers them ${status})`
          : `${staff} got job ${job}, and the check could not be made (${status.message})`,
      );
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
