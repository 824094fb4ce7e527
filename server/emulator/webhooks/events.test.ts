// Event subscriptions and the notification content type, through the whole emulator: real auth, real REST writes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClock } from '../clock';
import type { AccountInfo } from '../contracts';
import { createApi, type Api } from '../rest/test-support';
import { startEmulator, type StartedEmulator } from '../start';
import { challengeOf, payloadOf, startReceiver, waitFor } from './test-support';

const time = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
const eventSchema = z.strictObject({
  eventName: z.enum(['job.status_changed', 'job.note_added', 'job.badge_added', 'job.badge_removed']),
  object: z.literal('job'),
  entry: z.tuple([
    z.strictObject({ uuid: z.uuid(), time, note_uuid: z.uuid().optional(), badge_uuid: z.uuid().optional() }),
  ]),
  resource_url: z.url(),
});

let emu: StartedEmulator;
let account: AccountInfo;
let api: Api;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const hooks = () => `${emu.info.base_url}/webhook_subscriptions`;
const form = (params: Record<string, string>) => ({
  method: 'POST',
  headers: { 'x-api-key': account.api_key, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(params),
});

beforeAll(async () => {
  emu = await startEmulator({ jobs: 60, seed: 12, quiet: true, callbackTimeoutMs: 300 });
  account = emu.info.accounts[0]!;
  api = createApi(emu.info.base_url, { apiKey: account.api_key });
  receiver = await startReceiver(createClock(), (req) => ({ status: 200, body: challengeOf(req) ?? '' }));
});
afterAll(async () => {
  await emu?.close();
  await receiver?.close();
});
beforeEach(async () => {
  for (const sub of emu.webhooks.subscriptions())
    await fetch(`${hooks()}/${sub.uuid}`, { method: 'DELETE', headers: { 'x-api-key': account.api_key } });
  receiver.received.length = 0;
  await emu.control.setWebhookContentType('json');
});

const events = () => receiver.notifications().map((body) => eventSchema.parse(body));
const jobs = async () =>
  (await emu.control.listRecords(account.uuid, 'job')).map((j) =>
    z.object({ uuid: z.string(), status: z.string() }).parse(j),
  );

describe('event subscriptions deliver', () => {
  it('job.note_added, job.badge_added, job.badge_removed and job.status_changed when they happen', async () => {
    const job = (await jobs())[3]!;
    await emu.control.updateRecord(account.uuid, 'job', job.uuid, { badges: '[]' });
    for (const event of ['job.status_changed', 'job.note_added', 'job.badge_added', 'job.badge_removed']) {
      const res = await fetch(`${hooks()}/event`, form({ event, callback_url: receiver.url, unique_id: 'fs' }));
      expect(await res.json()).toEqual({ success: true });
    }
    const [warranty, vip] = (await emu.control.listRecords(account.uuid, 'badge')).map((b) => String(b.uuid));

    // An unrelated change is no event.
    await api('POST', `job/${job.uuid}.json`, { job_description: 'Nothing an event is about' });
    const note = await api('POST', 'note.json', {
      related_object: 'job',
      related_object_uuid: job.uuid,
      note: 'Gate code 4721',
    });
    await api('POST', `job/${job.uuid}.json`, { badges: JSON.stringify([warranty, vip]) });
    await api('POST', `job/${job.uuid}.json`, { badges: JSON.stringify([vip]) });
    await api('POST', `job/${job.uuid}.json`, { status: job.status === 'Completed' ? 'Work Order' : 'Completed' });

    await waitFor(() => receiver.received.length === 5);
    await emu.webhooks.whenIdle();
    const byName = (name: string) => events().filter((e) => e.eventName === name);
    const jobUrl = `${emu.info.base_url}/api_1.0/job/${job.uuid}.json`;
    expect(byName('job.note_added')).toEqual([
      {
        eventName: 'job.note_added',
        object: 'job',
        entry: [{ uuid: job.uuid, time: expect.any(String), note_uuid: note.headers.get('x-record-uuid') }],
        resource_url: jobUrl,
      },
    ]);
    expect(
      byName('job.badge_added')
        .map((e) => e.entry[0].badge_uuid)
        .sort(),
    ).toEqual([warranty, vip].sort());
    expect(byName('job.badge_removed').map((e) => e.entry[0])).toEqual([
      { uuid: job.uuid, time: expect.any(String), badge_uuid: warranty },
    ]);
    expect(byName('job.status_changed').map((e) => e.entry[0].uuid)).toEqual([job.uuid]);
    expect(events().every((e) => e.resource_url === jobUrl)).toBe(true);
  });

  it('only to the subscriptions of the event', async () => {
    await fetch(`${hooks()}/event`, form({ event: 'job.status_changed', callback_url: receiver.url }));
    const job = (await jobs())[5]!;
    await api('POST', 'note.json', {
      related_object: 'job',
      related_object_uuid: job.uuid,
      note: 'No one asked about notes',
    });
    await api('POST', `job/${job.uuid}.json`, { status: job.status === 'Quote' ? 'Work Order' : 'Quote' });
    await waitFor(() => receiver.received.length === 1);
    await emu.webhooks.whenIdle();
    expect(events().map((e) => e.eventName)).toEqual(['job.status_changed']);
  });
});

describe('the webhookContentType switch', () => {
  it('sends JSON (json) or JSON in the form field data (form), for both kinds, switchable at run time', async () => {
    await fetch(
      `${hooks()}/object`,
      form({ object: 'job', fields: 'status', callback_url: receiver.url, unique_id: 'o' }),
    );
    await fetch(`${hooks()}/event`, form({ event: 'job.status_changed', callback_url: receiver.url, unique_id: 'e' }));
    const job = (await jobs())[7]!;
    const flip = (status: string) =>
      api('POST', `job/${job.uuid}.json`, { status: status === 'Completed' ? 'Work Order' : 'Completed' });

    await flip(job.status);
    await waitFor(() => receiver.received.length === 2);
    await emu.webhooks.whenIdle();
    expect(receiver.received.map((r) => r.contentType)).toEqual(['application/json', 'application/json']);

    await emu.control.setWebhookContentType('form');
    expect((await emu.control.switches()).webhookContentType).toBe('form');
    await flip(job.status === 'Completed' ? 'Work Order' : 'Completed');
    await waitFor(() => receiver.received.length === 4);
    await emu.webhooks.whenIdle();
    const sent = receiver.received.slice(2);
    expect(sent.map((r) => r.contentType)).toEqual([
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded',
    ]);
    for (const r of sent) expect([...new URLSearchParams(r.body).keys()]).toEqual(['data']);
    const bodies = sent.map(payloadOf) as Array<{ eventName?: string; entry: Array<{ uuid: string }> }>;
    expect(bodies.map((b) => b.eventName ?? 'object').sort()).toEqual(['job.status_changed', 'object']);
    expect(bodies.every((b) => b.entry[0]?.uuid === job.uuid)).toBe(true);
  });
});

describe('verification', () => {
  it('gives up after the callback time limit (callbackTimeoutMs) and stores nothing', async () => {
    const slow = await startReceiver(createClock(), () => 'hang');
    try {
      const tokens = await emu.control.issueTokens(account.uuid, account.staff[0]!.uuid, ['read_jobs']);
      const res = await fetch(`${hooks()}/event`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens.access_token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ event: 'job.note_added', callback_url: slow.url }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ errorCode: 400, message: 'Callback URL verification failed: timeout' });
      expect(slow.received).toHaveLength(1);
      expect(emu.webhooks.subscriptions()).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
