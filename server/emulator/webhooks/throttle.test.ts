import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChangeBus, Clock, RecordChange } from '../contracts';
import { THROTTLE_MAX_GAP_MS, THROTTLE_PERIOD_MS, type Webhooks } from './index';
import {
  ACCOUNT,
  OTHER_ACCOUNT,
  apiKey,
  startWebhookScene,
  waitFor,
  type Answer,
  type Received,
  type WebhookScene,
} from './test-support';

const notificationSchema = z.object({ object: z.string(), entry: z.tuple([z.object({ uuid: z.string() })]) });
const uuidOf = (n: unknown) => notificationSchema.parse(n).entry[0].uuid;
const uuid = (i: number) => `5e1f7a2b-0c3d-4e5f-8a9b-${String(i).padStart(12, '0')}`;

let scene: WebhookScene;
let clock: Clock;
let bus: ChangeBus;
let webhooks: Webhooks;
let api: WebhookScene['api'];

beforeEach(async () => {
  scene = await startWebhookScene(Date.UTC(2026, 6, 1, 12, 0, 0));
  ({ clock, bus, webhooks, api } = scene);
});
afterEach(() => scene.close());

const receiver = (answer?: (req: Received, index: number) => Answer) => scene.receiver(answer);

const change = (i: number, extra: Partial<RecordChange> = {}): RecordChange => ({
  accountUuid: ACCOUNT,
  recordType: 'job',
  uuid: uuid(i),
  changedFields: ['status'],
  at: clock.now(),
  ...extra,
});

describe('a 429 from the callback', () => {
  it("throttles the account's deliveries gradually for 15 minutes, loses none, then returns to normal", async () => {
    const jobs = await receiver((_req, i) => ({ status: i === 0 ? 429 : 200 }));
    const notes = await receiver();
    const elsewhere = await receiver();
    await api.as(apiKey()).add({ object: 'job', fields: 'status', callback_url: jobs.url });
    await api.as(apiKey()).add({ object: 'note', fields: 'note', callback_url: notes.url });
    await api.as(apiKey(OTHER_ACCOUNT)).add({ object: 'job', fields: 'status', callback_url: elsewhere.url });

    bus.emit(change(0));
    await waitFor(() => jobs.received.length === 1);
    await webhooks.whenIdle();
    const throttledAt = jobs.received[0]!.at;

    for (let i = 1; i <= 5; i++) bus.emit(change(i));
    bus.emit(change(100, { recordType: 'note', changedFields: ['note'] }));
    bus.emit(change(200, { accountUuid: OTHER_ACCOUNT }));
    // Another account is not slowed; this account's subscriptions (both of them) are held back.
    await waitFor(() => elsewhere.received.length === 1);
    await webhooks.whenIdle();
    expect(jobs.received).toHaveLength(1);
    expect(notes.received).toHaveLength(0);
    expect(webhooks.queued()).toBe(7);
    // A 429 is not a failure.
    expect(webhooks.subscriptions()[0]).toMatchObject({
      active: true,
      last_failure_reason: null,
      last_failure_at: null,
    });

    await clock.advance(THROTTLE_PERIOD_MS / 1000);
    expect(webhooks.queued()).toBe(0);
    // None lost, in order: the notification that got the 429 first, then the rest.
    expect(jobs.notifications().map(uuidOf)).toEqual([0, 0, 1, 2, 3, 4, 5].map(uuid));
    expect(notes.notifications().map(uuidOf)).toEqual([uuid(100)]);

    // Spaced out, with gaps that start near a minute and shrink: the volume ramps back up.
    const times = [throttledAt, ...[...jobs.received.slice(1), ...notes.received].map((r) => r.at)].sort(
      (a, b) => a - b,
    );
    const gaps = times.slice(1).map((t, i) => (t - times[i]!) / 1000);
    expect(gaps).toHaveLength(7);
    expect(gaps[0]).toBeGreaterThanOrEqual(THROTTLE_MAX_GAP_MS / 1000 - 5);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeLessThan(gaps[i - 1]!);
    expect(gaps.at(-1)!).toBeGreaterThan(20);
    expect(times.at(-1)! - throttledAt).toBeLessThan(THROTTLE_PERIOD_MS);

    // After 15 minutes: back to normal, deliveries go out at once without the clock moving.
    for (let i = 6; i <= 10; i++) bus.emit(change(i));
    await waitFor(() => jobs.received.length === 12);
    expect(jobs.notifications().slice(7).map(uuidOf)).toEqual([6, 7, 8, 9, 10].map(uuid));
  });

  it('halfway through the period the gap is about half', async () => {
    const r = await receiver((_req, i) => ({ status: i === 0 ? 429 : 200 }));
    await api.as(apiKey()).add({ object: 'job', fields: 'status', callback_url: r.url });
    bus.emit(change(0));
    await waitFor(() => r.received.length === 1);
    await webhooks.whenIdle();
    const throttledAt = r.received[0]!.at;
    await clock.advance(THROTTLE_PERIOD_MS / 2000);
    // The held notification went out a minute after the 429; these two are now spaced by about half a minute.
    bus.emit(change(1));
    bus.emit(change(2));
    await waitFor(() => r.received.length === 3);
    await webhooks.whenIdle();
    await clock.advance(120);
    expect(r.notifications().map(uuidOf)).toEqual([0, 0, 1, 2].map(uuid));
    expect(Math.round((r.received[1]!.at - throttledAt) / 1000)).toBe(THROTTLE_MAX_GAP_MS / 1000);
    const gap = (r.received[3]!.at - r.received[2]!.at) / 1000;
    expect(gap).toBeGreaterThan(25);
    expect(gap).toBeLessThan(35);
  });

  it('a further 429 restarts the throttle period', async () => {
    const r = await receiver((_req, i) => ({ status: i === 0 || i === 2 ? 429 : 200 }));
    await api.as(apiKey()).add({ object: 'job', fields: 'status', callback_url: r.url });
    bus.emit(change(0));
    await waitFor(() => r.received.length === 1);
    await webhooks.whenIdle();
    await clock.advance(14 * 60);
    expect(r.received).toHaveLength(2);
    bus.emit(change(1));
    await waitFor(() => r.received.length === 3);
    await webhooks.whenIdle();
    // 14 minutes into the first period the gap would be a few seconds; the new 429 makes it a minute again.
    await clock.advance(50);
    expect(r.received).toHaveLength(3);
    await clock.advance(15);
    expect(r.notifications().map(uuidOf)).toEqual([0, 0, 1, 1].map(uuid));
  });
});
