import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClock } from '../clock';
import type { Clock } from '../contracts';
import { createWebhooks, type Webhooks } from './index';
import {
  apiKey,
  challengeOf,
  createTestBus,
  deadUrl,
  oauth,
  startApi,
  startReceiver,
  type Answer,
  type Received,
} from './test-support';

const errorSchema = z.strictObject({ errorCode: z.literal(400), message: z.string() });

let clock: Clock;
let webhooks: Webhooks;
let api: Awaited<ReturnType<typeof startApi>>;
const cleanup: (() => Promise<void>)[] = [];

beforeEach(async ({ task }) => {
  clock = createClock();
  // Short only for the receiver that never answers: every other receiver answers, and on a loaded machine a local
  // answer can take longer than a short wait.
  const requestTimeoutMs = task.name.includes('does not answer in time') ? 300 : 10_000;
  webhooks = createWebhooks(
    { clock, changes: createTestBus(), baseUrl: () => 'http://127.0.0.1:1' },
    { requestTimeoutMs },
  );
  api = await startApi(webhooks.routes);
});
afterEach(async () => {
  webhooks.close();
  await api.close();
  for (const close of cleanup.splice(0)) await close();
});

async function receiver(answer: (req: Received) => Answer) {
  const r = await startReceiver(clock, answer);
  cleanup.push(r.close);
  return r;
}

const params = (callback_url: string) => ({ object: 'job', fields: 'status', callback_url, unique_id: 'fieldside' });

describe('callback verification for public (OAuth) apps', () => {
  it('sends mode=subscribe and a random challenge, form-encoded, and saves when the body is the challenge', async () => {
    const r = await receiver((req) => ({ status: 200, body: challengeOf(req) ?? 'no challenge' }));
    const res = await api.as(oauth()).add(params(r.url));
    expect(res.status).toBe(200);
    expect(r.received).toHaveLength(1);
    const [request] = r.received;
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(request?.body);
    expect([...form.keys()].sort()).toEqual(['challenge', 'mode']);
    expect(form.get('mode')).toBe('subscribe');
    expect(form.get('challenge')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(webhooks.subscriptions().map((s) => s.unique_id)).toEqual(['fieldside']);

    // Modifying verifies again, with a fresh challenge.
    expect((await api.as(oauth()).add(params(r.url))).status).toBe(200);
    expect(r.received).toHaveLength(2);
    expect(challengeOf(r.received[1]!)).not.toBe(challengeOf(r.received[0]!));
  });

  it.each<[string, (challenge: string) => Answer, RegExp]>([
    ['a wrong body', () => ({ status: 200, body: 'hello' }), /not the challenge/],
    [
      'the challenge with a trailing newline',
      (ch) => ({ status: 200, body: `${ch}\n` }),
      /whitespace around the challenge/,
    ],
    [
      'the challenge inside JSON',
      (ch) => ({ status: 200, body: JSON.stringify({ challenge: ch }) }),
      /not the challenge/,
    ],
    ['an empty 200', () => ({ status: 200 }), /not the challenge/],
    ['a 500 echoing the challenge', (ch) => ({ status: 500, body: ch }), /HTTP 500, not 200/],
    ['a 201 echoing the challenge', (ch) => ({ status: 201, body: ch }), /HTTP 201, not 200/],
    ['a redirect', () => ({ status: 302 }), /HTTP 302, not 200/],
  ])('refuses the subscription when the callback answers %s', async (_name, answer, reason) => {
    const r = await receiver((req) => answer(challengeOf(req) ?? ''));
    const res = await api.as(oauth()).add(params(r.url));
    expect(res.status).toBe(400);
    const error = errorSchema.parse(await res.json());
    expect(error.message).toMatch(/^Callback URL verification failed: /);
    expect(error.message).toMatch(reason);
    expect(webhooks.subscriptions()).toEqual([]);
  });

  it('refuses when the callback is unreachable', async () => {
    const res = await api.as(oauth()).add(params(await deadUrl()));
    expect(res.status).toBe(400);
    expect(errorSchema.parse(await res.json()).message).toBe('Callback URL verification failed: connection refused');
    expect(webhooks.subscriptions()).toEqual([]);
  });

  it('refuses when the callback does not answer in time', async () => {
    const r = await receiver(() => 'hang');
    const res = await api.as(oauth()).add(params(r.url));
    expect(errorSchema.parse(await res.json()).message).toBe('Callback URL verification failed: timeout');
    expect(webhooks.subscriptions()).toEqual([]);
  });

  it('refuses when the connection closes without an answer', async () => {
    const server = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cb`;
    const res = await api.as(oauth()).add(params(url));
    expect(errorSchema.parse(await res.json()).message).toMatch(
      /^Callback URL verification failed: (connection|network)/,
    );
    expect(webhooks.subscriptions()).toEqual([]);
  });

  it('keeps the old settings when a modification fails verification', async () => {
    const good = await receiver((req) => ({ status: 200, body: challengeOf(req) ?? '' }));
    await api.as(oauth()).add(params(good.url));
    const bad = await receiver(() => ({ status: 404 }));
    expect((await api.as(oauth()).add({ ...params(bad.url), fields: 'badges' })).status).toBe(400);
    expect(webhooks.subscriptions()).toMatchObject([{ callback_url: good.url, fields: ['status'], active: true }]);
  });

  it('does not verify for API-key (private app) requests', async () => {
    const r = await receiver(() => ({ status: 500 }));
    expect((await api.as(apiKey()).add(params(r.url))).status).toBe(200);
    expect((await api.as(apiKey()).add(params(await deadUrl()))).status).toBe(200);
    expect(r.received).toHaveLength(0);
    expect(webhooks.subscriptions()).toHaveLength(1);
  });
});
