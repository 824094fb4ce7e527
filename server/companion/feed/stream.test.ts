import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, jobNotification, openStream, postJson } from '../../../tests/support/companion/feed-client';
import { startFeedServer, TEST_EXTENSION_ID, type FeedServer } from '../../../tests/support/companion/feed-server';
import { startStubPlatform } from '../../../tests/support/companion/stub-platform';
import type { FeedPage } from './types';

const ACCOUNT = '77777777-7777-4777-8777-777777777777';
const TOKEN = 'token-stream';

let platform: Awaited<ReturnType<typeof startStubPlatform>>;
let companion: FeedServer;
let callbackUrl: string;

async function feed(): Promise<FeedPage> {
  const res = await fetch(`${companion.url}/feed`, { headers: bearer(TOKEN) });
  expect(res.status).toBe(200);
  return (await res.json()) as FeedPage;
}

beforeAll(async () => {
  platform = await startStubPlatform({ [TOKEN]: ACCOUNT });
  companion = await startFeedServer({ platformBaseUrl: platform.baseUrl, heartbeatMs: 100 });
  const res = await fetch(`${companion.url}/feed/register`, { method: 'POST', headers: bearer(TOKEN) });
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
    const own = await startFeedServer({ platformBaseUrl: platform.baseUrl });
    const bad = await fetch(`${own.url}/feed/stream?after=banana`, { headers: bearer(TOKEN) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/position/);

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
