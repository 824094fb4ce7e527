// Re-reads what a page shows after live events, one at a time. Events come in bursts (200 notes added
// or sent, each an `outbox.changed`), and every re-read spends the account's request budget, which
// the background's client holds to the platform's 180 a minute and shares with the outbox. While the
// platform fails, one re-read takes up to a minute of retries: events then ask for one more re-read
// after it, never a queue of them that would use up the budget the outbox needs once the platform is back.

export interface Reread {
  /** A re-read once the burst has settled, or after the one in flight. */
  soon(): void;
  stop(): void;
}

export function createReread(read: () => Promise<void>, settleMs = 300): Reread {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  let stopped = false;

  function start(): void {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = true;
    void read()
      .catch(() => undefined) // the page's own reads show their errors
      .finally(() => {
        running = false;
        if (again && !stopped) {
          again = false;
          soon();
        }
      });
  }

  function soon(): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(start, settleMs);
  }

  return {
    soon,
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
