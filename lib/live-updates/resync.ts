// Changes the feed no longer holds (it was trimmed past the saved position, the companion restarted, or the
// position is one it never handed out) are not skipped silently: one incremental sync brings the cache up to
// date instead. A gap found while that sync runs asks for one more, because the running one may have read the
// platform before the missed changes.

export interface Resync {
  /** The feed said changes were missed. */
  gap(): void;
  /** Resolves when no sync asked for by a gap is running. */
  idle(): Promise<void>;
}

export function createResync(opts: {
  sync?: () => Promise<unknown>;
  report: (message: string, error: unknown) => void;
}): Resync {
  let running: Promise<void> | null = null;
  let again = false;
  return {
    gap() {
      const sync = opts.sync;
      if (!sync) return;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await sync().catch((error: unknown) =>
            opts.report('could not sync the changes the feed no longer holds', error),
          );
        } while (again);
      })().finally(() => (running = null));
    },
    async idle() {
      await running;
    },
  };
}
