import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUuid, type Uuid } from '../../../../contracts/uuid';
import { meaningFor } from '../visibility/reader-view';
import { connectRedisFeedStore } from './redis-node-store';
import {
  actingAs,
  bearer,
  jobNotification,
  openStream,
  postJson,
} from '../../../../tests/support/companion/feed-client';
import { startFeedServerOn } from '../../../../tests/support/companion/feed-server';
import { startRedisServer, type RedisServer } from '../../../../tests/support/companion/redis-server';
import { feedStoreContract } from '../../../../tests/support/companion/feed-store-contract';
import { startStubPlatform, STUB_ADMIN } from '../../../../tests/support/companion/stub-platform';
import { dedupCapacity, type FeedPage, type NewChange } from './types';

const change = (seq: number): NewChange => {
  const n = jobNotification('http://p', { seq });
  return {
    object: n.object,
    uuid: n.entry[0]!.uuid,
    changed_fields: ['status'],
    time: n.entry[0]!.time,
    resource_url: n.resource_url,
  };
};

const ACCOUNT = '44444444-4444-4444-8444-444444444444';
const TOKEN = 'token-redis';

let redis: RedisServer;
let platform: Awaited<ReturnType<typeof startStubPlatform>>;

beforeAll(async () => {
  redis = await startRedisServer(); // throws (fails the file) when redis-server is not installed
  platform = await startStubPlatform({ [TOKEN]: ACCOUNT });
});

afterAll(async () => {
  await platform?.close();
  await redis?.stop();
});

