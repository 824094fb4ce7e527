// The subscription API as the real platform takes it: object and event subscriptions, the refused bare POST,
// one list of both kinds, both ways of removing, and per-object refusals.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClock } from '../clock';
import { createWebhooks, type Webhooks } from './index';
import { OTHER_ACCOUNT, apiKey, challengeOf, createTestBus, oauth, startApi, startReceiver } from './test-support';

const common = {
  uuid: z.uuid(),
  callback_url: z.string(),
  unique_id: z.string(),
  active: z.boolean(),
  last_failure_reason: z.string().nullable(),
  last_failure_at: z.string().nullable(),
};
const objectSchema = z.strictObject({
  ...common,
  type: z.literal('object'),
  object: z.string(),
  fields: z.array(z.string()),
});
const eventSchema = z.strictObject({ ...common, type: z.literal('event'), event: z.string() });
const listSchema = z.array(z.discriminatedUnion('type', [objectSchema, eventSchema]));
const errorSchema = z.strictObject({ errorCode: z.number(), message: z.string() });

let webhooks: Webhooks;
let api: Awaited<ReturnType<typeof startApi>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  const clock = createClock();
  webhooks = createWebhooks({ clock, changes: createTestBus(), baseUrl: () => 'http://127.0.0.1:1' });
  api = await startApi(webhooks.routes);
  receiver = await startReceiver(clock, (req) => ({ status: 200, body: challengeOf(req) ?? '' }));
});
afterEach(async () => {
  webhooks.close();
  await api.close();
  await receiver.close();
});

const listAll = async (principal = apiKey()) => listSchema.parse(await (await api.as(principal).list('all')).json());
const jobSub = (extra: Record<string, string> = {}) => ({
  object: 'job',
  fields: 'status,badges',
  callback_url: receiver.url,
  ...extra,
});
const eventSub = (extra: Record<string, string> = {}) => ({
  event: 'job.note_added',
  callback_url: receiver.url,
  ...extra,
});

