// A timer the outbox's unit tests fire by hand, in place of the sender's real one.

/** A timer the test fires by hand: what was asked, and a way to run it. */
export function createManualTimers() {
  const timers: Array<{ delayMs: number; fn: () => void; done: boolean }> = [];
  const armed = () => timers.filter((t) => !t.done);
  return {
    setTimer: (delayMs: number, fn: () => void) => {
      const timer = { delayMs, fn, done: false };
      timers.push(timer);
      return () => {
        timer.done = true;
      };
    },
    /** Delays of the timers neither fired nor cancelled. */
    armed: () => armed().map((t) => t.delayMs),
    /** Fires the one armed timer, as the clock reaching it would. */
    fire() {
      const [timer, ...more] = armed();
      if (!timer || more.length > 0) throw new Error(`expected one armed timer, found ${armed().length}`);
      timer.done = true;
      timer.fn();
    },
  };
}