async function feed(url: string, after?: string): Promise<FeedPage> {
  const res = await fetch(`${url}/feed${after ? `?after=${after}` : ''}&limit=1000`.replace('feed&', 'feed?'), {
    headers: bearer(TOKEN),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as FeedPage;
}

async function registerAndGetCallback(url: string): Promise<string> {
  const res = await fetch(`${url}/feed/register`, { method: 'POST', headers: actingAs(TOKEN, STUB_ADMIN) });
  expect(res.status).toBe(200);
  return platform.subscriptions.get(ACCOUNT)![0]!.callback_url;
}

describe('Redis feed store', () => {
  feedStoreContract({ create: (opts) => connectRedisFeedStore({ url: redis.url, ...opts }), pokeWithinMs: 1000 });

  it('keeps every notification across a companion restart, and the callback URL keeps working', async () => {
    const first = await startFeedServerOn(platform, { redisUrl: redis.url, feedMaxEntries: 1000 });
    const callback = await registerAndGetCallback(first.url);
    const start = (await feed(first.url)).position;
    const sent: string[] = [];
    for (let i = 0; i < 50; i++) {
      const n = jobNotification(platform.baseUrl);
      sent.push(n.entry[0]!.uuid);
      expect((await postJson(callback, n)).status).toBe(200);
    }
    await first.close();

    // A new instance on another port; the old callback URL's token must still map to the account.
    const second = await startFeedServerOn(platform, { redisUrl: redis.url, feedMaxEntries: 1000 });
    try {
      const page = await feed(second.url, start);
      expect(page.changes.map((c) => c.uuid)).toEqual(sent);
      const token = callback.split('/webhooks/')[1]!;
      const late = jobNotification(platform.baseUrl);
      const res = await postJson(`${second.url}/webhooks/${token}`, late);
      expect(res.status).toBe(200);
      expect((await feed(second.url, page.position)).changes.map((c) => c.uuid)).toEqual([late.entry[0]!.uuid]);
      // Deduplication survives the restart too.
      const again = await postJson(`${second.url}/webhooks/${token}`, jobNotification(platform.baseUrl, { seq: 0 }));
      const dup = await postJson(`${second.url}/webhooks/${token}`, jobNotification(platform.baseUrl, { seq: 0 }));
      expect(await again.json()).toEqual({ ok: true, duplicate: false });
      expect(await dup.json()).toEqual({ ok: true, duplicate: true });
    } finally {
      await second.close();
    }
  });

  it('lets two instances share one feed: posted to one, streamed live from the other', async () => {
    const a = await startFeedServerOn(platform, { redisUrl: redis.url });
    const b = await startFeedServerOn(platform, { redisUrl: redis.url });
    try {
      const callback = await registerAndGetCallback(a.url);
      const token = callback.split('/webhooks/')[1]!;
      const position = (await feed(b.url)).position;
      const stream = await openStream(`${b.url}/feed/stream?after=${position}`, TOKEN);
      expect(stream.res.status).toBe(200);
      await stream.until(() => stream.comments.includes('connected'));

      const n = jobNotification(platform.baseUrl);
      const sentAt = Date.now();
      expect((await postJson(`${a.url}/webhooks/${token}`, n)).status).toBe(200);
      await stream.until(() => stream.changes().length === 1, 2000);
      expect(Date.now() - sentAt).toBeLessThan(2000);
      expect(stream.changes()[0]!.uuid).toBe(n.entry[0]!.uuid);

      // The same delivery retried to the other instance is a duplicate there too.
      expect(await (await postJson(`${b.url}/webhooks/${token}`, n)).json()).toEqual({ ok: true, duplicate: true });
      const n2 = jobNotification(platform.baseUrl);
      expect((await postJson(`${b.url}/webhooks/${token}`, n2)).status).toBe(200);
      await stream.until(() => stream.changes().length === 2, 2000);
      expect(stream.changes().map((c) => c.uuid)).toEqual([n.entry[0]!.uuid, n2.entry[0]!.uuid]);
      stream.close();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('says a gap to a reader at a position this Redis never reached (another Redis, or one that was reset)', async () => {
    const store = await connectRedisFeedStore({ url: redis.url, maxEntries: 100 });
    try {
      await store.append('reached-account', change(100_000), 'k0', 0);
      expect((await store.read('reached-account', '99999999999999-0', 10)).gap).toBe(true);
      expect((await store.read('never-appended-account', '1-0', 10)).gap).toBe(true);
      expect((await store.read('never-appended-account', '0', 10)).gap).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('reads a change an older version kept with its names in capitals lower-cased: its reader still matches', async () => {
    const store = await connectRedisFeedStore({ url: redis.url, maxEntries: 100 });
    const tech = toUuid('00000000-0000-4000-8000-0000000000a1');
    const job = toUuid('00000000-0000-4000-8000-000000000001');
    // As an older version appended them: the platform's spelling, whatever its case.
    const upper = (uuid: Uuid) => uuid.toUpperCase() as Uuid;
    try {
      await store.append(
        'older-account',
        { ...change(200_000), record: { uuid: job }, job_uuid: upper(job), visible_to: [upper(tech)] },
        'k-older',
        0,
      );
      await store.append('older-account', { ...change(200_001), unchecked: [upper(tech)] }, 'k-older-2', 0);
      const [kept, unchecked] = (await store.read('older-account', undefined, 10)).changes;
      expect(kept).toMatchObject({ job_uuid: job, visible_to: [tech] });
      expect(meaningFor(kept!, { staff: tech })).toBe('record');
      expect(meaningFor(unchecked!, { staff: tech })).toBe('read');
    } finally {
      await store.close();
    }
  });

  it('keeps a bounded number of dedup keys per account, the oldest dropped first, in one sorted set', async () => {
    const store = await connectRedisFeedStore({ url: redis.url, maxEntries: 10 });
    const cap = dedupCapacity(10);
    try {
      for (let i = 0; i <= cap; i++) await store.append('dedup-account', change(200_000 + i), `d${i}`, 0);
      expect((await store.append('dedup-account', change(200_000), 'd0', 0)).kind).toBe('appended');
      expect((await store.append('dedup-account', change(200_000 + cap), `d${cap}`, 0)).kind).toBe('duplicate');
      const { Redis } = await import('ioredis');
      const probe = new Redis(redis.url);
      try {
        expect(await probe.zcard('fieldside:dedup:dedup-account')).toBe(cap);
        expect(await probe.keys('fieldside:dedup:dedup-account:*')).toEqual([]);
      } finally {
        probe.disconnect();
      }
    } finally {
      await store.close();
    }
  });

  it('refuses an append through a retired callback generation, whichever instance rotated', async () => {
    const a = await connectRedisFeedStore({ url: redis.url, maxEntries: 10 });
    const b = await connectRedisFeedStore({ url: redis.url, maxEntries: 10 });
    try {
      expect((await b.append('gen-account', change(300_000), 'g0', 0)).kind).toBe('appended');
      await a.setCallbackGeneration('gen-account', 1);
      expect((await b.append('gen-account', change(300_001), 'g1', 0)).kind).toBe('retired');
      expect((await b.append('gen-account', change(300_001), 'g1', 1)).kind).toBe('appended');
      await b.setCallbackGeneration('gen-account', 0);
      expect(await a.callbackGeneration('gen-account')).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('refuses to start when Redis is unreachable, with a clear error', async () => {
    await expect(connectRedisFeedStore({ url: 'redis://127.0.0.1:1', maxEntries: 10 })).rejects.toThrow(
      /Cannot connect to Redis/,
    );
  });
});
