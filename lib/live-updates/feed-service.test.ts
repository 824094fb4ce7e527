import { describe, expect, it } from 'vitest';
import type { FeedClient, StreamHandlers } from './feed-client';
import { createFeedService, type FeedAccount, type SavedPosition } from './feed-service';
import { FeedError, type FeedChange, type FeedPage } from './types';
import { toUuid } from '../../contracts/uuid';

// The service's decisions with a scripted companion (the FeedClient seam); the real companion and
// emulator path is tests/integration/feed/feed-service.test.ts.

type Page = Omit<FeedPage, 'gap'> & { gap?: boolean };

function scripted(
  pages: Record<string, Page>,
  opts: { streamError?: FeedError; readError?: Record<string, FeedError> } = {},
) {
  const calls: string[] = [];
  let handlers: StreamHandlers | undefined;
  const feed: FeedClient = {
    register: async () => (
      calls.push('register'),
      { account_uuid: 'acc', position: 'p0', refused: [], manages_subscriptions: false }
    ),
    rotate: async () => ({ refused: [], retired: true }),
    read: async (after) => {
      calls.push(`read ${after}`);
      const error = opts.readError?.[after];
      if (error) throw error;
      return { gap: false, ...(pages[after] ?? { changes: [], position: after }) };
    },
    stream: async (after, signal, h) => {
      calls.push(`stream ${after}`);
      if (opts.streamError) throw opts.streamError;
      handlers = h;
      h.onOpen?.();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    },
  };
  return { feed, calls, push: (c: FeedChange) => handlers?.onChange(c), gap: () => handlers?.onGap?.() };
}

const change = (id: string, uuid = '00000000-0000-4000-8000-000000000001', object = 'job'): FeedChange => ({
  id,
  object,
  uuid: toUuid(uuid),
  changed_fields: ['status'],
  time: '2026-11-21 07:00:00',
  resource_url: `http://127.0.0.1/api_1.0/${object}/${uuid}.json`,
});

const JOB_1 = toUuid('00000000-0000-4000-8000-000000000001');
const JOB_2 = '00000000-0000-4000-8000-000000000002';
const STAFF = '00000000-0000-4000-8000-0000000000aa';

const oauth = (scopes: string[] = [], staffUuid: string | null = null): FeedAccount => ({
  accountUuid: 'acc',
  mode: 'oauth',
  scopes,
  staffUuid,
});

