// Webhooks declared in the add-on's manifest, over real HTTP: a change the manifest watches, in an account that
// activated the add-on, arrives at the add-on's event URL as a JWT signed with the App Secret, `eventName`
// "webhook_subscription" and the spec's notification as its args (the official webhook-addon sample's shape).
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo } from '../contracts';
import { startEmulator, type StartedEmulator } from '../start';
import { jwtPayload, startTestAddon, TEST_MANIFEST, type TestAddon } from './test-addon';

let addon: TestAddon;
let emu: StartedEmulator;
let active: AccountInfo;
let inactive: AccountInfo;

beforeAll(async () => {
  addon = await startTestAddon(() => emu.info.web_url);
  emu = await startEmulator({
    jobs: 20,
    seed: 31,
    quiet: true,
    addon: {
      eventUrl: addon.eventUrl,
      manifest: { ...TEST_MANIFEST, webhooks: [{ object: 'job', fields: ['status'] }] },
    },
  });
  [active, inactive] = emu.info.accounts as [AccountInfo, AccountInfo];
  const admin = active.staff.find((s) => s.role === 'administrator')!;
  await emu.control.issueTokens(active.uuid, admin.uuid, ['read_jobs']);
});
afterAll(async () => {
  await emu?.close();
  await addon?.close();
});

const firstJob = async (account: AccountInfo) => (await emu.control.listRecords(account.uuid, 'job'))[0]!;
const otherStatus = (status: unknown) => (status === 'Completed' ? 'Work Order' : 'Completed');

describe('a webhook declared in the manifest', () => {
  it('posts a watched change as a signed webhook_subscription event, in the name of the account that activated it', async () => {
    const job = await firstJob(active);
    addon.received.length = 0;
    await emu.control.updateRecord(active.uuid, 'job', String(job.uuid), { status: otherStatus(job.status) });
    await expect.poll(() => addon.received.length).toBe(1);
    const { payload } = await jwtVerify(addon.received[0]!.body, new TextEncoder().encode(emu.info.app.client_secret), {
      algorithms: ['HS256'],
    });
    expect(payload).toEqual({
      eventVersion: '1.0',
      eventName: 'webhook_subscription',
      auth: {
        accountUUID: active.uuid,
        staffUUID: active.staff.find((s) => s.role === 'administrator')!.uuid,
        accessTokenExpiry: expect.any(Number),
      },
      eventArgs: {
        object: 'job',
        entry: [
          {
            uuid: job.uuid,
            changed_fields: ['status'],
            time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
          },
        ],
        resource_url: `${emu.info.base_url}/api_1.0/job/${String(job.uuid)}.json`,
      },
    });
  });

  it('posts nothing for a field it does not watch, nor for an account that never activated the add-on', async () => {
    addon.received.length = 0;
    const job = await firstJob(active);
    await emu.control.updateRecord(active.uuid, 'job', String(job.uuid), { job_description: 'Not watched' });
    const theirs = await firstJob(inactive);
    await emu.control.updateRecord(inactive.uuid, 'job', String(theirs.uuid), { status: otherStatus(theirs.status) });
    // A watched change afterwards is the first and only one to arrive: the two before it sent nothing.
    await emu.control.updateRecord(active.uuid, 'job', String(job.uuid), { status: otherStatus(job.status) });
    await expect.poll(() => addon.received.length).toBe(1);
    const [only] = addon.received.map((r) => jwtPayload(r.body));
    expect(only).toMatchObject({
      auth: { accountUUID: active.uuid },
      eventArgs: { entry: [{ uuid: job.uuid, changed_fields: ['status'] }] },
    });
  });

  it('is checked at start: an object the platform has no webhooks for is refused with words', async () => {
    await expect(
      startEmulator({
        jobs: 5,
        quiet: true,
        addon: {
          eventUrl: addon.eventUrl,
          manifest: { ...TEST_MANIFEST, webhooks: [{ object: 'vendor', fields: ['name'] }] } as never,
        },
      }),
    ).rejects.toThrow(/at manifest\.webhooks\.0\.object.*a webhook's object is one of jobactivity, job/);
  });
});
