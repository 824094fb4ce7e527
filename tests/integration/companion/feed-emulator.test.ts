import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../server/emulator/contracts';
import { startEmulator } from '../../../server/emulator/start';
import { actingAs, bearer, issuePasses, openStream } from '../../support/companion/feed-client';
import { startFeedServer, type FeedServer } from '../../support/companion/feed-server';

// Against the real platform emulator: subscriptions ensured through its webhook API (with its
// verification request), and an office change delivered by it arrives on an extension's stream.
let emulator: RunningEmulator;
let companion: FeedServer;
let accessToken: string;
let accountUuid: string;
let adminUuid: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, jobs: 50, quiet: true });
  const account = emulator.info.accounts[0]!;
  accountUuid = account.uuid;
  const staff = account.staff.find((s) => s.role === 'administrator') ?? account.staff[0]!;
  adminUuid = staff.uuid;
  const scopes = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles'];
  accessToken = (await emulator.control.issueTokens(account.uuid, staff.uuid, scopes)).access_token;
  // Streams ask the platform about their token five times a second here, so an expiry shows at once.
  companion = await startFeedServer({ platformBaseUrl: emulator.info.base_url, limits: { streamRecheckMs: 200 } });
  // The token's passes, as the companion hands them out: at sign-in, and once paired (naming the administrator). The
  // account never activated Fieldside: its administrator's register makes the Webhooks-API subscriptions.
  await issuePasses(companion.config.signingSecret, { [accessToken]: accountUuid }, [undefined, adminUuid]);
});

afterAll(async () => {
  await companion?.close();
  await emulator?.close();
});

async function listSubscriptions(): Promise<
  { object: string; unique_id: string; callback_url: string; active: boolean; fields: string[] }[]
> {
  const res = await fetch(`${emulator.info.base_url}/webhook_subscriptions?status=all`, {
    headers: bearer(accessToken),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as never;
}

describe('feed against the platform emulator', () => {
  it('registers: the job and note subscriptions and the new-note event exist once, active, verified by the emulator', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${companion.url}/feed/register`, {
        method: 'POST',
        headers: actingAs(accessToken, adminUuid),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { account_uuid: string }).account_uuid).toBe(accountUuid);
    }
    const subs = await listSubscriptions();
    expect(subs.map((s) => s.unique_id).sort()).toEqual(['fieldside-job', 'fieldside-note', 'fieldside-note-added']);
    expect(subs.every((s) => s.active && s.callback_url.startsWith(`${companion.url}/webhooks/`))).toBe(true);
    expect(subs.find((s) => s.object === 'job')!.fields).toContain('status');
  });

  // How the real platform sends a notification is not certain (FIDELITY.md, "Notification
  // Content-Type"): the companion takes both ways the emulator can play.
  it.each(['json', 'form'] as const)(
    'streams an office change of a job to the extension within 2 seconds (notifications as %s)',
    async (contentType) => {
      await emulator.control.setWebhookContentType(contentType);
      const { position } = (await (await fetch(`${companion.url}/feed`, { headers: bearer(accessToken) })).json()) as {
        position: string;
      };
      const stream = await openStream(`${companion.url}/feed/stream?after=${position}`, accessToken);
      expect(stream.res.status).toBe(200);
      const jobs = await emulator.control.listRecords(accountUuid, 'job');
      const job = jobs.find(
        (j) => j.status !== 'Completed' && j.active !== 0 && j.active !== '0' && j.active !== false,
      )!;
      const sentAt = Date.now();
      await emulator.control.updateRecord(accountUuid, 'job', String(job.uuid), { status: 'Completed' });
      await stream.until(() => stream.changes().some((c) => c.uuid === job.uuid), 2000);
      expect(Date.now() - sentAt).toBeLessThan(2000);
      const change = stream.changes().find((c) => c.uuid === job.uuid)!;
      expect(change.object).toBe('job');
      expect(change.changed_fields).toContain('status');
      expect(change.resource_url).toBe(`${emulator.info.base_url}/api_1.0/job/${job.uuid}.json`);
      stream.close();
    },
  );

  it("ends a stream once the platform's clock passes its token's lifetime", async () => {
    const { access_token: shortLived } = await emulator.control.issueTokens(accountUuid, adminUuid, ['vendor']);
    await issuePasses(companion.config.signingSecret, { [shortLived]: accountUuid });
    const stream = await openStream(`${companion.url}/feed/stream`, shortLived);
    expect(stream.res.status).toBe(200);
    await stream.until(() => stream.comments.includes('connected'));
    await emulator.control.advanceClock(3_601);
    await stream.ended;
    expect(stream.comments).toContain('token refused; reconnect with a fresh token');
    // Its pass opens another (the companion asks the platform nothing to open one), which the recheck ends alike.
    const again = await openStream(`${companion.url}/feed/stream`, shortLived);
    await again.ended;
    expect(again.comments).toContain('token refused; reconnect with a fresh token');
  });
});