function service(
  feed: FeedClient,
  signedIn: FeedAccount | null,
  saved: SavedPosition | null = null,
  answer: (uuid: string) => string = (uuid) => uuid,
  holds?: readonly string[],
) {
  const read: string[] = [];
  const syncs: number[] = [];
  const upserted: string[] = [];
  let position = saved;
  /** Every position saved, in order. */
  const positions: string[] = [];
  let current = signedIn;
  const reread = (type: string) => async (uuid: string) => (
    read.push(`${type}/${uuid}`),
    { uuid: answer(uuid), related_object: 'job', related_object_uuid: JOB_1 }
  );
  const s = createFeedService({
    feed,
    account: async () => current,
    target: {
      client: async () => ({ jobs: { get: reread('job') }, notes: { get: reread('dbonote') } }) as never,
      upsertJobs: async (jobs) => void upserted.push(...jobs.map((j) => j.uuid)),
      broadcast: () => undefined,
      ...(holds
        ? {
            holds: async (uuids: readonly string[]) =>
              new Map(uuids.filter((u) => holds.includes(u)).map((u) => [u, null] as const)),
          }
        : {}),
    },
    resync: async () => void syncs.push(syncs.length + 1),
    loadPosition: async () => position,
    savePosition: async (p) => void ((position = p), positions.push(p?.position ?? 'cleared')),
    report: () => undefined,
    settleMs: 30,
    retryMinMs: 5,
  });
  return {
    s,
    read,
    syncs,
    upserted,
    position: () => position,
    positions,
    signIn: (next: FeedAccount | null) => void (current = next),
  };
}

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('createFeedService', () => {
  it('does nothing signed out, and stays off in API-key mode (the companion takes OAuth tokens only)', async () => {
    const a = scripted({});
    const off = service(a.feed, null);
    await off.s.wake();
    expect(off.s.state()).toBe('off');
    const key = service(a.feed, { accountUuid: 'acc', mode: 'api_key', scopes: [], staffUuid: null });
    await key.s.wake();
    expect(key.s.state()).toBe('api_key');
    expect(a.calls).toEqual([]);
  });

  it('catches up from the saved position of the same account, then streams from where it ended', async () => {
    const a = scripted({ p5: { changes: [change('p6'), change('p7', JOB_2)], position: 'p7' } });
    const h = service(a.feed, oauth(), { accountUuid: 'acc', position: 'p5' });
    await h.s.wake();
    await tick(20);
    expect(a.calls).toEqual(['register', 'read p5', 'read p7', 'stream p7']);
    await h.s.idle();
    expect(h.read.sort()).toEqual([`job/${JOB_1}`, `job/${JOB_2}`]);
    expect(h.position()).toEqual({ accountUuid: 'acc', position: 'p7', grant: '|' });
    expect(h.syncs).toEqual([]);
    h.s.stop();
  });

  it("re-reads only the record of the change's own type and uuid, never its resource_url, and refuses another record", async () => {
    const forged = { ...change('p6'), resource_url: 'https://attacker.example/api_1.0/job/x.json' };
    const note = { ...change('p7', JOB_2, 'note'), resource_url: `http://127.0.0.1/api_1.0/job/${JOB_1}.json` };
    const notAUuid = change('p8', '../../vendor');
    const a = scripted({ p5: { changes: [forged, note, notAUuid], position: 'p8' } });
    const h = service(a.feed, oauth(), { accountUuid: 'acc', position: 'p5' });
    await h.s.wake();
    await h.s.idle();
    h.s.stop();
    expect(h.read.sort()).toEqual([`dbonote/${JOB_2}`, `job/${JOB_1}`]);
    expect(h.upserted).toEqual([JOB_1]);

    // The platform answers another job than the one asked for: not taken into the cache.
    const b = scripted({ p5: { changes: [change('p6')], position: 'p6' } });
    const other = service(b.feed, oauth(), { accountUuid: 'acc', position: 'p5' }, (uuid) =>
      uuid === JOB_1 ? JOB_2 : uuid,
    );
    await other.s.wake();
    await other.s.idle();
    other.s.stop();
    expect(other.read).toEqual([`job/${JOB_1}`]);
    expect(other.upserted).toEqual([]);
  });

  it('registers again when the grant grows, without dropping the stream (the companion adds refused subscriptions)', async () => {
    const a = scripted({});
    const h = service(a.feed, oauth(['read_jobs']));
    await h.s.wake();
    await tick(10);
    await h.s.wake(); // the same grant: catch up only
    h.signIn(oauth(['read_jobs', 'read_job_notes']));
    await h.s.wake();
    expect(a.calls.filter((c) => c === 'register')).toHaveLength(2);
    expect(a.calls.filter((c) => c.startsWith('stream'))).toHaveLength(1);
    h.s.stop();
  });

  it("registers again once the person says who they are (the grant's staff member changed: an administrator's register manages the subscriptions)", async () => {
    const a = scripted({});
    const h = service(a.feed, oauth(['read_jobs']));
    await h.s.wake();
    await tick(10);
    h.signIn(oauth(['read_jobs'], 'staff-1'));
    await h.s.wake();
    expect(a.calls.filter((c) => c.startsWith('register'))).toEqual(['register', 'register']);
    expect(a.calls.filter((c) => c.startsWith('stream'))).toHaveLength(1);
    h.s.stop();
  });

  it('opens the stream again once the platform vouches for the person (a stream gets records for the pass it opened with)', async () => {
    const a = scripted({});
    const h = service(a.feed, oauth(['read_jobs'], 'staff-1'));
    await h.s.wake();
    await tick(10);
    h.signIn({ ...oauth(['read_jobs'], 'staff-1'), verified: true });
    await h.s.wake();
    await tick(10);
    expect(a.calls.filter((c) => c.startsWith('stream'))).toHaveLength(2);
    expect(a.calls.filter((c) => c === 'register')).toHaveLength(2);
    await h.s.wake(); // the same person, still vouched for: the stream stays
    expect(a.calls.filter((c) => c.startsWith('stream'))).toHaveLength(2);
    h.s.stop();
  });

  it('syncs once when the catch-up says changes were dropped, instead of skipping them silently', async () => {
    const a = scripted({ p5: { changes: [change('p9')], position: 'p9', gap: true } });
    const h = service(a.feed, oauth(), { accountUuid: 'acc', position: 'p5' });
    await h.s.wake();
    await h.s.idle();
    expect(h.syncs).toEqual([1]);
    // And the same for a gap the live stream announces, or a position the companion no longer knows.
    a.gap();
    await h.s.idle();
    expect(h.syncs).toEqual([1, 2]);
    h.s.stop();
    const b = scripted({}, { readError: { p5: new FeedError('Invalid feed position', 400) } });
    const unknown = service(b.feed, oauth(), { accountUuid: 'acc', position: 'p5' });
    await unknown.s.wake();
    await unknown.s.idle();
    expect(unknown.syncs).toEqual([1]);
    expect(b.calls).toEqual(['register', 'read p5', 'stream p0']);
    unknown.s.stop();
  });

  it('no gap, no sync', async () => {
    const a = scripted({ p5: { changes: [change('p6')], position: 'p6' } });
    const h = service(a.feed, oauth(), { accountUuid: 'acc', position: 'p5' });
    await h.s.wake();
    await h.s.idle();
    expect(h.syncs).toEqual([]);
    h.s.stop();
  });

  it('ignores a saved position of another account: starts at the registered position', async () => {
    const a = scripted({});
    const h = service(a.feed, oauth(), { accountUuid: 'other', position: 'p9' });
    await h.s.wake();
    await tick(10);
    expect(a.calls).toEqual(['register', 'read p0', 'stream p0']);
    expect(h.position()).toEqual({ accountUuid: 'acc', position: 'p0', grant: '|' });
    h.s.stop();
  });

  it('reads a live change once, after its second has passed (two changes of one job within it: one read)', async () => {
    const a = scripted({});
    const h = service(a.feed, oauth());
    await h.s.wake();
    await tick(5);
    a.push(change('p1'));
    a.push(change('p2'));
    await tick(10);
    // Held for SETTLE_MS (here 30 ms): nothing read yet, and the position stays before the held changes.
    expect(h.read).toEqual([]);
    expect(h.position()?.position).toBe('p0');
    await h.s.idle();
    expect(h.read).toEqual([`job/${JOB_1}`]);
    expect(h.position()).toEqual({ accountUuid: 'acc', position: 'p2', grant: '|' });
    h.s.stop();
  });

  it('while a change is held, the position saved after another is applied stays just before the held one', async () => {
    const a = scripted({});
    const h = service(a.feed, oauth());
    await h.s.wake();
    await tick(5);
    a.push(change('p1'));
    await tick(20);
    a.push(change('p2', JOB_2));
    await h.s.idle();
    // The registered position first; p1's hold ended first and it was applied while p2 was still held: the position
    // saved then was p1's, not p2's.
    expect(h.read).toEqual([`job/${JOB_1}`, `job/${JOB_2}`]);
    expect(h.positions).toEqual(['p0', 'p1', 'p2']);
    h.s.stop();
  });

  it('catches up on many changes with one incremental sync, not one re-read each', async () => {
    const many = [1, 2, 3, 4, 5].map((n) => change(`p${n}`, `00000000-0000-4000-8000-00000000000${n}`));
    const a = scripted({ p0: { changes: many, position: 'p5' } });
    const h = service(a.feed, oauth(), { accountUuid: 'acc', position: 'p0', grant: '|' });
    await h.s.wake();
    await h.s.idle();
    expect(h.read).toEqual([]);
    expect(h.syncs).toEqual([1]);
    expect(h.position()).toEqual({ accountUuid: 'acc', position: 'p5', grant: '|' });
    h.s.stop();
  });

  it('catches up on many changes of jobs it neither holds nor was named for at no cost: no sync, no read; a few of its own are read', async () => {
    const others = [1, 2, 3, 4, 5].map((n) => ({
      ...change(`p${n}`, `00000000-0000-4000-8000-00000000000${n}`),
      yours: 'none' as const,
    }));
    const mine = [6, 7].map((n) => change(`p${n}`, `00000000-0000-4000-8000-00000000000${n}`));
    const a = scripted({ p0: { changes: [...others, ...mine], position: 'p7' } });
    const held = mine.map((c) => c.uuid);
    const h = service(a.feed, oauth(), { accountUuid: 'acc', position: 'p0', grant: '|' }, undefined, held);
    await h.s.wake();
    await h.s.idle();
    expect(h.syncs).toEqual([]);
    expect([...h.read].sort()).toEqual(held.map((uuid) => `job/${uuid}`));
    expect(h.position()).toEqual({ accountUuid: 'acc', position: 'p7', grant: '|' });
    h.s.stop();
  });

  it("catches up on many changes that carry their record (or their note's job) by taking them: no sync, no read", async () => {
    const uuids = [1, 2, 3, 4, 5].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
    const carried = uuids.map((uuid, n) => ({
      ...change(`p${n + 1}`, uuid),
      record: { uuid, active: 1, edit_date: '2026-11-21 07:00:00', status: 'Completed' },
    }));
    const placed = { ...change('p6', '00000000-0000-4000-8000-000000000009', 'note'), job_uuid: JOB_1 };
    const a = scripted({ p0: { changes: [...carried, placed], position: 'p6' } });
    const h = service(a.feed, oauth(), { accountUuid: 'acc', position: 'p0', grant: '|' }, undefined, uuids);
    await h.s.wake();
    await h.s.idle();
    expect([h.read, h.syncs]).toEqual([[], []]);
    expect([...h.upserted].sort()).toEqual(uuids);
    expect(h.position()).toEqual({ accountUuid: 'acc', position: 'p6', grant: '|' });
    h.s.stop();
  });

  it('a new worker with the position saved under the same grant does not register again; a new grant does', async () => {
    const a = scripted({});
    const first = service(a.feed, oauth(['vendor'], STAFF));
    await first.s.wake();
    await tick(5);
    first.s.stop();
    const next = service(a.feed, oauth(['vendor'], STAFF), first.position());
    await next.s.wake();
    await tick(5);
    next.s.stop();
    expect(a.calls.filter((c) => c.startsWith('register'))).toEqual(['register']);
    const wider = service(a.feed, oauth(['vendor', 'read_jobs'], STAFF), next.position());
    await wider.s.wake();
    await tick(5);
    wider.s.stop();
    expect(a.calls.filter((c) => c.startsWith('register'))).toEqual(['register', 'register']);
  });

  it('a wake while the stream is live reads nothing from the feed (the stream delivers every change)', async () => {
    const a = scripted({});
    const h = service(a.feed, oauth());
    await h.s.wake();
    await tick(5);
    const before = a.calls.length;
    await h.s.wake();
    await h.s.wake();
    expect(a.calls.slice(before)).toEqual([]);
    h.s.stop();
  });

  it('stops trying when the companion refuses the token (401), instead of retrying in a loop', async () => {
    const a = scripted({}, { streamError: new FeedError('refused', 401) });
    const h = service(a.feed, oauth());
    await h.s.wake();
    await tick(40);
    expect(a.calls.filter((c) => c.startsWith('stream'))).toHaveLength(1);
    expect(h.s.state()).toBe('off');
  });

  it('reconnects with backoff after the stream breaks, from the last position received', async () => {
    const a = scripted({}, { streamError: new FeedError('broke', 0) });
    const h = service(a.feed, oauth());
    await h.s.wake();
    const streams = () => a.calls.filter((c) => c.startsWith('stream'));
    // 5, 10, 20 ms … (waited for, not timed: a loaded machine runs timers late)
    await expect.poll(() => streams().length, { timeout: 5_000, interval: 5 }).toBeGreaterThanOrEqual(3);
    h.s.stop();
    expect(streams().every((c) => c === 'stream p0')).toBe(true);
  });
});
