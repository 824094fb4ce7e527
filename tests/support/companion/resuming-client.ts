import type { FeedChange } from '../../../server/companion/feed/store/types';
import { openStream } from './feed-client';

type Stream = Awaited<ReturnType<typeof openStream>>;

/**
 * An extension's live feed, reduced to what resuming needs: it keeps every change it was sent, across streams,
 * and the position of the last one (the `id` of the last complete event), and reconnects from there, by
 * `?after=` as the extension does or by the Last-Event-ID header as an EventSource would.
 */
export function createResumingClient(token: string) {
  const earlier: FeedChange[] = [];
  let gaps = 0;
  let stream: Stream | undefined;

  const received = (): FeedChange[] => [...earlier, ...(stream?.changes() ?? [])];

  return {
    token,
    received,
    /** `gap` events seen: the companion saying changes after the client's position were no longer kept. */
    gaps: () => gaps + (stream?.events.filter((e) => e.event === 'gap').length ?? 0),
    /** The position to resume from: the last change received, else the one it first connected at. */
    position(start: string): string {
      return received().at(-1)?.id ?? start;
    },
    async connect(baseUrl: string, after: string, via: 'query' | 'last-event-id' = 'query'): Promise<void> {
      if (stream) {
        earlier.push(...stream.changes());
        gaps += stream.events.filter((e) => e.event === 'gap').length;
        stream.close();
      }
      stream =
        via === 'query'
          ? await openStream(`${baseUrl}/feed/stream?after=${encodeURIComponent(after)}`, token)
          : await openStream(`${baseUrl}/feed/stream`, token, { 'last-event-id': after });
      if (stream.res.status !== 200)
        throw new Error(`The stream answered ${stream.res.status}: ${await stream.res.text()}`);
      await stream.until(() => stream!.comments.includes('connected'), 10_000);
    },
    /** Settles when the current stream ends (its instance went away, or close()). */
    ended: (): Promise<void> => stream?.ended ?? Promise.resolve(),
    async until(check: (changes: FeedChange[]) => boolean, timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!check(received())) {
        if (Date.now() > deadline)
          throw new Error(`Not received within ${timeoutMs} ms: ${received().length} changes so far`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close(): void {
      stream?.close();
    },
  };
}

export type ResumingClient = ReturnType<typeof createResumingClient>;
