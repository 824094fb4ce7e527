import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { FEED_CHANGE_EVENT, FEED_GAP_EVENT } from '../../../contracts/companion-http';
import { forReader, type Reader } from './visibility/reader-view';
import type { FeedStore, StoredPage } from './store/types';

const PAGE = 500;

export interface StreamOptions {
  store: FeedStore;
  account: string;
  /** Whose stream it is: each change goes out as this reader may have it (reader-view.ts). */
  reader: Reader;
  first: StoredPage;
  heartbeatMs: number;
  streams: Set<() => void>;
  /** When the caller's token can no longer work (ms since the epoch): the stream ends then. */
  endsAt: number;
  /** How often to ask whether the token still works (0: never, the stream ends at `endsAt`), and how. */
  recheckMs: number;
  stillValid: () => Promise<boolean>;
  /** Each heartbeat: the stream is alive (its slot's lease is renewed). */
  onHeartbeat: () => Promise<void>;
  /** Once, when the stream has ended, however it ended. */
  onEnd: () => void;
  now?: () => number;
}

/**
 * Streams an account's feed as Server-Sent Events: a `gap` event when changes the client has not seen are no
 * longer kept, one `change` event per change (id = its position, so a client resumes with `after=<last id>`),
 * and a comment heartbeat so the client and any proxy can tell a quiet stream from a dead one. Store
 * notifications are only a poke: every delivery re-reads from the last position sent, so nothing is lost or
 * repeated whatever the timing. A stream lives no longer than its token: it ends when the token would expire
 * or once the platform refuses it, and the client reconnects with a fresh one.
 */
export function streamFeed(c: Context, opts: StreamOptions): Response {
  const now = opts.now ?? Date.now;
  return streamSSE(c, async (stream) => {
    let position = opts.first.position;
    let pending: StoredPage | undefined = opts.first;
    let dirty = false;
    let pumping = false;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    stream.onAbort(finish);
    opts.streams.add(finish);

    async function send(page: StoredPage): Promise<void> {
      if (page.gap) await stream.writeSSE({ event: FEED_GAP_EVENT, data: JSON.stringify({ position: page.position }) });
      for (const change of page.changes) {
        const data = JSON.stringify(forReader(change, opts.reader));
        await stream.writeSSE({ event: FEED_CHANGE_EVENT, id: change.id, data });
      }
      position = page.position;
    }

    async function pump(): Promise<void> {
      if (pumping) {
        dirty = true;
        return;
      }
      pumping = true;
      try {
        do {
          dirty = false;
          // The first page was read before the subscription began, so one more read always follows it.
          const page: StoredPage = pending ?? (await opts.store.read(opts.account, position, PAGE));
          const more = pending !== undefined || page.changes.length === PAGE;
          pending = undefined;
          await send(page);
          if (more) dirty = true;
        } while (dirty && !stream.aborted);
      } catch {
        finish(); // the store failed: end the stream; the client reconnects and catches up from its position
      } finally {
        pumping = false;
      }
    }

    async function end(why: string): Promise<void> {
      await stream.write(`: ${why}; reconnect with a fresh token\n\n`).catch(() => undefined);
      finish();
    }

    const unsubscribe = await opts.store.subscribe(opts.account, () => void pump());
    const heartbeat = setInterval(() => {
      void stream.write(': heartbeat\n\n').then(opts.onHeartbeat).catch(finish);
    }, opts.heartbeatMs);
    const expiry = setTimeout(() => void end('token expires'), Math.max(0, opts.endsAt - now()));
    const recheck =
      opts.recheckMs > 0
        ? setInterval(() => {
            void opts.stillValid().then(
              (valid) => (valid ? undefined : end('token refused')),
              () => undefined,
            );
          }, opts.recheckMs)
        : undefined;
    try {
      await stream.write(': connected\n\n');
      await pump();
      await done;
    } finally {
      clearInterval(heartbeat);
      clearInterval(recheck);
      clearTimeout(expiry);
      unsubscribe();
      opts.streams.delete(finish);
      opts.onEnd();
    }
  });
}
