import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actingAs,
  bearer,
  issuePasses,
  jobNotification,
  openStream,
  postJson,
} from '../../../tests/support/companion/feed-client';
import { startFeedServerOn, TEST_EXTENSION_ID, type FeedServer } from '../../../tests/support/companion/feed-server';
import { startStubPlatform, STUB_ADMIN } from '../../../tests/support/companion/stub-platform';
import type { FeedPage } from './store/types';

const ACCOUNT = '77777777-7777-4777-8777-777777777777';
const TOKEN = 'token-stream';

const TOKENS: Record<string, string> = {
  [TOKEN]: ACCOUNT,
  'token-a1': ACCOUNT,
  'token-a2': ACCOUNT,
  'token-a3': ACCOUNT,
  'token-short': ACCOUNT,
  'token-revoked': ACCOUNT,
};

let platform: Awaited<ReturnType<typeof startStubPlatform>>;
let companion: FeedServer;
let callbackUrl: string;

async function feed(): Promise<FeedPage> {
  const res = await fetch(`${companion.url}/feed`, { headers: bearer(TOKEN) });
  expect(res.status).toBe(200);
  return (await res.json()) as FeedPage;
}

beforeAll(async () => {
  platform = await startStubPlatform(TOKENS);
  companion = await startFeedServerOn(platform, { heartbeatMs: 100 });
  const res = await fetch(`${companion.url}/feed/register`, { method: 'POST', headers: actingAs(TOKEN, STUB_ADMIN) });
  expect(res.status).toBe(200);
  callbackUrl = platform.subscriptions.get(ACCOUNT)![0]!.callback_url;
});

afterAll(async () => {
  await companion?.close();
  await platform?.close();
});

describe('GET /feed/stream', () => {
  it('sends what was missed, then live changes as they arrive, and heartbeats', async () => {
    const start = (await feed()).position;
    const missed = jobNotification(platform.baseUrl);
    await postJson(callbackUrl, missed);
    const stream = await openStream(`${companion.url}/feed/stream?after=${start}`, TOKEN);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.until(() => stream.changes().length === 1);
    expect(stream.changes()[0]!.uuid).toBe(missed.entry[0]!.uuid);

    const live = jobNotification(platform.baseUrl);
    const sentAt = Date.now();
    await postJson(callbackUrl, live);
    await stream.until(() => stream.changes().length === 2, 2000);
    expect(Date.now() - sentAt).toBeLessThan(2000);
    const [a, b] = stream.events;
    expect(a!.event).toBe('change');
    expect(b!.id).toBe(stream.changes()[1]!.id);
    expect(stream.changes()[1]!.uuid).toBe(live.entry[0]!.uuid);

    await stream.until(() => stream.comments.includes('heartbeat'), 2000);
    stream.close();
  });

  it('resumes after the Last-Event-ID header', async () => {
    const n1 = jobNotification(platform.baseUrl);
    const n2 = jobNotification(platform.baseUrl);
    await postJson(callbackUrl, n1);
    const after = (await feed()).position;
    await postJson(callbackUrl, n2);
    const res = await fetch(`${companion.url}/feed/stream`, { headers: { ...bearer(TOKEN), 'last-event-id': after } });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: change')) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(text).toContain(n2.entry[0]!.uuid);
    expect(text).not.toContain(n1.entry[0]!.uuid);
  });
});

describe('a stream lives no longer than its token', () => {
  it('ends when the token would expire: its pass says when', async () => {
    const own = await startFeedServerOn(platform, { heartbeatMs: 100 });
    // A pass whose token has two seconds left.
    await issuePasses(own.config.signingSecret, { 'token-short': ACCOUNT }, [undefined], Date.now() + 2_000);
    try {
      const stream = await openStream(`${own.url}/feed/stream`, 'token-short');
      expect(stream.res.status).toBe(200);
      await stream.ended;
      expect(stream.comments).toContain('token expires; reconnect with a fresh token');
    } finally {
      await own.close();
    }
  });

  it('times its end by the companion’s clock, the one that checked the pass, not the wall clock', async () => {
    // The companion's clock runs eight hours behind the wall (a simulated day, as the budget bench plays one): a
    // pass with an hour left by that clock must keep its stream open, not end it at once as already expired.
    const behindMs = 8 * 3_600_000;
    const own = await startFeedServerOn(platform, { heartbeatMs: 100, now: () => Date.now() - behindMs });
    await issuePasses(
      own.config.signingSecret,
      { 'token-behind': ACCOUNT },
      [undefined],
      Date.now() - behindMs + 3_600_000,
    );
    try {
      const stream = await openStream(`${own.url}/feed/stream`, 'token-behind');
      expect(stream.res.status).toBe(200);
      await stream.until(() => stream.comments.filter((c) => c === 'heartbeat').length >= 3);
      expect(stream.comments).not.toContain('token expires; reconnect with a fresh token');
      stream.close();
    } finally {
      await own.close();
    }
  });

  it('ends once the platform refuses its token (revoked or expired early)', async () => {
    const own = await startFeedServerOn(platform, { heartbeatMs: 100, limits: { streamRecheckMs: 100 } });
    try {
      const stream = await openStream(`${own.url}/feed/stream`, 'token-revoked');
      await stream.until(() => stream.comments.includes('heartbeat'));
      expect(stream.comments).not.toContain('token refused; reconnect with a fresh token');
      delete TOKENS['token-revoked'];
      await stream.ended;
      expect(stream.comments).toContain('token refused; reconnect with a fresh token');
      // Its pass still opens a stream until the token's own expiry (the companion asks nobody to open one), and the
      // recheck ends that one as well.
      const again = await openStream(`${own.url}/feed/stream`, 'token-revoked');
      await again.ended;
      expect(again.comments).toContain('token refused; reconnect with a fresh token');
    } finally {
      await own.close();
    }
  });
});

