// Walking a collection's cursor pages for a full sync, with fetching, preparing and storing
// overlapped (full-sync.ts says what each page is for).
import { isApiError } from '../../api/errors';
import { FIRST_CURSOR, type Page, type PageIterator } from '../../api/paginate';
import type { PageOptions } from '../../api/client';

/** What a walk does with each page: `prepare` (synchronous work that needs no database, e.g.
 * building the search index) runs while the page before is still committing; `store` writes the
 * page, and is never started before the previous page's store has finished. */
export interface PageHandlers<R> {
  prepare(page: Page<R>): void;
  store(page: Page<R>): Promise<void>;
}

/**
 * Walks pages from `cursor` in three overlapping stages: the platform sends page n+2 (the iterator
 * reads ahead) while page n+1 is parsed and prepared and page n commits. Stores stay one at a time
 * and in order: each commits its page together with the next cursor, so a walk cut off anywhere
 * resumes after the last page committed. A saved cursor the platform no longer knows (page cursors
 * expire after an hour) restarts the walk at the first page: stored records are then replaced in
 * place by uuid, not duplicated.
 */
export async function walk<R>(
  pages: (opts: PageOptions) => PageIterator<R>,
  cursor: string,
  signal: AbortSignal | undefined,
  handlers: PageHandlers<R>,
  onRestart: () => void = () => undefined,
): Promise<void> {
  let received = 0;
  let storing: Promise<void> | null = null;
  const iterator = pages({ cursor, readAhead: true, ...(signal === undefined ? {} : { signal }) });
  try {
    let pending = iterator.next();
    for (;;) {
      let result: IteratorResult<Page<R>, undefined> | null = await pending;
      if (result.done) break;
      received++;
      pending = iterator.next();
      // If storing fails, nobody awaits the prefetch: keep its failure from being "unhandled".
      pending.catch(() => undefined);
      signal?.throwIfAborted(); // stop between pages even if the source ignores the signal
      handlers.prepare(result.value);
      await storing;
      signal?.throwIfAborted();
      storing = handlers.store(result.value);
      // Awaited at the next page or the end; until then a failure must not count as "unhandled".
      storing.catch(() => undefined);
      // The page let go: a suspended async function keeps what its variables hold, and the page's records (a full
      // sync's 5,000 validated jobs) would live on through the next page's fetch and parse, long after their store,
      // for the collector to copy between young generations, promote and mark.
      result = null;
    }
    await storing;
    return;
  } catch (error) {
    // A page still committing finishes (or fails) before the walk reports: the caller then sees
    // the sync state of every page that did commit.
    await storing?.catch(() => undefined);
    const staleCursor =
      received === 0 && cursor !== FIRST_CURSOR && isApiError(error, 'ValidationError') && error.status === 400;
    if (!staleCursor || signal?.aborted) throw error;
  } finally {
    await iterator.return?.();
  }
  onRestart();
  await walk(pages, FIRST_CURSOR, signal, handlers);
}

/** A walk's first request, sent before the walk starts (the full sync asks for the first job page as soon as the
 * last company page is in, so the platform prepares it while the companies are stored). */
export interface FirstPageAhead<R> {
  /** For `walk`: hands over the iterator already asked for its first page when the walk starts from the first
   * cursor, once; any other start (a resumed cursor, a walk started over) asks anew. */
  pages(opts: PageOptions): PageIterator<R>;
  /** Drops the request when no walk took it (the walk before failed): nothing is left in flight. */
  cancel(): Promise<void>;
}

export function firstPageAhead<R>(
  pages: (opts: PageOptions) => PageIterator<R>,
  signal: AbortSignal | undefined,
): FirstPageAhead<R> {
  const stop = new AbortController();
  const both = signal === undefined ? stop.signal : AbortSignal.any([signal, stop.signal]);
  let ahead: PageIterator<R> | null = pages({ cursor: FIRST_CURSOR, readAhead: true, signal: both });
  let first: Promise<IteratorResult<Page<R>, undefined>> | null = ahead.next();
  first.catch(() => undefined); // the walk awaits it, or it is dropped: never "unhandled"
  const drop = async (iterator: PageIterator<R> | null) => {
    if (iterator === null) return;
    stop.abort(new DOMException('The walk did not start from the first page', 'AbortError'));
    await iterator.return?.();
  };
  return {
    pages(opts) {
      const iterator = ahead;
      ahead = null;
      if (iterator === null || opts.cursor !== FIRST_CURSOR) {
        void drop(iterator);
        return pages(opts);
      }
      const handed: PageIterator<R> = {
        next() {
          const page = first;
          first = null; // handed over once, then not kept for the rest of the walk (walk() says why)
          return page ?? iterator.next();
        },
        return: () => iterator.return!(),
        [Symbol.asyncIterator]: () => handed,
      };
      return handed;
    },
    async cancel() {
      const iterator = ahead;
      ahead = null;
      await drop(iterator);
    },
  };
}
