import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClock } from '../clock';
import type { ChangeBus, Clock } from '../contracts';
import { RETRY_WINDOW_MS, createWebhooks, type Webhooks } from './index';
import {
  ACCOUNT,
  APP,
  OTHER_ACCOUNT,
  apiKey,
  createTestBus,
  deadUrl,
  startApi,
  startReceiver,
  waitFor,
} from './test-support';

const subscriptionSchema = z.strictObject({
  uuid: z.uuid(),
  type: z.literal('object'),
  object: z.string(),
  callback_url: z.string(),
  fields: z.array(z.string()),
  unique_id: z.string(),
  active: z.boolean(),
  last_failure_reason: z.string().nullable(),
  last_failure_at: z.string().nullable(),
});
const listSchema = z.array(subscriptionSchema);
const errorSchema = z.strictObject({ errorCode: z.number(), message: z.string() });

const JOB = '3b9d6f0e-1c2a-4e5b-8f7a-9d0c1b2a3e4f';
let webhooks: Webhooks;
let bus: ChangeBus;
let clock: Clock;
let api: Awaited<ReturnType<typeof startApi>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  clock = createClock(Date.UTC(2026, 0, 5, 9, 0, 0));
  bus = createTestBus();
  webhooks = createWebhooks({ clock, changes: bus, baseUrl: () => 'http://127.0.0.1:1' });
  api = await startApi(webhooks.routes);
  receiver = await startReceiver(clock, () => ({ status: 200 }));
});
afterEach(async () => {
  webhooks.close();
  await api.close();
  await receiver.close();
});

const jobSub = (extra: Record<string, string> = {}) => ({
  object: 'job',
  fields: 'status, badges',
  callback_url: receiver.url,
  ...extra,
});