describe('streams are capped per token and per account', () => {
  it('answers 429 in words past either cap, and frees a slot when a stream closes', async () => {
    const own = await startFeedServerOn(platform, {
      heartbeatMs: 100,
      // Every token here is a browser nobody vouched for: let them have the whole account (stream-route.ts).
      limits: { streamsPerToken: 2, streamsPerAccount: 3, unverifiedStreamShare: 100 },
    });
    const open = (token: string) => openStream(`${own.url}/feed/stream`, token);
    try {
      const first = await open('token-a1');
      const second = await open('token-a1');
      expect([first.res.status, second.res.status]).toEqual([200, 200]);
      const third = await open('token-a1');
      expect(third.res.status).toBe(429);
      expect(third.res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await third.res.json()) as { message: string }).message).toMatch(/Too many live-update connections/);

      // Another person's token of the same account still fits, up to the account's cap.
      const other = await open('token-a2');
      expect(other.res.status).toBe(200);
      const overAccount = await open('token-a3');
      expect(overAccount.res.status).toBe(429);
      await overAccount.res.body?.cancel();

      first.close();
      await first.ended;
      await expect
        .poll(async () => {
          const again = await open('token-a3');
          again.close();
          return again.res.status;
        })
        .toBe(200);
      for (const s of [second, other]) s.close();
    } finally {
      await own.close();
    }
  });
});

describe('a position older than what the feed keeps', () => {
  it('is answered with a gap event first, then the changes still kept', async () => {
    const own = await startFeedServerOn(platform, { heartbeatMs: 100, feedMaxEntries: 3 });
    try {
      const registered = await fetch(`${own.url}/feed/register`, {
        method: 'POST',
        headers: actingAs(TOKEN, STUB_ADMIN),
      });
      const { position } = (await registered.json()) as { position: string };
      const hook = platform.subscriptions.get(ACCOUNT)![0]!.callback_url;
      expect(hook.startsWith(own.url)).toBe(true);
      for (let i = 0; i < 5; i++) expect((await postJson(hook, jobNotification(platform.baseUrl))).status).toBe(200);
      const stream = await openStream(`${own.url}/feed/stream?after=${position}`, TOKEN);
      await stream.until(() => stream.changes().length === 3);
      expect(stream.events[0]!.event).toBe('gap');
      expect(stream.events.slice(1).every((e) => e.event === 'change')).toBe(true);
      stream.close();
      const page = (await (
        await fetch(`${own.url}/feed?after=${position}`, { headers: bearer(TOKEN) })
      ).json()) as FeedPage;
      expect(page.gap).toBe(true);
      expect(page.changes).toHaveLength(3);
    } finally {
      await own.close();
      // The next tests' companion owns the subscriptions again.
      await fetch(`${companion.url}/feed/register`, { method: 'POST', headers: actingAs(TOKEN, STUB_ADMIN) });
    }
  });
});

describe('CORS', () => {
  it.each([
    [`chrome-extension://${TEST_EXTENSION_ID}`, true],
    ['moz-extension://0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9', true],
    ['chrome-extension://someoneelseentirelyxxxxxxxxxxxxx', false],
    ['https://evil.example', false],
  ])('origin %s allowed: %s', async (origin, allowed) => {
    const res = await fetch(`${companion.url}/feed`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe(allowed ? origin : null);
  });
});

describe('closing the module', () => {
  it('rejects a bad stream position with 400 before streaming, and ends open streams on close', async () => {
    const own = await startFeedServerOn(platform);
    const bad = await fetch(`${own.url}/feed/stream?after=banana`, { headers: bearer(TOKEN) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/position/);

    const res = await fetch(`${own.url}/feed/stream`, { headers: bearer(TOKEN) });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain(': connected');
    const t0 = Date.now();
    await own.close();
    // The stream ends cleanly (not cut by the helper's one-second grace), so the server closes at once.
    expect(Date.now() - t0).toBeLessThan(900);
    let rest = '';
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      rest += new TextDecoder().decode(r.value);
    }
    expect(rest).not.toContain('event: change');
  });
});
