// The extension bench's full sync, at one page size of the emulator: rounds of the sync itself (sign-in → synced,
// through the built extension's worker, from a fresh cache), each between two runs of its floor (the same pages
// fetched, parsed and stored as segments with no application logic, in the extension's origin); then lib/cache's sync
// alone in the page, and whether the cache equals the server. In either browser: an extension page of Playwright's
// Chromium or of puppeteer's Firefox. The table rows: full-sync-rows.ts.
import type { WalkMarksReader } from './walk-marks';
import { envelope } from '../../lib/messaging/envelope';
import type { WireReply } from '../../lib/messaging/protocol';
import type { Stack } from '../../tests/e2e/support/stack';

/** Records per page on the real platform (the spec's, the emulator's default, is 1,000). */
export const REAL_PAGE_SIZE = 5000;

/** The client's request window (lib/api/rate-limiter.ts: DEFAULT_PER_MINUTE in any minute), with a margin: after
 * this long, none of a run's requests count against the next. */
export const REQUEST_WINDOW_MS = 62_000;

declare const __fieldsideBench: any;
declare const chrome: any;

/** An extension page of either driver: both evaluate an expression, or a function of one argument. */
export interface BenchPage {
  evaluate(expression: string): Promise<unknown>;
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>>;
}

/** Playwright's and puppeteer's pages as a BenchPage (their typings differ; what is called is the same). */
export const benchPage = (page: { evaluate: (...args: any[]) => Promise<unknown> }): BenchPage =>
  page as unknown as BenchPage;

/** One protocol message from the page, as a page sends it (the benchmarks time the background's own work), through
 * either browser's extension API (Firefox's `browser` answers with promises in MV2, its `chrome` does not). */
export function sendFrom(page: BenchPage, type: string, payload: unknown = {}): Promise<WireReply<any>> {
  return page.evaluate(
    (message) => ((globalThis as any).browser ?? chrome).runtime.sendMessage(message),
    envelope(type, payload),
  ) as Promise<WireReply<any>>;
}

/** Waits, on the live port, for a finished sync newer than `since`: page-clock times of its first
 * progress event, of its last page stored, and of the end (index built and stored). */
export function armSyncDone(
  page: BenchPage,
  since: number,
): Promise<{ at: number; firstAt: number | null; lastPageAt: number | null; status: any }> {
  return page.evaluate(
    (after) =>
      new Promise<{ at: number; firstAt: number | null; lastPageAt: number | null; status: any }>((resolve) => {
        const port = ((globalThis as any).browser ?? chrome).runtime.connect({ name: 'fieldside.live' });
        // The background sends a port only the events it registered for (lib/messaging/live-port.ts).
        port.postMessage({ subscribe: ['sync.status'] });
        let firstAt: number | null = null;
        let lastPageAt: number | null = null;
        let pages = -1;
        port.onMessage.addListener((event: any) => {
          if (event.type !== 'sync.status') return;
          const s = event.status;
          if (s.phase === 'full' || s.phase === 'incremental') {
            firstAt ??= performance.now();
            if (s.pagesDone !== pages) {
              pages = s.pagesDone;
              lastPageAt = performance.now();
            }
          }
          if (s.phase === 'idle' && s.lastSyncedAt !== null && s.lastSyncedAt > after) {
            port.disconnect();
            resolve({ at: performance.now(), firstAt, lastPageAt, status: s });
          }
        });
      }),
    since,
  );
}

/** Signs in with the API key (a fresh full sync) and times it to the synced status newer than `since`; split at the
 * worker's walk marks where `marks` reads them, else at the first and last progress statuses (paced: the walk's end
 * can read up to lib/cache/sync/status-pace.ts's interval early). */
export async function timedSync(page: BenchPage, stack: Stack, since: number, marks?: WalkMarksReader | null) {
  const done = armSyncDone(page, since);
  await new Promise((r) => setTimeout(r, 50)); // the port is connected
  const [origin, t0] = await page.evaluate(() => [performance.timeOrigin, performance.now()], undefined);
  const reply = await sendFrom(page, 'session.useApiKey', { apiKey: stack.account.api_key });
  if (!reply.ok) throw new Error(`sign-in failed: ${reply.error?.message}`);
  const { at, firstAt, lastPageAt, status } = await done;
  const edges = (await marks?.()) ?? null;
  // The same clock as the page's (both from the epoch); marks older than this sign-in are an earlier sync's.
  if (edges !== null && edges.start - origin > t0) {
    const [first, last] = [edges.start - origin, edges.end - origin];
    const split = 'worker marks';
    return { ms: at - t0, startMs: first - t0, walkMs: last - first, finishMs: at - last, split, status };
  }
  const [first, last] = [firstAt ?? t0, lastPageAt ?? at];
  const split = 'progress statuses';
  return { ms: at - t0, startMs: first - t0, walkMs: last - first, finishMs: at - last, split, status };
}
