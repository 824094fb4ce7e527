// Cursor pagination as an async iterator: `cursor=-1` first, then the `x-next-cursor` of each answer
// until the header is absent. Each page is yielded with its own cursor and the next one, so a caller
// can save progress and resume later by passing `cursor`. Pages may hold any number of records (the
// spec says up to one size, the real platform sends more): nothing here counts them. The iterator
// fails loudly on a page that is not an array or a malformed next cursor, stops when its signal
// aborts, and refuses a second `next()` while one is in flight (two callers turning the same pages
// would skip or repeat records).
//
// Cursors the platform gets wrong: a next cursor equal to the one just read is taken as the last
// page (reading it again would answer the same page forever); a next cursor read earlier in this
// walk (A, B, A…) means the pages loop: the page that points back is still handed over (its
// records are good), and the turn after it fails with a ValidationError that says so, instead of
// walking in circles.
import { isUuid } from './fields';
import { ApiError } from './errors';
import { parseRecords, type Skipped } from './record-schema';

export const FIRST_CURSOR = '-1';

export interface Page<R> {
  records: R[];
  /** Records of this page that failed validation, with their uuid and why. */
  skipped: Skipped[];
  /** The cursor this page was read with (resume here to read it again). */
  cursor: string;
  /** The cursor of the next page, or null on the last page (resume here to go on). */
  nextCursor: string | null;
}

/** A page as fetched: its body parsed already (`body`), or parsed on demand (`read`, so a walk
 * reading ahead can send for the next page first). */
export type RawPage = { nextCursor: string | null } & ({ body: unknown } | { read: () => unknown });

export interface PaginateOptions<R> {
  /** Reads one page with the given cursor; `onSent`, when given, is called once the request is on its way. */
  fetchPage(cursor: string, signal: AbortSignal | undefined, onSent?: () => void): Promise<RawPage>;
  parse(raw: unknown): { ok: true; value: R } | { ok: false; skipped: Skipped };
  /** Where to start: a cursor saved from an earlier walk, or -1 (the default) for the first page. */
  cursor?: string;
  signal?: AbortSignal;
  /** For messages: "GET /api_1.0/job.json". */
  label: string;
  /** Send for page n+1 as soon as page n has arrived, before page n is parsed and handed over, so
   * the platform and the network work on it while the caller parses and stores page n. At most
   * one request is ahead; leaving the walk (`return()`) or an error cancels it. */
  readAhead?: boolean;
}

export type PageIterator<R> = AsyncIterableIterator<Page<R>, undefined, undefined>;

export function paginate<R>(options: PaginateOptions<R>): PageIterator<R> {
  const { signal, label } = options;
  const start = options.cursor ?? FIRST_CURSOR;
  if (start !== FIRST_CURSOR && !isUuid(start)) {
    throw new RangeError(`${label}: cannot start from cursor ${JSON.stringify(start)}: expected -1 or a uuid`);
  }
  let cursor: string | null = start;
  let busy = false;
  /** Every cursor read in this walk: a next cursor among them means the platform's pages loop. */
  const read = new Set<string>([start]);
  /** The loop found on the page just handed over: the next turn reports it. */
  let looped: ApiError | null = null;
  // The request read ahead: for which cursor, and its own abort (leaving the walk cancels it).
  let ahead: { cursor: string; page: Promise<RawPage>; stop: AbortController; sent: Promise<void> } | null = null;
  const dropAhead = () => {
    ahead?.stop.abort(new DOMException('The page walk ended', 'AbortError'));
    ahead = null;
  };
  const fetchAhead = (next: string) => {
    const stop = new AbortController();
    let onSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (onSent = resolve));
    const page = options.fetchPage(next, signal ? AbortSignal.any([signal, stop.signal]) : stop.signal, onSent);
    page.catch(() => undefined); // awaited by the next turn, or dropped: never "unhandled"
    ahead = { cursor: next, page, stop, sent };
    return sent;
  };

  async function turn(): Promise<IteratorResult<Page<R>, undefined>> {
    if (looped !== null) {
      const error = looped;
      looped = null;
      cursor = null; // a broken walk does not go on
      throw error;
    }
    if (cursor === null) return { done: true, value: undefined };
    signal?.throwIfAborted();
    const current = cursor;
    const pending = ahead?.cursor === current ? ahead.page : options.fetchPage(current, signal);
    ahead = null;
    const raw = await pending;
    const early = raw.nextCursor;
    if (options.readAhead && early !== null && isUuid(early) && !read.has(early) && early !== current) {
      const sent = fetchAhead(early);
      // The request's way to the network (limiter, hooks) is a chain of promise steps, and this page's parse and
      // the caller's work on it (validation, search documents, the segment write) would run before them all: the
      // platform would get the next request only once this page was stored. So the walk waits until the request is
      // handed to fetch, which the chain reaches in promise steps alone when nothing holds it: without a task
      // boundary, whose wait gives the worker's core away (20-35 ms a page on a busy machine). A chain that does
      // wait (the limiter's window full) lets the walk go on after a task, as the page has nothing else to wait for.
      await Promise.race([sent, nextTask()]);
    }
    const body = 'read' in raw ? raw.read() : raw.body;
    if (!Array.isArray(body)) {
      dropAhead();
      cursor = null; // a broken walk does not go on
      throw new ApiError('ValidationError', `${label}: page at cursor ${current} is not an array`, {
        status: 200,
        request: label,
      });
    }
    // The same cursor again: the last page (a platform that repeats it would answer this page forever).
    const next = raw.nextCursor === current ? null : raw.nextCursor;
    if (next !== null && !isUuid(next)) {
      dropAhead();
      cursor = null;
      throw new ApiError(
        'ValidationError',
        `${label}: malformed x-next-cursor ${JSON.stringify(next)} after cursor ${current}`,
        {
          status: 200,
          request: label,
        },
      );
    }
    const { records, skipped } = parseRecords(body, options.parse);
    if (next !== null && read.has(next)) {
      dropAhead();
      looped = new ApiError(
        'ValidationError',
        `${label}: the platform's pages loop: x-next-cursor ${next} after cursor ${current} points back to a page already read in this walk; stopped rather than read it again`,
        { status: 200, request: label },
      );
    }
    if (next !== null) read.add(next);
    cursor = next;
    return { done: false, value: { records, skipped, cursor: current, nextCursor: next } };
  }

  const iterator: PageIterator<R> = {
    async next() {
      if (busy) {
        throw new Error(`${label}: next() called while the previous page is still loading; one caller at a time`);
      }
      busy = true;
      try {
        return await turn();
      } catch (error) {
        dropAhead();
        throw error;
      } finally {
        busy = false;
      }
    },
    async return() {
      dropAhead();
      cursor = null;
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/** Resolves after the current task: every promise step queued by then has run. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Every record of every page, for small collections (staff, badges, a company's contacts). */
export async function collect<R>(pages: PageIterator<R>): Promise<{ records: R[]; skipped: Skipped[] }> {
  const records: R[] = [];
  const skipped: Skipped[] = [];
  for await (const page of pages) {
    for (const r of page.records) records.push(r);
    for (const s of page.skipped) skipped.push(s);
  }
  return { records, skipped };
}
