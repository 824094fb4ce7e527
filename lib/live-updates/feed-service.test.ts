import { describe, expect, it } from 'vitest';
import type { FeedClient, StreamHandlers } from './feed-client';
import { createFeedService, type FeedAccount, type SavedPosition } from './feed-service';
import { FeedError, type FeedChange, type FeedPage } from './types';

// The service's decisions with a scripted companion (the FeedClient seam); the real companion and
// emulator path is tests/integration/feed/feed-service.test.ts.

function scripted(pages: Record<string, FeedPage>, opts: { streamError?: FeedError } = {}) {
  const calls: string[] = [];
  let handlers: StreamHandlers | undefined;
  const feed: FeedClient = {
    register: async () => (calls.push('register'), { account_uuid: 'acc', position: 'p0', refused: [] }),
    read: async (after) => (calls.push(`read ${after}`), pages[after] ?? { changes: [], position: after }),
    stream: async (after, signal, h) => {
      calls.push(`stream ${after}`);
      if (opts.streamError) throw opts.streamError;
      handlers = h;
      h.onOpen?.();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    },
  };
  return { feed, calls, push: (c: FeedChange) => handlers?.onChange(c) };
}

const change = (id: string, uuid = 'job-1'): FeedChange => ({
  id,
  object: 'job',
  uuid,
  changed_fields: ['status'],
  time: '2026-11-21 07:00:00',
  resource_url: `http://127.0.0.1/api_1.0/job/${uuid}.json`,
});

function service(feed: FeedClient, signedIn: FeedAccount | null, saved: SavedPosition | null = null) {
  const read: string[] = [];
  let position = saved;
  let current = signedIn;
  const s = createFeedService({
    feed,
    account: async () => current,
    target: {
      client: async () => ({ getResource: async (url: string) => (read.push(url), { uuid: url.split('/').pop()!.replace('.json', '') }) }) as never,
      upsertJobs: async () => undefined,
      broadcast: () => undefined,
    },
    loadPosition: async () => position,
    savePosition: async (p) => void (position = p),
    report: () => undefined,
    coalesceMs: 5,
    settleMs: 30,
    retryMinMs: 5,
  });
  return { s, read, position: () => position, signIn: (next: FeedAccount | null) => void (current = next) };
}

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('createFeedService', () => {
  it('does nothing signed out, and stays off in API-key mode (the companion takes OAuth tokens only)', async () => {
    const a = scripted({});
    const off = service(a.feed, null);
    await off.s.wake();
    expect(off.s.state()).toBe('off');
    const key = service(a.feed, { accountUuid: 'acc', mode: 'api_key', scopes: [] });
    await key.s.wake();
    expect(key.s.state()).toBe('api_key');
    expect(a.calls).toEqual([]);
  });

  it('catches up from the saved position of the same account, then streams from where it ended', async () => {
    const a = scripted({ p5: { changes: [change('p6'), change('p7', 'job-2')], position: 'p7' } });
    const h = service(a.feed, { accountUuid: 'acc', mode: 'oauth', scopes: [] }, { accountUuid: 'acc', position: 'p5' });
    await h.s.wake();
    await tick(20);
    expect(a.calls).toEqual(['register', 'read p5', 'read p7', 'stream p7']);
    await h.s.idle();
    expect(h.read.sort()).toEqual(['http://127.0.0.1/api_1.0/job/job-1.json', 'http://127.0.0.1/api_1.0/job/job-2.json']);
    expect(h.position()).toEqual({ accountUuid: 'acc', position: 'p7' });
    h.s.stop();
  });

  it('registers again when the grant grows, without dropping the stream (the companion adds refused subscriptions)', async () => {
    const a = scripted({});
    const h = service(a.feed, { accountUuid: 'acc', mode: 'oauth', scopes: ['read_jobs'] });
    await h.s.wake();
    await tick(10);
    await h.s.wake(); // the same grant: catch up only
    h.signIn({ accountUuid: 'acc', mode: 'oauth', scopes: ['read_jobs', 'read_job_notes'] });
    await h.s.wake();
    expect(a.calls.filter((c) => c === 'register')).toHaveLength(2);
    expect(a.calls.filter((c) => c.startsWith('stream'))).toHaveLength(1);
    h.s.stop();
  });

  it('ignores a saved position of another account: starts at the registered position', async () => {
    const a = scripted({});
    const h = service(a.feed, { accountUuid: 'acc', mode: 'oauth', scopes: [] }, { accountUuid: 'other', position: 'p9' });
    await h.s.wake();
    await tick(10);
    expect(a.calls).toEqual(['register', 'read p0', 'stream p0']);
    expect(h.position()).toEqual({ accountUuid: 'acc', position: 'p0' });
    h.s.stop();
  });

  it('re-reads a live change again once its second has passed, and saves the position after applying', async () => {
    const a = scripted({});
    const h = service(a.feed, { accountUuid: 'acc', mode: 'oauth', scopes: [] });
    await h.s.wake();
    await tick(5);
    a.push(change('p1'));
    a.push(change('p2'));
    await h.s.idle();
    // One coalesced re-read, then one settle re-read (SETTLE_MS, here 30 ms); never more.
    expect(h.read).toEqual(['http://127.0.0.1/api_1.0/job/job-1.json', 'http://127.0.0.1/api_1.0/job/job-1.json']);
    expect(h.position()).toEqual({ accountUuid: 'acc', position: 'p2' });
    h.s.stop();
  });

  it('stops trying when the companion refuses the token (401), instead of retrying in a loop', async () => {
    const a = scripted({}, { streamError: new FeedError('refused', 401) });
    const h = service(a.feed, { accountUuid: 'acc', mode: 'oauth', scopes: [] });
    await h.s.wake();
    await tick(40);
    expect(a.calls.filter((c) => c.startsWith('stream'))).toHaveLength(1);
    expect(h.s.state()).toBe('off');
  });

  it('reconnects with backoff after the stream breaks, from the last position received', async () => {
    const a = scripted({}, { streamError: new FeedError('broke', 0) });
    const h = service(a.feed, { accountUuid: 'acc', mode: 'oauth', scopes: [] });
    await h.s.wake();
    await tick(60);
    h.s.stop();
    const streams = a.calls.filter((c) => c.startsWith('stream'));
    expect(streams.length).toBeGreaterThanOrEqual(3); // 5, 10, 20 ms …
    expect(streams.every((c) => c === 'stream p0')).toBe(true);
  });
});
