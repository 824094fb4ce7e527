// Through the whole emulator: real auth middleware, real store and change bus, the control surface.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClock } from '../clock';
import type { AccountInfo, RunningEmulator } from '../contracts';
import { startEmulator } from '../start';
import { challengeOf, startReceiver, waitFor } from './test-support';

const notificationSchema = z.strictObject({
  object: z.literal('job'),
  entry: z.tuple([
    z.strictObject({
      changed_fields: z.array(z.string()),
      time: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      uuid: z.uuid(),
    }),
  ]),
  resource_url: z.url(),
});

let emulator: RunningEmulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let account: AccountInfo;

beforeAll(async () => {
  emulator = await startEmulator({ jobs: 40, quiet: true });
  account = emulator.info.accounts[0]!;
  // The receiver's own clock only stamps arrivals; this test does not read them.
  receiver = await startReceiver(createClock(), (req) => ({ status: 200, body: challengeOf(req) ?? '' }));
});
afterAll(async () => {
  await emulator?.close();
  await receiver?.close();
});

describe('webhooks through the whole emulator', () => {
  it('an OAuth app subscribes (verified), the office updates a job, the callback gets the notification', async () => {
    const staff = account.staff.find((s) => s.role === 'administrator') ?? account.staff[0]!;
    const tokens = await emulator.control.issueTokens(account.uuid, staff.uuid, ['read_jobs']);
    const subscriptions = `${emulator.info.base_url}/webhook_subscriptions`;

    // access_token as a form parameter: the auth middleware and the route both read the same body.
    const res = await fetch(`${subscriptions}/object`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        access_token: tokens.access_token,
        object: 'job',
        fields: 'status,badges',
        callback_url: receiver.url,
        unique_id: 'fieldside-jobs',
      }),
    });
    expect(res.status).toBe(200);
    expect(receiver.received.map(challengeOf).filter(Boolean)).toHaveLength(1);
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const list = z
      .array(z.object({ unique_id: z.string(), active: z.boolean() }))
      .parse(await (await fetch(subscriptions, { headers: auth })).json());
    expect(list).toEqual([expect.objectContaining({ unique_id: 'fieldside-jobs', active: true })]);
    // The API key is another (private) app of the account: it sees none of the OAuth app's subscriptions.
    const viaKey = await fetch(`${subscriptions}?status=all`, { headers: { 'x-api-key': account.api_key } });
    expect(await viaKey.json()).toEqual([]);

    const jobs = await emulator.control.listRecords(account.uuid, 'job');
    const job = z.object({ uuid: z.string(), status: z.string() }).parse(jobs[0]);
    const status = job.status === 'Completed' ? 'Work Order' : 'Completed';
    await emulator.control.updateRecord(account.uuid, 'job', job.uuid, { status });

    await waitFor(() => receiver.notifications().length === 1);
    const body = notificationSchema.parse(receiver.notifications()[0]);
    expect(body.entry[0]).toMatchObject({ changed_fields: ['status'], uuid: job.uuid });
    expect(body.resource_url).toBe(`${emulator.info.base_url}/api_1.0/job/${job.uuid}.json`);
    // The body carries no values: the subscriber reads them from resource_url with its own token.
    const record = await fetch(body.resource_url, { headers: auth });
    expect(record.status).toBe(200);
    expect(z.object({ status: z.string() }).parse(await record.json()).status).toBe(status);

    // An unwatched field sends nothing.
    await emulator.control.updateRecord(account.uuid, 'job', job.uuid, { job_description: 'Replace the valve' });
    await emulator.control.updateRecord(account.uuid, 'job', job.uuid, { badges: '[]', status: 'Quote' });
    await waitFor(() => receiver.notifications().length === 2);
    const second = notificationSchema.parse(receiver.notifications()[1]);
    expect(second.entry[0].changed_fields).not.toContain('job_description');
    expect(second.entry[0].changed_fields).toContain('status');
  });

  it('refuses unauthenticated subscription requests', async () => {
    const res = await fetch(`${emulator.info.base_url}/webhook_subscriptions`);
    expect(res.status).toBe(401);
  });
});
