import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { FEED_CHANGE_EVENT } from '../../../contracts/companion-http';
import type { FeedPage, FeedStore } from './types';

const PAGE = 500;

/**
 * Streams an account's feed as Server-Sent Events: one `change` event per change (id = its
 * position, so a client resumes with `after=<last id>`), and a comment heartbeat so the client and
 * any proxy can tell a quiet stream from a dead one. Store notifications are only a poke: every
 * delivery re-reads from the last position sent, so nothing is lost or repeated whatever the timing.
 */
export function streamFeed(
  c: Context,
  opts: { store: FeedStore; account: string; first: FeedPage; heartbeatMs: number; streams: Set<() => void> },
): Response {
  return streamSSE(c, async (stream) => {
    let position = opts.first.position;
    let pending: FeedPage | undefined = opts.first;
    let dirty = false;
    let pumping = false;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    stream.onAbort(finish);
    opts.streams.add(finish);

    async function send(page: FeedPage): Promise<void> {
      for (const change of page.changes) {
        await stream.writeSSE({ event: FEED_CHANGE_EVENT, id: change.id, data: JSON.stringify(change) });
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
          const page: FeedPage = pending ?? (await opts.store.read(opts.account, position, PAGE));
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

    const unsubscribe = await opts.store.subscribe(opts.account, () => void pump());
    const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n').catch(finish), opts.heartbeatMs);
    try {
      await stream.write(': connected\n\n');
      await pump();
      await done;
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
      opts.streams.delete(finish);
    }
  });
}
