import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../server/emulator/contracts';
import { startEmulator } from '../../../server/emulator/start';
import { bearer, openStream } from '../../support/companion/feed-client';
import { startFeedServer, type FeedServer } from '../../support/companion/feed-server';

// Against the real platform emulator: subscriptions ensured through its webhook API (with its
// verification request), and an office change delivered by it arrives on an extension's stream.
let emulator: RunningEmulator;
let companion: FeedServer;
let accessToken: string;
let accountUuid: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, jobs: 50, quiet: true });
  const account = emulator.info.accounts[0]!;
  accountUuid = account.uuid;
  const staff = account.staff.find((s) => s.role === 'administrator') ?? account.staff[0]!;
  accessToken = (await emulator.control.issueTokens(account.uuid, staff.uuid, ['vendor', 'read_jobs', 'read_job_notes'])).access_token;
  companion = await startFeedServer({ platformBaseUrl: emulator.info.base_url });
});

afterAll(async () => {
  await companion?.close();
  await emulator?.close();
});

async function listSubscriptions(): Promise<{ object: string; unique_id: string; callback_url: string; active: boolean; fields: string[] }[]> {
  const res = await fetch(`${emulator.info.base_url}/webhook_subscriptions?status=all`, { headers: bearer(accessToken) });
  expect(res.status).toBe(200);
  return (await res.json()) as never;
}

describe('feed against the platform emulator', () => {
  it('registers: the job and note subscriptions exist once, active, verified by the emulator', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${companion.url}/feed/register`, { method: 'POST', headers: bearer(accessToken) });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { account_uuid: string }).account_uuid).toBe(accountUuid);
    }
    const subs = await listSubscriptions();
    expect(subs.map((s) => s.unique_id).sort()).toEqual(['fieldside-job', 'fieldside-note']);
    expect(subs.every((s) => s.active && s.callback_url.startsWith(`${companion.url}/webhooks/`))).toBe(true);
    expect(subs.find((s) => s.object === 'job')!.fields).toContain('status');
  });

  // How the real platform sends a notification is not certain (FIDELITY.md, "Notification
  // Content-Type"): the companion takes both ways the emulator can play.
  it.each(['json', 'form'] as const)('streams an office change of a job to the extension within 2 seconds (notifications as %s)', async (contentType) => {
    await emulator.control.setWebhookContentType(contentType);
    const { position } = (await (await fetch(`${companion.url}/feed`, { headers: bearer(accessToken) })).json()) as { position: string };
    const stream = await openStream(`${companion.url}/feed/stream?after=${position}`, accessToken);
    expect(stream.res.status).toBe(200);
    const jobs = await emulator.control.listRecords(accountUuid, 'job');
    const job = jobs.find((j) => j.status !== 'Completed' && j.active !== 0 && j.active !== '0' && j.active !== false)!;
    const sentAt = Date.now();
    await emulator.control.updateRecord(accountUuid, 'job', String(job.uuid), { status: 'Completed' });
    await stream.until(() => stream.changes().some((c) => c.uuid === job.uuid), 2000);
    expect(Date.now() - sentAt).toBeLessThan(2000);
    const change = stream.changes().find((c) => c.uuid === job.uuid)!;
    expect(change.object).toBe('job');
    expect(change.changed_fields).toContain('status');
    expect(change.resource_url).toBe(`${emulator.info.base_url}/api_1.0/job/${job.uuid}.json`);
    stream.close();
  });
});