describe('POST /webhook_subscriptions itself', () => {
  it('is refused with the platform’s 400 and changes nothing', async () => {
    await api.as(apiKey()).add(jobSub({ unique_id: 'keep' }));
    const before = webhooks.subscriptions();
    const res = await api.as(apiKey()).addBare(jobSub({ unique_id: 'new' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errorCode: 400,
      message: 'webhook_subscriptions is not an authorised object type',
    });
    expect(webhooks.subscriptions()).toEqual(before);
  });
});

describe('event subscriptions', () => {
  it('answer {"success": true}, are listed without object or fields, and re-subscribing updates', async () => {
    const res = await api.as(apiKey()).addEvent(eventSub({ unique_id: 'fs' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    await api.as(apiKey()).addEvent(eventSub({ event: 'job.badge_added', unique_id: 'fs' }));
    const [first] = await listAll();
    const moved = `${receiver.url}?moved=1`;
    await api.as(apiKey()).addEvent(eventSub({ unique_id: 'fs', callback_url: moved }));
    const list = await listAll();
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({ ...first, callback_url: moved });
    expect(list.map((s) => (s.type === 'event' ? s.event : s.object))).toEqual(['job.note_added', 'job.badge_added']);
  });

  it('refuses an event the emulator does not deliver, and bad input, with 400 and no change', async () => {
    for (const params of [
      eventSub({ event: 'job.teleported' }),
      { callback_url: receiver.url },
      eventSub({ callback_url: 'ftp://x/y' }),
    ]) {
      const res = await api.as(apiKey()).addEvent(params);
      expect(res.status).toBe(400);
      expect(errorSchema.parse(await res.json()).errorCode).toBe(400);
    }
    expect(webhooks.subscriptions()).toEqual([]);
  });

  it('are verified for public (OAuth) apps, not for API keys', async () => {
    expect((await api.as(oauth()).addEvent(eventSub())).status).toBe(200);
    expect(receiver.received.map(challengeOf).filter(Boolean)).toHaveLength(1);
    expect((await api.as(apiKey()).addEvent(eventSub())).status).toBe(200);
    expect(receiver.received).toHaveLength(1);
  });
});

describe('the list', () => {
  it('holds both kinds, each with its own fields, filtered by status', async () => {
    await api.as(apiKey()).add(jobSub({ unique_id: 'a' }));
    await api.as(apiKey()).addEvent(eventSub({ unique_id: 'b' }));
    const active = listSchema.parse(await (await api.as(apiKey()).list()).json());
    expect(active.map((s) => s.type)).toEqual(['object', 'event']);
    expect(active[1]).not.toHaveProperty('object');
    expect(active[1]).not.toHaveProperty('fields');
    expect(listSchema.parse(await (await api.as(apiKey()).list('inactive')).json())).toEqual([]);
  });
});

describe('removal', () => {
  it('by identifying fields, as a form body or a query, for objects and events', async () => {
    await api.as(apiKey()).add(jobSub({ unique_id: 'a' }));
    await api.as(apiKey()).addEvent(eventSub({ unique_id: 'b' }));
    await api.as(apiKey()).addEvent(eventSub({ event: 'job.status_changed', unique_id: 'c' }));
    const byForm = await api.as(apiKey()).remove({ object: 'job', unique_id: 'a', callback_url: receiver.url });
    expect(await byForm.json()).toEqual({ errorCode: 0, message: 'OK' });
    expect(
      (await api.as(apiKey()).removeByQuery({ event: 'job.note_added', unique_id: 'b', callback_url: receiver.url }))
        .status,
    ).toBe(200);
    // A callback_url that is not the subscription's names nothing.
    const wrongUrl = await api
      .as(apiKey())
      .remove({ event: 'job.status_changed', unique_id: 'c', callback_url: `${receiver.url}x` });
    expect(wrongUrl.status).toBe(404);
    expect(await wrongUrl.json()).toEqual({ errorCode: 404, message: 'No matching webhook found' });
    expect((await listAll()).map((s) => s.unique_id)).toEqual(['c']);
    expect((await api.as(apiKey()).remove({ event: 'job.status_changed', unique_id: 'c' })).status).toBe(200);
    expect(await listAll()).toEqual([]);
  });

  it('by uuid, and 404 "No matching webhook found" for an unknown or another account’s uuid', async () => {
    await api.as(apiKey()).add(jobSub());
    await api.as(apiKey()).addEvent(eventSub());
    const [object, event] = await listAll();
    expect((await api.as(apiKey(OTHER_ACCOUNT)).removeByUuid(object!.uuid)).status).toBe(404);
    expect(await (await api.as(apiKey()).removeByUuid(event!.uuid)).json()).toEqual({ errorCode: 0, message: 'OK' });
    expect((await api.as(apiKey()).removeByUuid(object!.uuid)).status).toBe(200);
    const again = await api.as(apiKey()).removeByUuid(object!.uuid);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ errorCode: 404, message: 'No matching webhook found' });
    expect((await api.as(apiKey()).removeByUuid('not-a-uuid')).status).toBe(404);
    expect(await listAll()).toEqual([]);
  });

  it('refuses a delete naming both an object and an event', async () => {
    await api.as(apiKey()).add(jobSub());
    const res = await api.as(apiKey()).remove({ object: 'job', event: 'job.note_added' });
    expect(res.status).toBe(400);
    expect(webhooks.subscriptions()).toHaveLength(1);
  });
});

describe('per-object refusal', () => {
  it('refuses unsupported objects (400) and objects the token may not read (403), each on its own', async () => {
    const app = oauth(undefined, undefined, ['read_jobs', 'read_customers']);
    expect((await api.as(app).add(jobSub())).status).toBe(200);

    const unsupported = await api.as(app).add({ object: 'staff', fields: 'first', callback_url: receiver.url });
    expect(unsupported.status).toBe(400);
    expect(await unsupported.json()).toEqual({ errorCode: 400, message: 'Object staff does not support subscription' });

    const unreadable = await api.as(app).add({ object: 'note', fields: 'note', callback_url: receiver.url });
    expect(unreadable.status).toBe(403);
    expect(errorSchema.parse(await unreadable.json()).message).toBe(
      'Object note is not authorised for this app: it needs the OAuth scope read_job_notes',
    );
    expect((await api.as(app).add({ object: 'company', fields: 'name', callback_url: receiver.url })).status).toBe(200);
    // The refused objects changed nothing; the others stand, active.
    expect((await listAll(app)).map((s) => [s.type === 'object' && s.object, s.active])).toEqual([
      ['job', true],
      ['company', true],
    ]);
    // A refused subscription asks nothing of the callback: only the two accepted ones were verified.
    expect(receiver.received.map(challengeOf).filter(Boolean)).toHaveLength(2);
  });

  it('refuses job events to a token that may not read jobs', async () => {
    const res = await api.as(oauth(undefined, undefined, ['read_job_notes'])).addEvent(eventSub());
    expect(res.status).toBe(403);
    expect(errorSchema.parse(await res.json()).message).toMatch(
      /^Event job\.note_added is not authorised .* read_jobs \(or manage_jobs\)$/,
    );
    expect(webhooks.subscriptions()).toEqual([]);
  });
});
