// A platform that gets its cursors wrong, through the whole full sync (real client, real emulator,
// only the x-next-cursor header of one job page rewritten): a repeated cursor ends the walk, a
// cycle fails it in words, and neither reads a page twice or walks forever.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../lib/api/errors';
import { fingerprint, startPlatform, type Platform } from './platform';
import { setUpFile } from '../../support/set-up-file';

const JOBS = 4500; // five job pages of 1,000
let platform: Platform;
setUpFile(async (own) => {
  platform = own(await startPlatform({ jobs: JOBS, seed: 23 }));
});

/** Rewrites the x-next-cursor of the third job page: to its own cursor ("repeat") or to the second
 * page's ("cycle"). Records the cursor of every job page asked for. */
function brokenCursors(kind: 'repeat' | 'cycle') {
  const asked: string[] = [];
  const answer = (response: Response, url: URL): Response => {
    if (!url.pathname.endsWith('/job.json') || url.searchParams.get('$filter') !== null) return response;
    const cursor = url.searchParams.get('cursor')!;
    asked.push(cursor);
    if (asked.length !== 3) return response;
    const headers = new Headers(response.headers);
    headers.set('x-next-cursor', kind === 'repeat' ? cursor : asked[1]!);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
  return { answer, asked };
}

describe('full sync over cursors the platform gets wrong', () => {
  it('a repeated x-next-cursor ends the walk: the pages read are stored and the sync finishes', async () => {
    const broken = brokenCursors('repeat');
    const { requests, cache, sync } = await platform.freshSync({ answer: broken.answer });
    const state = await sync.run();
    await sync.customersSettled(); // the contacts are read after "synced", in the background
    expect(state).toMatchObject({ phase: 'idle', lastError: null, jobsStored: 3000 });
    // Vendor, companies, three job pages (none read twice), then the customers' contacts.
    expect(requests()).toBe(1 + 1 + 3 + (await platform.customerReads()));
    expect(new Set(broken.asked).size).toBe(3);
    const server = await platform.serverJobs();
    const cached = await cache.allJobs({ includeInactive: true });
    // The emulator pages in a stable order: the first three pages are its first 3,000 jobs.
    expect(fingerprint(cached)).toEqual(fingerprint(server.slice(0, 3000)));
    cache.close();
  });

  it('a cycle of cursors fails the sync in words, keeps what it read, and a later sync goes on once the platform is mended', async () => {
    const broken = brokenCursors('cycle');
    const first = await platform.client({ answer: broken.answer });
    const cache = await platform.cache();
    const sync = platform.sync({ client: first.api, cache });
    const error = await sync.run().catch((e: unknown) => e);
    expect(isApiError(error, 'ValidationError')).toBe(true);
    expect(first.requests()).toBe(1 + 1 + 3); // stopped at the page pointing back, nothing more
    expect(broken.asked).toEqual([...new Set(broken.asked)]);
    const state = await sync.state();
    expect(state.phase).toBe('error');
    expect(state.lastError).toMatch(
      /^The platform sent an answer the sync could not use \(GET \/api_1\.0\/job\.json: the platform's pages loop: /,
    );
    expect(state.jobsStored).toBe(3000);
    const server = await platform.serverJobs();
    const kept = await cache.allJobs({ includeInactive: true });
    expect(fingerprint(kept)).toEqual(fingerprint(server.slice(0, 3000)));

    // The platform mended: the next sync (a new worker) goes on from the saved cursor and finishes,
    // replacing the pages it reads again instead of duplicating them.
    const second = await platform.client();
    const done = await platform.sync({ client: second.api, cache }).run();
    expect(done).toMatchObject({ phase: 'idle', lastError: null });
    expect(fingerprint(await cache.allJobs({ includeInactive: true }))).toEqual(fingerprint(server));
    cache.close();
  });
});
