import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo } from '../../../server/emulator/contracts';
import { startEmulator, type StartedEmulator } from '../../../server/emulator/start';
import { actingAs, bearer, openStream } from '../../support/companion/feed-client';
import { startFeedServer, type FeedServer } from '../../support/companion/feed-server';
import type { FeedChange, FeedPage } from '../../../server/companion/feed/types';

// A visit booked or moved reaches the browsers of its staff member with the job (issue 18): a technician sees the
// jobs they have a visit on, and a job's edit_date does not move when it is given to someone, so before this their
// browser learned of it only at its next walk of everything they see. Against the real emulator: its own webhook
// for the visit, the companion's two reads (the visit, then the job as that staff member).

const SCOPES = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles', 'read_schedule'];

let emulator: StartedEmulator;
let account: AccountInfo;
let companion: FeedServer;
let officeToken: string;
let technician: string;
let stream: Awaited<ReturnType<typeof openStream>>;

const requests = async () => (await emulator.control.stats()).requests;
const staffOf = (role: string) => account.staff.filter((s) => s.role === role && s.active).map((s) => s.uuid);

async function visitChange(visit: string): Promise<FeedChange | undefined> {
  const res = await fetch(`${companion.url}/feed?limit=1000`, { headers: bearer(officeToken) });
  return ((await res.json()) as FeedPage).changes.filter((c) => c.object === 'jobactivity' && c.uuid === visit).at(-1);
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, jobs: 50, quiet: true });
  account = emulator.info.accounts[0]!;
  technician = staffOf('technician')[0]!;
  const admin = staffOf('administrator')[0]!;
  officeToken = (await emulator.control.issueTokens(account.uuid, staffOf('office')[0]!, SCOPES)).access_token;
  companion = await startFeedServer({ platformBaseUrl: emulator.info.base_url });
  const adminToken = (await emulator.control.issueTokens(account.uuid, admin, SCOPES)).access_token;
  const res = await fetch(`${companion.url}/feed/register`, { method: 'POST', headers: actingAs(adminToken, admin) });
  expect(await res.json()).toMatchObject({ manages_subscriptions: true, refused: [] });
  // An office browser online: the companion reads with its stream's token (no kept tokens in this account).
  stream = await openStream(`${companion.url}/feed/stream`, officeToken);
  expect(stream.res.status).toBe(200);
});

afterAll(async () => {
  stream?.close();
  await companion?.close();
  await emulator?.close();
});

describe('a visit booked or moved', () => {
  it('carries its job, and the job as its staff member may see it, named: two reads for the whole account', async () => {
    const visible = new Set(await emulator.control.visibleJobUuids(account.uuid, technician));
    const job = String(
      (await emulator.control.listRecords(account.uuid, 'job')).find(
        (j) => !visible.has(String(j.uuid)) && Number(j.active) === 1,
      )!.uuid,
    );
    const before = await requests();
    const visit = await emulator.control.createRecord(account.uuid, 'jobactivity', {
      job_uuid: job,
      staff_uuid: technician,
      start_date: '2026-11-25 09:00:00',
      end_date: '2026-11-25 10:00:00',
    });
    await emulator.webhooks.whenIdle();
    const change = (await visitChange(visit))!;
    expect(change).toMatchObject({ job_uuid: job, visible_to: [technician] });
    expect(change.record?.uuid).toBe(job);
    expect((await requests()) - before).toBe(2);
  });

  it('a visit cancelled names its job and nobody, with no record', async () => {
    const visit = String(
      (await emulator.control.listRecords(account.uuid, 'jobactivity')).find(
        (a) => a.staff_uuid === technician && Number(a.active) === 1,
      )!.uuid,
    );
    const before = await requests();
    await emulator.control.updateRecord(account.uuid, 'jobactivity', visit, { active: 0 });
    await emulator.webhooks.whenIdle();
    const change = (await visitChange(visit))!;
    expect(change.job_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(change).not.toHaveProperty('record');
    expect(change).not.toHaveProperty('visible_to');
    expect((await requests()) - before).toBe(1);
  });
});
