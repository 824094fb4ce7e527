/**
 * Tells a listener when an account's feed grows, for a store that can only ask (Redis over HTTP has no blocking
 * read and no subscription): each watch asks for the feed's newest position every `intervalMs`, and pokes its
 * listener when it moved, whichever instance appended.
 *
 * Each watch polls on its own timer rather than sharing one loop per store, because on a Workers-style runtime
 * a timer and the I/O it starts belong to the request that set them: a loop started by one stream's request
 * would stop when that stream ends, and a poke from another request's context could not write to this stream.
 * A watch is set up by its stream's own request, so its timer lives exactly as long as that stream.
 */
export function createRestWatcher(opts: {
  /** The newest position of the feed at `key` (changes whenever something is appended). */
  head: (key: string) => Promise<string>;
  intervalMs: number;
}) {
  const stops = new Set<() => void>();

  return {
    /** Resolves once `key` is watched from its current end; answers the unwatch. */
    async watch(key: string, listener: () => void): Promise<() => void> {
      let last = await opts.head(key);
      let timer: ReturnType<typeof setTimeout> | undefined;
      let stopped = false;
      const stop = () => {
        stopped = true;
        clearTimeout(timer);
        stops.delete(stop);
      };
      const tick = async () => {
        try {
          const now = await opts.head(key);
          if (now !== last && !stopped) {
            last = now;
            listener();
          }
        } catch {
          // The store is briefly unreachable: ask again next time. The stream's own reads fail and end it if
          // this lasts, and its client reconnects and catches up from its position.
        }
        if (!stopped) timer = setTimeout(() => void tick(), opts.intervalMs);
      };
      timer = setTimeout(() => void tick(), opts.intervalMs);
      stops.add(stop);
      return stop;
    },

    close(): void {
      for (const stop of [...stops]) stop();
    },
  };
}
