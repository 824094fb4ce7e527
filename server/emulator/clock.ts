import type { Clock, EpochMs } from './contracts';

interface Timer {
  at: EpochMs;
  seq: number;
  fn: () => void | Promise<void>;
}

/**
 * A clock that starts at real time and only moves when told to (plus real time passing, so a
 * long-running `npm start` still sees tokens expire). `advance` fires due timers in time order,
 * setting the clock to each timer's time first, so code scheduled "in 10 minutes" sees exactly that.
 */
export function createClock(start: EpochMs = Date.now()): Clock {
  const realStart = Date.now();
  let offset = start - realStart;
  let seq = 0;
  const timers: Timer[] = [];
  const now = () => Date.now() + offset;

  async function runDue(until: EpochMs): Promise<void> {
    for (;;) {
      timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = timers[0];
      if (!next || next.at > until) return;
      timers.shift();
      if (next.at > now()) offset += next.at - now();
      await next.fn();
    }
  }

  // Timers that fall due in real time (no advance called) still fire.
  const ticker = setInterval(() => void runDue(now()), 250);
  ticker.unref?.();

  return {
    now,
    async advance(seconds) {
      const target = now() + seconds * 1000;
      await runDue(target);
      if (target > now()) offset += target - now();
    },
    setTimer(at, fn) {
      const timer: Timer = { at, seq: seq++, fn };
      timers.push(timer);
      if (at <= now()) queueMicrotask(() => void runDue(now()));
      return () => {
        const i = timers.indexOf(timer);
        if (i >= 0) timers.splice(i, 1);
      };
    },
  };
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, the format of webhook timestamps. */
export function formatUtc(ms: EpochMs): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
