import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChangeBus, Clock, RecordChange } from '../contracts';
import { RETRY_WINDOW_MS, type Webhooks } from './index';
import {
  ACCOUNT,
  apiKey,
  deadUrl,
  startWebhookScene,
  waitFor,
  type Answer,
  type Received,
  type WebhookScene,
} from './test-support';

const JOB = '3b9d6f0e-1c2a-4e5b-8f7a-9d0c1b2a3e4f';
const HOUR = 3600;
const subscriptionSchema = z.object({
  unique_id: z.string(),
  active: z.boolean(),
  last_failure_reason: z.string().nullable(),
  last_failure_at: z.string().nullable(),
});

let scene: WebhookScene;
let clock: Clock;
let bus: ChangeBus;
let webhooks: Webhooks;
let api: WebhookScene['api'];

/** The test of a receiver that never answers waits this long for it; every other test's receiver answers, and on a
 * loaded machine a local answer can take longer than that (a 500 was once taken for a timeout). */
const HANG_TIMEOUT_MS = 200;

beforeEach(async ({ task }) => {
  const requestTimeoutMs = task.name.includes('no answer in time') ? HANG_TIMEOUT_MS : 10_000;
  scene = await startWebhookScene(Date.UTC(2026, 5, 1, 8, 0, 0), { requestTimeoutMs });
  ({ clock, bus, webhooks, api } = scene);
});
afterEach(() => scene.close());

const receiver = (answer: (req: Received, index: number) => Answer) => scene.receiver(answer);

const change = (): RecordChange => ({
  accountUuid: ACCOUNT,
  recordType: 'job',
  uuid: JOB,
  changedFields: ['status'],
  at: clock.now(),
});

async function subscription(status = 'all') {
  const list = z.array(subscriptionSchema).parse(await (await api.as(apiKey()).list(status)).json());
  expect(list).toHaveLength(1);
  return list[0]!;
}

/** `YYYY-MM-DD HH:MM:SS` UTC back to ms, to compare with emulator times (which drift by real milliseconds). */
const utcMs = (text: string | null) => Date.parse(`${text?.replace(' ', 'T')}Z`);
const expectUtcNear = (text: string | null, ms: number) => {
  expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(Math.abs(utcMs(text) - ms)).toBeLessThan(2000);
};

