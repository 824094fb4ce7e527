import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { actingAs, bearer, jobNotification, postJson } from '../../../tests/support/companion/feed-client';
import { startFeedServerOn, type FeedServer } from '../../../tests/support/companion/feed-server';
import { startRedisServer, type RedisServer } from '../../../tests/support/companion/redis-server';
import { startStubPlatform, STUB_ADMIN } from '../../../tests/support/companion/stub-platform';
import type { FeedPage } from '../feed/store/types';
import { dedupKey, NotificationSchema, toChange } from './notification';

const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const TOKEN = 'token-receiver';

let platform: Awaited<ReturnType<typeof startStubPlatform>>;
let redis: RedisServer;
let companion: FeedServer;
let callbackUrl: string;

async function feed(after?: string): Promise<FeedPage> {
  const res = await fetch(`${companion.url}/feed${after ? `?after=${after}` : ''}`, { headers: bearer(TOKEN) });
  expect(res.status).toBe(200);
  return (await res.json()) as FeedPage;
}

beforeAll(async () => {
  platform = await startStubPlatform({ [TOKEN]: ACCOUNT });
  redis = await startRedisServer(); // fails the file when redis-server is missing
});

afterAll(async () => {
  await platform?.close();
  await redis?.stop();
});

describe.each(['memory', 'redis'] as const)('webhook callback (%s store)', (store) => {
  beforeAll(async () => {
    companion = await startFeedServerOn(platform, {
      feedMaxEntries: 5,
      ...(store === 'redis' ? { redisUrl: redis.url } : {}),
    });
    const res = await fetch(`${companion.url}/feed/register`, { method: 'POST', headers: actingAs(TOKEN, STUB_ADMIN) });
    expect(res.status).toBe(200);
    callbackUrl = platform.subscriptions.get(ACCOUNT)![0]!.callback_url;
  });

  afterAll(async () => {
    await companion?.close();
  });

  it('answers the verification challenge with exactly the challenge', async () => {
    const challenge = 'Zx9_-a.b~c 42';
    const res = await fetch(callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ mode: 'subscribe', challenge }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(challenge);
  });

  it('answers 404 for a token it never issued, challenge or notification', async () => {
    const unknown = `${companion.url}/webhooks/${'A'.repeat(43)}`;
    const challenge = await fetch(unknown, {
      method: 'POST',
      body: new URLSearchParams({ mode: 'subscribe', challenge: 'x' }),
    });
    expect(challenge.status).toBe(404);
    const note = await postJson(unknown, jobNotification(platform.baseUrl));
    expect(note.status).toBe(404);
    expect(((await note.json()) as { error: string }).error).toMatch(/unknown/i);
  });

  it.each([
    ['not JSON', '{"object": "job",'],
    ['no entry', JSON.stringify({ object: 'job', resource_url: `http://x/api_1.0/job/1.json` })],
    [
      'two entries',
      (() => {
        const n = jobNotification('BASE');
        return JSON.stringify({ ...n, entry: [n.entry[0], n.entry[0]] });
      })(),
    ],
    [
      'a local-time format',
      (() => {
        const n = jobNotification('BASE');
        return JSON.stringify({ ...n, entry: [{ ...n.entry[0], time: '21/11/2026 06:00' }] });
      })(),
    ],
    [
      'a uuid that is not one',
      (() => {
        const n = jobNotification('BASE');
        return JSON.stringify({ ...n, entry: [{ ...n.entry[0], uuid: 'job-1' }] });
      })(),
    ],
    [
      'no changed fields',
      (() => {
        const n = jobNotification('BASE');
        return JSON.stringify({ ...n, entry: [{ ...n.entry[0], changed_fields: [] }] });
      })(),
    ],
    ['a resource_url outside the platform', JSON.stringify(jobNotification('https://evil.example'))],
    ['a form that is not a verification', 'mode=unsubscribe&challenge=x'],
    [
      'an event other than a new note',
      JSON.stringify({
        eventName: 'job.badge_added',
        object: 'job',
        entry: [{ uuid: crypto.randomUUID(), time: '2026-11-21 06:00:00', badge_uuid: crypto.randomUUID() }],
        resource_url: 'BASE/api_1.0/job/x.json',
      }),
    ],
    [
      'a new-note event without its note',
      JSON.stringify({
        eventName: 'job.note_added',
        object: 'job',
        entry: [{ uuid: crypto.randomUUID(), time: '2026-11-21 06:00:00' }],
        resource_url: 'BASE/api_1.0/job/x.json',
      }),
    ],
  ])(
    'answers a body it cannot read with %s 200 (any other answer counts toward deactivation), saying why, and appends nothing',
    async (_name, raw) => {
      const before = await feed();
      const body = raw.replaceAll('BASE', platform.baseUrl);
      const type = body.startsWith('mode=') ? 'application/x-www-form-urlencoded' : 'application/json';
      const res = await fetch(callbackUrl, { method: 'POST', headers: { 'content-type': type }, body });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { ignored: string }).ignored.length).toBeGreaterThan(10);
      expect((await feed()).changes).toEqual(before.changes);
    },
  );

  it('refuses a body over 64 KiB with 413 and appends nothing', async () => {
    const before = await feed();
    const n = jobNotification(platform.baseUrl, {
      fields: Array.from({ length: 150 }, (_, i) => `f${i}${'x'.repeat(500)}`.slice(0, 128)),
    });
    const big = JSON.stringify({ ...n, padding: 'x'.repeat(70 * 1024) });
    const res = await fetch(callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect((await feed()).changes).toEqual(before.changes);
  });

  it('refuses a chunked body (no Content-Length) once it passes 64 KiB, and appends nothing', async () => {
    const before = await feed();
    const chunk = `{"padding":"${'x'.repeat(16 * 1024)}`;
    // The server may answer and close before the sender is done: that is the point.
    const answer = await postChunked([...Array<string>(8).fill(chunk), '"}'], { mayBeCutOff: true });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/larger than 64 KiB/);
    expect((await feed()).changes).toEqual(before.changes);
  });

  it('takes a small chunked notification (no Content-Length)', async () => {
    const start = (await feed()).position;
    const n = jobNotification(platform.baseUrl);
    const body = JSON.stringify(n);
    const { status } = await postChunked([body.slice(0, 20), body.slice(20)]);
    expect(status).toBe(200);
    expect((await feed(start)).changes.map((c) => c.uuid)).toEqual([n.entry[0]!.uuid]);
  });

  it('acknowledges a notification and appends it to the account feed', async () => {
    const start = (await feed()).position;
    const n = jobNotification(platform.baseUrl, { fields: ['status', 'badges'] });
    const res = await postJson(callbackUrl, n);
    expect(res.status).toBe(200);
    const page = await feed(start);
    expect(page.changes).toHaveLength(1);
    expect(page.changes[0]).toMatchObject({
      object: 'job',
      uuid: n.entry[0]!.uuid,
      changed_fields: ['status', 'badges'],
      time: n.entry[0]!.time,
      resource_url: n.resource_url,
    });
    expect(page.position).toBe(page.changes[0]!.id);
  });

  it.each([
    ['as JSON with a form Content-Type', (body: string) => ({ type: 'application/x-www-form-urlencoded', body })],
    [
      'as JSON in a form field',
      (body: string) => ({
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({ data: body }).toString(),
      }),
    ],
    [
      'as JSON in a form field of another name, without a Content-Type',
      (body: string) => ({ type: '', body: new URLSearchParams({ payload: body }).toString() }),
    ],
  ])('takes a notification sent %s', async (_label, shape) => {
    const start = (await feed()).position;
    const n = jobNotification(platform.baseUrl);
    const { type, body } = shape(JSON.stringify(n));
    const res = await fetch(callbackUrl, { method: 'POST', headers: type ? { 'content-type': type } : {}, body });
    expect(res.status).toBe(200);
    const page = await feed(start);
    expect(page.changes.map((c) => c.uuid)).toEqual([n.entry[0]!.uuid]);
  });

  it('drops a duplicate of a notification with a very long field list too (its dedup key kept as a digest)', async () => {
    const fields = Array.from({ length: 150 }, (_, i) => `field_${i}_${'x'.repeat(100)}`);
    const n = jobNotification(platform.baseUrl, { fields });
    expect(await dedupKey(toChange(NotificationSchema.parse(n)))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await (await postJson(callbackUrl, n)).json()).toEqual({ ok: true, duplicate: false });
    expect(await (await postJson(callbackUrl, n)).json()).toEqual({ ok: true, duplicate: true });
    const other = jobNotification(platform.baseUrl, { fields: [...fields.slice(1), 'status'] });
    expect(
      await (await postJson(callbackUrl, { ...other, entry: [{ ...other.entry[0]!, uuid: n.entry[0]!.uuid }] })).json(),
    ).toEqual({ ok: true, duplicate: false });
  });

  it('drops a duplicate delivery but keeps a later change of the same record', async () => {
    const start = (await feed()).position;
    const n = jobNotification(platform.baseUrl);
    expect(await (await postJson(callbackUrl, n)).json()).toEqual({ ok: true, duplicate: false });
    expect(await (await postJson(callbackUrl, n)).json()).toEqual({ ok: true, duplicate: true });
    const later = { ...n, entry: [{ ...n.entry[0]!, time: '2026-11-21 06:00:01' }] };
    expect(await (await postJson(callbackUrl, later)).json()).toEqual({ ok: true, duplicate: false });
    const page = await feed(start);
    expect(page.changes.map((c) => c.time)).toEqual(['2026-11-21 06:00:00', '2026-11-21 06:00:01']);
  });

  // Redis trims approximately (MAXLEN ~, whole nodes of 100); its bound is tested in feed/store/redis-store.test.ts.
  if (store === 'memory')
    it('keeps only the newest entries when the feed is full', async () => {
      const sent = [];
      for (let i = 0; i < 12; i++) {
        const n = jobNotification(platform.baseUrl);
        sent.push(n.entry[0]!.uuid);
        expect((await postJson(callbackUrl, n)).status).toBe(200);
      }
      const page = await feed();
      expect(page.changes.map((c) => c.uuid)).toEqual(sent.slice(-5));
    });
});

/** POSTs `pieces` to the callback URL with no Content-Length (chunked); `mayBeCutOff`: the server may answer and
 * close before the last piece is sent. */
function postChunked(
  pieces: string[],
  opts: { mayBeCutOff?: boolean } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      callbackUrl,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', (error) =>
      opts.mayBeCutOff && (error.message.includes('EPIPE') || error.message.includes('ECONNRESET'))
        ? undefined
        : reject(error),
    );
    for (const piece of pieces.slice(0, -1)) req.write(piece);
    req.end(pieces.at(-1));
  });
}
