// Platform reads the companion starts without anyone waiting for them (a look at the account's subscriptions when a
// stream opens, a narrowed person's job list after a round), kept track of so `settled()` can wait for them: a test
// that counts the platform's requests, or drops one, waits first, or it catches a read that is none of its business.

export interface BackgroundWork {
  /** Starts `work`, not awaited by the caller; a failure is the work's own to handle (it waits for the next chance). */
  run(work: () => Promise<unknown>): void;
  /** Resolves once no work started here is running. */
  settled(): Promise<void>;
}

export function createBackgroundWork(): BackgroundWork {
  const running = new Set<Promise<unknown>>();
  return {
    run(work) {
      const done: Promise<unknown> = work()
        .catch(() => undefined)
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