describe('failed deliveries', () => {
  it('retries with backoff for 72 hours of emulator time, then deactivates keeping the failure fields', async () => {
    let failing = true;
    const r = await receiver(() => ({ status: failing ? 500 : 200 }));
    await api.as(apiKey()).add({ object: 'job', fields: 'status', callback_url: r.url, unique_id: 'jobs' });
    bus.emit(change());
    await waitFor(() => r.received.length === 1);
    await webhooks.whenIdle();
    const first = r.received[0]!.at;
    const afterFirst = await subscription();
    expect(afterFirst).toMatchObject({ active: true, last_failure_reason: 'HTTP 500' });
    expectUtcNear(afterFirst.last_failure_at, first);

    await clock.advance(RETRY_WINDOW_MS / 1000 - 60);
    const beforeEnd = await subscription('active');
    expect(beforeEnd.last_failure_reason).toBe('HTTP 500');
    expectUtcNear(beforeEnd.last_failure_at, r.received.at(-1)!.at);
    // Backoff on the emulator clock: 30 s doubling, capped at an hour between attempts.
    const gaps = r.received.slice(1).map((req, i) => Math.round((req.at - r.received[i]!.at) / 1000));
    expect(gaps.slice(0, 9)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect(gaps.every((gap) => gap <= 3600)).toBe(true);
    const attemptsBeforeEnd = r.received.length;

    await clock.advance(120);
    // The last attempt is at exactly 72 hours after the first failure; it fails, and the subscription is cancelled.
    expect(r.received).toHaveLength(attemptsBeforeEnd + 1);
    expect(Math.round((r.received.at(-1)!.at - first) / 1000)).toBe(RETRY_WINDOW_MS / 1000);
    const cancelled = await subscription('inactive');
    expect(cancelled).toMatchObject({ unique_id: 'jobs', active: false, last_failure_reason: 'HTTP 500' });
    expectUtcNear(cancelled.last_failure_at, first + RETRY_WINDOW_MS);
    expect(z.array(z.unknown()).parse(await (await api.as(apiKey()).list()).json())).toEqual([]);

    // Inactive: no more attempts, and new changes are not delivered.
    failing = false;
    bus.emit(change());
    await clock.advance(24 * HOUR);
    await webhooks.whenIdle();
    expect(r.received).toHaveLength(attemptsBeforeEnd + 1);

    // Reactivation (re-posting the same identity) clears the failure fields; deliveries resume.
    const res = await api.as(apiKey()).add({ object: 'job', fields: 'status', callback_url: r.url, unique_id: 'jobs' });
    expect(subscriptionSchema.parse(await res.json())).toEqual({
      unique_id: 'jobs',
      active: true,
      last_failure_reason: null,
      last_failure_at: null,
    });
    expect(await subscription('active')).toMatchObject({ last_failure_reason: null, last_failure_at: null });
    bus.emit(change());
    await waitFor(() => r.received.length === attemptsBeforeEnd + 2);
    await webhooks.whenIdle();
    expect(await subscription('active')).toMatchObject({ active: true, last_failure_reason: null });
  });

  it.each<[string, string, () => Promise<string>]>([
    ['a 404', 'HTTP 404', async () => (await receiver(() => ({ status: 404 }))).url],
    ['a 503', 'HTTP 503', async () => (await receiver(() => ({ status: 503 }))).url],
    ['a redirect', 'HTTP 301', async () => (await receiver(() => ({ status: 301 }))).url],
    ['a refused connection', 'connection refused', deadUrl],
    ['no answer in time', 'timeout', async () => (await receiver(() => 'hang')).url],
  ])('records %s as "%s" and keeps retrying', async (_name, reason, url) => {
    const callbackUrl = await url();
    await api.as(apiKey()).add({ object: 'job', fields: 'status', callback_url: callbackUrl });
    bus.emit(change());
    await waitFor(() => webhooks.subscriptions()[0]?.last_failure_reason !== null);
    const sub = await subscription('active');
    expect(sub.last_failure_reason).toBe(reason);
    expectUtcNear(sub.last_failure_at, clock.now());
    expect(webhooks.queued()).toBe(1);
    await clock.advance(HOUR);
    expect(await subscription('active')).toMatchObject({ active: true, last_failure_reason: reason });
    expect(utcMs((await subscription()).last_failure_at)).toBeGreaterThan(utcMs(sub.last_failure_at));
  });

  it('a success ends the failure window: a later failure gets a fresh 72 hours', async () => {
    const r = await receiver((_req, i) => ({ status: i === 2 ? 200 : 500 }));
    await api.as(apiKey()).add({ object: 'job', fields: 'status', callback_url: r.url });
    bus.emit(change());
    await waitFor(() => r.received.length === 1);
    await webhooks.whenIdle();
    await clock.advance(120);
    expect(r.received).toHaveLength(3);
    expect(webhooks.queued()).toBe(0);
    // The failure fields record the latest failure until a reactivation clears them.
    expect(await subscription('active')).toMatchObject({ last_failure_reason: 'HTTP 500' });

    await clock.advance(71 * HOUR);
    bus.emit(change());
    await waitFor(() => r.received.length === 4);
    await webhooks.whenIdle();
    await clock.advance(2 * HOUR);
    expect((await subscription()).active).toBe(true);
    await clock.advance(70 * HOUR + 60);
    expect((await subscription()).active).toBe(false);
  });

  it('re-posting a failing subscription clears its failures and retries the queue at once', async () => {
    let failing = true;
    const r = await receiver(() => ({ status: failing ? 500 : 200 }));
    const params = { object: 'job', fields: 'status', callback_url: r.url };
    await api.as(apiKey()).add(params);
    bus.emit(change());
    bus.emit(change());
    await waitFor(() => r.received.length === 1);
    await webhooks.whenIdle();
    expect(webhooks.queued()).toBe(2);
    failing = false;
    const res = await api.as(apiKey()).add(params);
    expect(subscriptionSchema.parse(await res.json())).toMatchObject({
      active: true,
      last_failure_reason: null,
      last_failure_at: null,
    });
    await waitFor(() => r.received.length === 3);
    await webhooks.whenIdle();
    expect(webhooks.queued()).toBe(0);
  });
});
