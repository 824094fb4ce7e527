// The walk's three overlapping stages: what runs while a page commits, and what a failure stops.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { FIRST_CURSOR, paginate, type Page } from '../../api/paginate';
import type { PageOptions } from '../../api/client';
import { firstPageAhead, walk } from './page-walk';

const cursorOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Pages 0..count-1 of one record each; with `stale`, every cursor but the first answers 400 (expired). */
function source(count: number, options: { stale?: boolean } = {}) {
  const requested: string[] = [];
  const pages = (opts: PageOptions) =>
    paginate<number>({
      label: 'test',
      ...(opts.cursor === undefined ? {} : { cursor: opts.cursor }),
      ...(opts.readAhead === undefined ? {} : { readAhead: opts.readAhead }),
      parse: (raw) => ({ ok: true, value: raw as number }),
      fetchPage: async (cursor) => {
        requested.push(cursor);
        if (options.stale && cursor !== FIRST_CURSOR) {
          throw new ApiError('ValidationError', 'cursor expired', { status: 400 });
        }
        const n = cursor === FIRST_CURSOR ? 0 : Number(cursor.slice(-12));
        return { body: [n], nextCursor: n + 1 < count ? cursorOf(n + 1) : null };
      },
    });
  return { pages, requested };
}

/** A store that stays pending until released, recording the order of events. */
function controlledStores(log: string[]) {
  const release: Array<(ok: boolean) => void> = [];
  return {
    release,
    handlers: {
      prepare: (page: Page<number>) => void log.push(`prepare ${page.records[0]}`),
      store: (page: Page<number>) =>
        new Promise<void>((resolve, reject) => {
          log.push(`store ${page.records[0]}`);
          release.push((ok) => {
            log.push(`${ok ? 'committed' : 'failed'} ${page.records[0]}`);
            if (ok) resolve();
            else reject(new Error(`store ${page.records[0]} failed`));
          });
        }),
    },
  };
}