describe('webhook subscription API', () => {
  it('adds a subscription with every field of the record and lists it', async () => {
    const res = await api.as(apiKey()).add(jobSub({ unique_id: 'fieldside-jobs' }));
    expect(res.status).toBe(200);
    const stored = subscriptionSchema.parse(await res.json());
    expect(stored).toEqual({
      uuid: stored.uuid,
      type: 'object',
      object: 'job',
      callback_url: receiver.url,
      fields: ['status', 'badges'],
      unique_id: 'fieldside-jobs',
      active: true,
      last_failure_reason: null,
      last_failure_at: null,
    });
    const list = listSchema.parse(await (await api.as(apiKey()).list()).json());
    expect(list).toEqual([stored]);
    // API-key requests are not verified: the receiver saw nothing.
    expect(receiver.received).toHaveLength(0);
  });

  it('accepts JSON with fields as an array, and unique_id defaults to ""', async () => {
    const res = await api
      .as(apiKey())
      .addJson({ object: 'note', fields: ['note', 'note'], callback_url: receiver.url });
    expect(res.status).toBe(200);
    expect(subscriptionSchema.parse(await res.json())).toMatchObject({
      object: 'note',
      fields: ['note'],
      unique_id: '',
    });
  });

  it('modifies the subscription with the same object and unique_id instead of adding one', async () => {
    await api.as(apiKey()).add(jobSub({ unique_id: 'a' }));
    await api.as(apiKey()).add(jobSub({ unique_id: 'b' }));
    const firstUuid = webhooks.subscriptions()[0]!.uuid;
    const res = await api.as(apiKey()).add(jobSub({ unique_id: 'a', fields: 'generated_job_id' }));
    const modified = subscriptionSchema.parse(await res.json());
    expect(modified.fields).toEqual(['generated_job_id']);
    // Modifying keeps the subscription's own uuid.
    expect(modified.uuid).toBe(firstUuid);
    const list = listSchema.parse(await (await api.as(apiKey()).list('all')).json());
    expect(list.map((s) => [s.unique_id, s.fields])).toEqual([
      ['a', ['generated_job_id']],
      ['b', ['status', 'badges']],
    ]);
  });

  it('keeps subscriptions of other accounts and apps apart', async () => {
    await api.as(apiKey()).add(jobSub());
    await api.as(apiKey(OTHER_ACCOUNT)).add(jobSub({ object: 'company', fields: 'name' }));
    await api.as(apiKey(ACCOUNT, 'another-app')).add(jobSub({ object: 'task', fields: 'status' }));
    const mine = listSchema.parse(await (await api.as(apiKey()).list('all')).json());
    expect(mine.map((s) => s.object)).toEqual(['job']);
    const theirs = listSchema.parse(await (await api.as(apiKey(OTHER_ACCOUNT)).list('all')).json());
    expect(theirs.map((s) => s.object)).toEqual(['company']);
    expect(
      webhooks.subscriptions().map((s) => [s.appId, s.accountUuid, s.type === 'object' ? s.object : s.event]),
    ).toEqual([
      [APP, ACCOUNT, 'job'],
      [APP, OTHER_ACCOUNT, 'company'],
      ['another-app', ACCOUNT, 'task'],
    ]);
  });

  it('deletes by object and unique_id (form body or query), and answers 404 when nothing matches', async () => {
    await api.as(apiKey()).add(jobSub({ unique_id: 'x' }));
    await api.as(apiKey()).add(jobSub({ object: 'note', fields: 'note' }));
    const wrongId = await api.as(apiKey()).remove({ object: 'job', unique_id: 'y' });
    expect(wrongId.status).toBe(404);
    expect(errorSchema.parse(await wrongId.json()).errorCode).toBe(404);

    const ok = await api.as(apiKey()).remove({ object: 'job', unique_id: 'x' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ errorCode: 0, message: 'OK' });
    const byQuery = await api.as(apiKey()).removeByQuery({ object: 'note' });
    expect(byQuery.status).toBe(200);
    expect(listSchema.parse(await (await api.as(apiKey()).list('all')).json())).toEqual([]);
    // Another account cannot delete this account's subscription.
    await api.as(apiKey()).add(jobSub());
    expect((await api.as(apiKey(OTHER_ACCOUNT)).remove({ object: 'job' })).status).toBe(404);
    expect(webhooks.subscriptions()).toHaveLength(1);
  });

  it('lists by status: active by default, inactive, all', async () => {
    await api.as(apiKey()).add(jobSub({ unique_id: 'on' }));
    // The real way to become inactive: 72 hours of failed deliveries (retry.test.ts covers the details).
    await api.as(apiKey()).add(jobSub({ unique_id: 'off', callback_url: await deadUrl() }));
    bus.emit({ accountUuid: ACCOUNT, recordType: 'job', uuid: JOB, changedFields: ['status'], at: clock.now() });
    await webhooks.whenIdle();
    await clock.advance(RETRY_WINDOW_MS / 1000);
    // The live subscription got its one delivery; the dead one was deactivated.
    await waitFor(() => receiver.received.length === 1);
    const ids = async (status?: string) =>
      listSchema.parse(await (await api.as(apiKey()).list(status)).json()).map((s) => s.unique_id);
    expect(await ids()).toEqual(['on']);
    expect(await ids('active')).toEqual(['on']);
    expect(await ids('inactive')).toEqual(['off']);
    expect(await ids('all')).toEqual(['on', 'off']);
  });

  it.each([
    ['missing object', { fields: 'status', callback_url: 'http://127.0.0.1:9/x' }, /object is required/],
    [
      'unsupported object',
      { object: 'staff', fields: 'status', callback_url: 'http://127.0.0.1:9/x' },
      /^Object staff does not support subscription$/,
    ],
    ['missing fields', { object: 'job', callback_url: 'http://127.0.0.1:9/x' }, /fields is required/],
    ['empty fields', { object: 'job', fields: '', callback_url: 'http://127.0.0.1:9/x' }, /field name/],
    [
      'blank field name',
      { object: 'job', fields: 'status,,badges', callback_url: 'http://127.0.0.1:9/x' },
      /field name/,
    ],
    ['missing callback_url', { object: 'job', fields: 'status' }, /callback_url is required/],
    ['relative callback_url', { object: 'job', fields: 'status', callback_url: '/hooks' }, /http or https URL/],
    ['ftp callback_url', { object: 'job', fields: 'status', callback_url: 'ftp://127.0.0.1/x' }, /http or https URL/],
    [
      'javascript callback_url',
      { object: 'job', fields: 'status', callback_url: 'javascript:alert(1)' },
      /http or https URL/,
    ],
  ])('rejects %s with a clear 400 and no change', async (_name, params, message) => {
    await api.as(apiKey()).add(jobSub({ unique_id: 'keep' }));
    const before = webhooks.subscriptions();
    const res = await api.as(apiKey()).add({ unique_id: 'keep', ...params });
    expect(res.status).toBe(400);
    const error = errorSchema.parse(await res.json());
    expect(error.errorCode).toBe(400);
    expect(error.message).toMatch(message);
    expect(webhooks.subscriptions()).toEqual(before);
  });

  it('rejects a malformed JSON body, a non-object body and an unknown content type', async () => {
    const bad = await api.as(apiKey()).addRaw('{"object":', 'application/json');
    expect(bad.status).toBe(400);
    expect(errorSchema.parse(await bad.json()).message).toMatch(/not valid JSON/);
    const array = await api.as(apiKey()).addRaw('["job"]', 'application/json');
    expect(errorSchema.parse(await array.json()).message).toMatch(/must be an object/);
    const text = await api.as(apiKey()).addRaw('object=job', 'text/plain');
    expect(errorSchema.parse(await text.json()).message).toMatch(/form-encoded/);
    expect(webhooks.subscriptions()).toEqual([]);
  });

  it('rejects a bad status filter and a delete without object', async () => {
    const res = await api.as(apiKey()).list('paused');
    expect(res.status).toBe(400);
    expect(errorSchema.parse(await res.json()).message).toMatch(/status must be one of: active, inactive, all/);
    const del = await api.as(apiKey()).remove({ unique_id: 'x' });
    expect(del.status).toBe(400);
    expect(errorSchema.parse(await del.json()).message).toMatch(/object or event is required/);
  });
});
