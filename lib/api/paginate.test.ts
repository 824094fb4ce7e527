import { describe, expect, it } from 'vitest';
import { isApiError } from './errors';
import { collect, paginate, type RawPage } from './paginate';
import { jobRecord } from './schemas';

// A deterministic in-memory page source: pure unit tests of the iterator's contract (the HTTP side
// is covered against the real emulator in tests/integration/client).
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function source(total: number, size: number, tweak?: (cursor: string, page: RawPage) => RawPage) {
  const calls: string[] = [];
  const fetchPage = async (cursor: string): Promise<RawPage> => {
    calls.push(cursor);
    const start = cursor === '-1' ? 0 : Number(cursor.slice(-12));
    const body = Array.from({ length: Math.min(size, total - start) }, (_, i) => ({
      uuid: uuid(start + i),
      status: 'Quote',
    }));
    const page = { body, nextCursor: start + size < total ? uuid(start + size) : null };
    return tweak ? tweak(cursor, page) : page;
  };
  return { fetchPage, calls };
}

describe('paginate', () => {
  it('walks every page from -1 until x-next-cursor is absent', async () => {
    const src = source(25, 10);
    const pages = [];
    for await (const page of paginate({ ...src, parse: jobRecord.parse, label: 't' })) pages.push(page);
    expect(pages.map((p) => p.records.length)).toEqual([10, 10, 5]);
    expect(pages[0]).toMatchObject({ cursor: '-1', nextCursor: uuid(10) });
    expect(pages[2]).toMatchObject({ cursor: uuid(20), nextCursor: null });
  });

  it('resumes from a saved cursor', async () => {
    const src = source(25, 10);
    const { records } = await collect(paginate({ ...src, cursor: uuid(10), parse: jobRecord.parse, label: 't' }));
    expect(records.map((r) => r.uuid)).toEqual(Array.from({ length: 15 }, (_, i) => uuid(10 + i)));
    expect(() => paginate({ ...src, cursor: 'garbage', parse: jobRecord.parse, label: 't' })).toThrow(/cannot start/);
  });

  it('skips and reports bad records without failing the page', async () => {
    const src = source(3, 10, (_c, page) => ({
      ...page,
      body: [...(page as { body: object[] }).body, { uuid: uuid(99), badges: '[' }, 42],
    }));
    const { records, skipped } = await collect(paginate({ ...src, parse: jobRecord.parse, label: 't' }));
    expect(records).toHaveLength(3);
    expect(skipped).toEqual([
      { uuid: uuid(99), reason: expect.stringContaining('badges') },
      { uuid: null, reason: expect.stringContaining('not an object') },
    ]);
  });

  it.each([
    ['a page that is not an array', (_c: string, p: RawPage) => ({ ...p, body: { error: 'x' } }), /not an array/],
    [
      'a malformed x-next-cursor',
      (_c: string, p: RawPage) => ({ ...p, nextCursor: 'next please' }),
      /malformed x-next-cursor/,
    ],
  ])('fails loudly on %s', async (_label, tweak, message) => {
    const src = source(50, 5, tweak);
    const error = await collect(paginate({ ...src, parse: jobRecord.parse, label: 't' })).catch((e: unknown) => e);
    expect(isApiError(error, 'ValidationError')).toBe(true);
    expect(String((error as Error).message)).toMatch(message);
  });

  describe('cursors the platform gets wrong', () => {
    it('takes a next cursor equal to the one just read as the last page', async () => {
      // Page 2 (records 10..19) names itself as the next page.
      const src = source(50, 10, (c, p) => (c === uuid(10) ? { ...p, nextCursor: c } : p));
      const pages = [];
      for await (const page of paginate({ ...src, parse: jobRecord.parse, label: 't' })) pages.push(page);
      expect(pages.map((p) => [p.cursor, p.nextCursor])).toEqual([
        ['-1', uuid(10)],
        [uuid(10), null],
      ]);
      expect(pages.flatMap((p) => p.records.map((r) => r.uuid))).toEqual(Array.from({ length: 20 }, (_, i) => uuid(i)));
      expect(src.calls).toEqual(['-1', uuid(10)]);
    });

    it('takes a repeated first cursor of a resumed walk as the last page too, reading ahead or not', async () => {
      for (const readAhead of [false, true]) {
        const src = source(50, 10, (c, p) => (c === uuid(20) ? { ...p, nextCursor: c } : p));
        const { records } = await collect(
          paginate({ ...src, cursor: uuid(20), readAhead, parse: jobRecord.parse, label: 't' }),
        );
        expect(records.map((r) => r.uuid)).toEqual(Array.from({ length: 10 }, (_, i) => uuid(20 + i)));
        expect(src.calls).toEqual([uuid(20)]);
      }
    });

    it.each([
      // [case, the page that points back, where it points, where the walk starts, the pages read]
      ['A → B → A', 20, 10, '-1', ['-1', uuid(10), uuid(20)]],
      ['A → B → C → A', 30, 10, '-1', ['-1', uuid(10), uuid(20), uuid(30)]],
      ['back to where a resumed walk started', 20, 10, uuid(10), [uuid(10), uuid(20)]],
    ])(
      'catches a cycle of cursors (%s): hands over every page read once, then fails saying the pages loop',
      async (_case, from, to, start, read) => {
        for (const readAhead of [false, true]) {
          const src = source(50, 10, (c, p) => (c === uuid(from) ? { ...p, nextCursor: uuid(to) } : p));
          const pages = paginate({
            ...src,
            cursor: start,
            readAhead,
            parse: jobRecord.parse,
            label: 'GET /api_1.0/job.json',
          });
          const seen: string[] = [];
          const error = await (async () => {
            for await (const page of pages) seen.push(page.cursor);
          })().catch((e: unknown) => e);
          expect(isApiError(error, 'ValidationError')).toBe(true);
          expect((error as Error).message).toBe(
            `GET /api_1.0/job.json: the platform's pages loop: x-next-cursor ${uuid(to)} after cursor ${uuid(from)} points back to a page already read in this walk; stopped rather than read it again`,
          );
          // Every page once, the one pointing back included; nothing read twice, not even ahead.
          expect(seen).toEqual(read);
          expect(src.calls).toEqual(read);
          expect((await pages.next()).done).toBe(true); // the walk is over
        }
      },
    );
  });

  it('refuses a second concurrent next()', async () => {
    const src = source(30, 10);
    const pages = paginate({ ...src, parse: jobRecord.parse, label: 't' });
    const first = pages.next();
    await expect(pages.next()).rejects.toThrow(/one caller at a time/);
    expect((await first).done).toBe(false);
    expect((await pages.next()).value?.cursor).toBe(uuid(10)); // still usable once the first settled
  });

  describe('reading ahead', () => {
    /** A source whose pages arrive as text, parsed on `read()`, recording the order of events. */
    function lazySource(total: number, size: number) {
      const events: string[] = [];
      const signals: AbortSignal[] = [];
      const fetchPage = async (cursor: string, signal: AbortSignal | undefined): Promise<RawPage> => {
        events.push(`fetch ${cursor}`);
        if (signal) signals.push(signal);
        const start = cursor === '-1' ? 0 : Number(cursor.slice(-12));
        const text = JSON.stringify(
          Array.from({ length: Math.min(size, total - start) }, (_, i) => ({ uuid: uuid(start + i), status: 'Quote' })),
        );
        return {
          nextCursor: start + size < total ? uuid(start + size) : null,
          read: () => (events.push(`parse ${cursor}`), JSON.parse(text) as unknown),
        };
      };
      return { fetchPage, events, signals };
    }

    it('sends for the next page before parsing this one, and walks every record once', async () => {
      const src = lazySource(25, 10);
      const { records } = await collect(paginate({ ...src, readAhead: true, parse: jobRecord.parse, label: 't' }));
      expect(records.map((r) => r.uuid)).toEqual(Array.from({ length: 25 }, (_, i) => uuid(i)));
      expect(src.events).toEqual([
        'fetch -1',
        `fetch ${uuid(10)}`,
        'parse -1',
        `fetch ${uuid(20)}`,
        `parse ${uuid(10)}`,
        `parse ${uuid(20)}`,
      ]);
    });

    it('lets the request ahead leave before this page is parsed and handed over, however many promise steps it takes', async () => {
      // A client's way to the network (limiter, hooks, retries) is a chain of promise steps; the page's parse and
      // the caller's work on it must not run before the request ahead has gone out, or the platform idles meanwhile.
      const src = lazySource(25, 10);
      const fetchPage = async (cursor: string, signal: AbortSignal | undefined): Promise<RawPage> => {
        for (let step = 0; step < 50; step++) await Promise.resolve();
        return src.fetchPage(cursor, signal);
      };
      const pages = paginate({ fetchPage, readAhead: true, parse: jobRecord.parse, label: 't' });
      const first = await pages.next();
      src.events.push(`handed over ${first.value?.cursor}`);
      expect(src.events).toEqual(['fetch -1', `fetch ${uuid(10)}`, 'parse -1', 'handed over -1']);
      await pages.return?.();
    });

    it('parses the page it has as soon as the request ahead is on its way, without waiting for a task', async () => {
      // Waiting for a task gives the thread away, and on a busy machine it comes back tens of ms later: a client that
      // says when its request has been handed to fetch lets the walk go on at once.
      const src = lazySource(25, 10);
      const fetchPage = async (cursor: string, signal: AbortSignal | undefined, onSent?: () => void) => {
        for (let step = 0; step < 50; step++) await Promise.resolve();
        src.events.push(`sent ${cursor}`);
        onSent?.();
        const page = await src.fetchPage(cursor, signal);
        // Queued as the first page comes in: a task boundary in the walk would let it run before the parse.
        if (cursor === '-1') setTimeout(() => src.events.push('a task'), 0);
        return page;
      };
      const pages = paginate({ fetchPage, readAhead: true, parse: jobRecord.parse, label: 't' });
      await pages.next();
      src.events.push('handed over -1');
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      expect(src.events).toEqual([
        'sent -1',
        'fetch -1',
        `sent ${uuid(10)}`,
        `fetch ${uuid(10)}`,
        'parse -1',
        'handed over -1',
        'a task',
      ]);
      await pages.return?.();
    });

    it('without readAhead, fetches a page only when asked', async () => {
      const src = lazySource(25, 10);
      await collect(paginate({ ...src, parse: jobRecord.parse, label: 't' }));
      expect(src.events).toEqual([
        'fetch -1',
        'parse -1',
        `fetch ${uuid(10)}`,
        `parse ${uuid(10)}`,
        `fetch ${uuid(20)}`,
        `parse ${uuid(20)}`,
      ]);
    });

    it('cancels the request ahead when the walk is left or a page is broken', async () => {
      const src = lazySource(50, 10);
      const pages = paginate({ ...src, readAhead: true, parse: jobRecord.parse, label: 't' });
      await pages.next();
      expect(src.signals).toHaveLength(1); // only the request ahead has a signal (the walk has none)
      expect(src.signals[0]?.aborted).toBe(false);
      await pages.return?.();
      expect(src.signals[0]?.aborted).toBe(true);

      const broken = lazySource(50, 10);
      const fetchPage = async (cursor: string, signal: AbortSignal | undefined): Promise<RawPage> => {
        const page = await broken.fetchPage(cursor, signal);
        return cursor === '-1' ? { nextCursor: page.nextCursor, read: () => ({ not: 'an array' }) } : page;
      };
      await expect(
        collect(paginate({ fetchPage, readAhead: true, parse: jobRecord.parse, label: 't' })),
      ).rejects.toThrow(/not an array/);
      expect(broken.signals[0]?.aborted).toBe(true);
    });
  });

  it('stops when the signal aborts', async () => {
    const src = source(100, 10);
    const controller = new AbortController();
    const seen: string[] = [];
    const walk = (async () => {
      for await (const page of paginate({ ...src, signal: controller.signal, parse: jobRecord.parse, label: 't' })) {
        seen.push(page.cursor);
        if (seen.length === 2) controller.abort(new Error('user left'));
      }
    })();
    await expect(walk).rejects.toThrow('user left');
    expect(src.calls).toHaveLength(2);
  });
});