/** A moment for anything that should not happen to show (only for checks that something did not happen). */
const settle = () => new Promise((r) => setTimeout(r, 5));
/** Waits until `check` passes: the walk's stages hop over several tasks, which a loaded machine can spread over
 * more than any fixed pause. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 2 });

describe('walk', () => {
  it('prepares the next page while the previous one commits, and stores one page at a time in order', async () => {
    const log: string[] = [];
    const { pages } = source(3);
    const { release, handlers } = controlledStores(log);
    const done = walk(pages, FIRST_CURSOR, undefined, handlers);
    // Page 1 was prepared while page 0's store is still pending; its store waits.
    await until(() => expect(log).toEqual(['prepare 0', 'store 0', 'prepare 1']));
    release[0]!(true);
    await until(() => expect(log.slice(3)).toEqual(['committed 0', 'store 1', 'prepare 2']));
    release[1]!(true);
    await until(() => expect(release).toHaveLength(3));
    release[2]!(true);
    await done;
    expect(log.slice(6)).toEqual(['committed 1', 'store 2', 'committed 2']);
  });

  it('a failed store ends the walk with its error, and no later page is stored', async () => {
    const log: string[] = [];
    const { pages } = source(4);
    const { release, handlers } = controlledStores(log);
    const done = walk(pages, FIRST_CURSOR, undefined, handlers);
    const outcome = done.then(
      () => null,
      (error: unknown) => error,
    );
    await until(() => expect(release).toHaveLength(1));
    release[0]!(true);
    await until(() => expect(release).toHaveLength(2));
    release[1]!(false);
    expect(((await outcome) as Error).message).toBe('store 1 failed');
    expect(log.filter((line) => line.startsWith('store'))).toEqual(['store 0', 'store 1']);
  });

  it('waits for the page still committing before it reports a failure to fetch', async () => {
    const log: string[] = [];
    const controller = new AbortController();
    const { pages } = source(5);
    const { release, handlers } = controlledStores(log);
    const done = walk(pages, FIRST_CURSOR, controller.signal, handlers);
    let ended = false;
    const outcome = done.then(
      () => null,
      (error: unknown) => error,
    );
    void outcome.then(() => (ended = true));
    await until(() => expect(release).toHaveLength(1));
    controller.abort(new DOMException('stopped', 'AbortError'));
    await settle();
    expect(ended).toBe(false); // store 0 is still pending: the walk does not report yet
    release[0]!(true);
    expect(((await outcome) as Error).name).toBe('AbortError');
    expect(log).toContain('committed 0');
    expect(log.filter((line) => line.startsWith('store'))).toEqual(['store 0']);
  });

  it('restarts from the first page when the saved cursor has expired', async () => {
    const stale = source(2, { stale: true });
    const fresh = source(2);
    let restarted = 0;
    const stored: number[] = [];
    const pages = (opts: PageOptions) => (opts.cursor === FIRST_CURSOR ? fresh.pages(opts) : stale.pages(opts));
    await walk(
      pages,
      cursorOf(1),
      undefined,
      { prepare: () => undefined, store: async (page) => void stored.push(page.records[0]!) },
      () => restarted++,
    );
    expect(restarted).toBe(1);
    expect(stored).toEqual([0, 1]);
  });
});

describe('firstPageAhead', () => {
  it('asks for the first page before the walk starts, and the walk reads that answer without asking again', async () => {
    const { pages, requested } = source(3);
    const ahead = firstPageAhead(pages, undefined);
    // The first page, and (its answer in) the one after it, read ahead as a walk's own first page would be.
    await until(() => expect(requested).toEqual([FIRST_CURSOR, cursorOf(1)]));
    const prepared: number[] = [];
    const handlers = { prepare: (page: Page<number>) => void prepared.push(page.records[0]!), store: async () => {} };
    await walk((o) => ahead.pages(o), FIRST_CURSOR, undefined, handlers);
    expect(prepared).toEqual([0, 1, 2]);
    expect(requested).toEqual([FIRST_CURSOR, cursorOf(1), cursorOf(2)]);
  });

  it('cancels the early request when no walk takes it, or one starts from another cursor', async () => {
    const signals: AbortSignal[] = [];
    const hanging = (opts: PageOptions) =>
      paginate<number>({
        label: 'test',
        ...(opts.cursor === undefined ? {} : { cursor: opts.cursor }),
        ...(opts.signal === undefined ? {} : { signal: opts.signal }),
        parse: (raw) => ({ ok: true, value: raw as number }),
        fetchPage: (_cursor, signal) => {
          signals.push(signal!);
          return new Promise((_, reject) => signal!.addEventListener('abort', () => reject(signal!.reason)));
        },
      });
    await firstPageAhead(hanging, undefined).cancel();
    expect(signals.map((s) => s.aborted)).toEqual([true]);

    const ahead = firstPageAhead(hanging, undefined);
    ahead
      .pages({ cursor: cursorOf(5), signal: new AbortController().signal })
      .next()
      .catch(() => undefined); // asked anew
    expect(signals.map((s) => s.aborted)).toEqual([true, true, false]);
    // Taken by a walk: cancelling afterwards leaves the walk's request alone.
    const taken = firstPageAhead(hanging, undefined);
    taken.pages({ cursor: FIRST_CURSOR });
    await taken.cancel();
    expect(signals[3]!.aborted).toBe(false);
  });
});

describe('a walk and the pages it has stored', () => {
  it('keeps no stored page alive while it waits for the next one (the first page read ahead included)', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    let openPageTwo: () => void = () => undefined;
    const pageTwo = new Promise<void>((resolve) => (openPageTwo = resolve));
    const records: Array<WeakRef<object>> = [];
    const pages = (opts: PageOptions) =>
      paginate<object>({
        label: 'test',
        ...(opts.cursor === undefined ? {} : { cursor: opts.cursor }),
        readAhead: true,
        parse: (raw) => ({ ok: true, value: raw as object }),
        fetchPage: async (cursor) => {
          const n = cursor === FIRST_CURSOR ? 0 : Number(cursor.slice(-12));
          if (n === 2) await pageTwo;
          const record = { n, text: `job ${n}`.repeat(100) };
          records[n] = new WeakRef(record);
          return { body: [record], nextCursor: n < 2 ? cursorOf(n + 1) : null };
        },
      });
    const log: string[] = [];
    const ahead = firstPageAhead(pages, undefined);
    const walked = walk((o) => ahead.pages(o), FIRST_CURSOR, undefined, {
      prepare: () => undefined,
      store: async (page) => void log.push(`stored ${(page.records[0] as { n: number }).n}`),
    });
    await until(() => expect(log).toEqual(['stored 0', 'stored 1']));
    await settle(); // the walk is now waiting for page 2, which waits for the test
    collect();
    expect(records[0]!.deref()).toBeUndefined();
    expect(records[1]!.deref()).toBeUndefined();
    openPageTwo();
    await walked;
    expect(log).toEqual(['stored 0', 'stored 1', 'stored 2']);
  });
});
