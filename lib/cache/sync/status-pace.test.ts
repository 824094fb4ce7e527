import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../messaging/views';
import { paceStatus } from './status-pace';
import { signedOutStatus } from './sync-status';

const base: SyncStatus = { ...signedOutStatus(true), phase: 'full' };
const page = (n: number): SyncStatus => ({ ...base, pagesDone: n, jobsStored: n * 100, jobs: n * 100 });

function setup() {
  let clock = 1_000;
  const sent: SyncStatus[] = [];
  const timers: Array<{ fn: () => void; at: number }> = [];
  const push = paceStatus((s) => sent.push(s), {
    everyMs: 250,
    now: () => clock,
    setTimer: (fn, ms) => timers.push({ fn, at: clock + ms }),
  });
  /** Moves the clock on, running the timers that come due. */
  const advance = (ms: number) => {
    clock += ms;
    for (const timer of timers.splice(0).sort((a, b) => a.at - b.at)) {
      if (timer.at <= clock) timer.fn();
      else timers.push(timer);
    }
  };
  return { push, sent, advance };
}

describe('paceStatus', () => {
  it('sends the first status and a running sync’s progress at most once per interval, the newest at its end', () => {
    const t = setup();
    t.push(page(0));
    t.push(page(1));
    t.push(page(2));
    expect(t.sent).toEqual([page(0)]);
    t.advance(249);
    expect(t.sent).toEqual([page(0)]);
    t.advance(1);
    expect(t.sent).toEqual([page(0), page(2)]);
    // Progress after a quiet interval goes at once.
    t.advance(300);
    t.push(page(3));
    expect(t.sent.at(-1)).toEqual(page(3));
  });

  it('sends the end of the sync at once, and the progress held before it never after it', () => {
    const t = setup();
    t.push(page(0));
    t.push(page(1));
    const done: SyncStatus = { ...page(1), phase: 'idle', lastSyncedAt: 5 };
    t.push(done);
    expect(t.sent).toEqual([page(0), done]);
    t.advance(1_000);
    expect(t.sent).toEqual([page(0), done]);
  });

  it('sends at once what is not progress: a new phase, an error, the outbox, the network, the daily limit', () => {
    const changes: Array<Partial<SyncStatus>> = [
      { phase: 'incremental' },
      { lastError: 'No network' },
      { pendingWrites: 2 },
      { online: false },
      { dailyLimitUntil: 9 },
      { phase: 'signed_out' },
    ];
    for (const change of changes) {
      const t = setup();
      t.push(page(0));
      const next = { ...page(1), ...change };
      t.push(next);
      expect(t.sent).toEqual([page(0), next]);
    }
  });

  it('paces the skipped count as progress, and statuses of an idle cache not at all', () => {
    const t = setup();
    t.push(page(0));
    t.push({ ...page(1), skipped: 1 });
    expect(t.sent).toHaveLength(1);
    const idle: SyncStatus = { ...base, phase: 'idle' };
    t.push(idle);
    t.push({ ...idle, jobs: 7 });
    expect(t.sent).toEqual([page(0), idle, { ...idle, jobs: 7 }]);
  });
});
