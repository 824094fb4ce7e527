import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo, RunningEmulator } from '../contracts';
import { startEmulator } from '../start';
import { createApi, filterQuery } from './test-support';

type Rec = Record<string, string | number>;
type Err = { errorCode: number; message: string };
let emu: RunningEmulator;
let account: AccountInfo;
let other: AccountInfo;
/** When the seed was made: its "today" (other tests here move the clock on, past midnight at some hours). */
let seededAt: number;
const staff = (role: string, active = true) => account.staff.find((s) => s.role === role && s.active === active)!;

const ALL_READ = ['read_jobs', 'read_job_notes', 'read_schedule', 'read_customers', 'read_staff'];

beforeAll(async () => {
  emu = await startEmulator({ jobs: 600, seed: 3, quiet: true, rateLimitPerMinute: 100_000 });
  seededAt = await emu.control.now();
  account = emu.info.accounts[0]!;
  other = emu.info.accounts[1]!;
});
afterAll(() => emu.close());

async function tokenApi(scopes: string[], impersonate?: string, staffUuid = staff('administrator').uuid) {
  const tokens = await emu.control.issueTokens(account.uuid, staffUuid, scopes);
  return createApi(emu.info.base_url, { token: tokens.access_token, impersonate });
}

describe('authentication', () => {
  it.each([
    [{}, /Authentication required/],
    [{ apiKey: 'smk-nope' }, /Unknown API key/],
    [{ token: 'not-a-token' }, /Unknown access token/],
  ])('answers 401 for %j', async (auth, message) => {
    const res = await createApi(emu.info.base_url, auth)<Err>('GET', 'job.json?cursor=-1');
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe(401);
    expect(res.body.message).toMatch(message);
  });

  it('accepts the token as Bearer, access_token query and access_token form parameter', async () => {
    const { access_token } = await emu.control.issueTokens(account.uuid, staff('administrator').uuid, [
      'read_jobs',
      'manage_jobs',
    ]);
    const bearer = await createApi(emu.info.base_url, { token: access_token })('GET', 'job.json?cursor=-1');
    expect(bearer.status).toBe(200);
    const query = await fetch(`${emu.info.base_url}/api_1.0/job.json?cursor=-1&access_token=${access_token}`);
    expect(query.status).toBe(200);
    const job = ((await query.json()) as Rec[])[0]!;
    const form = await fetch(`${emu.info.base_url}/api_1.0/job/${job.uuid}.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `access_token=${access_token}&purchase_order_number=PO-42`,
    });
    expect(await form.json()).toEqual({ errorCode: 0, message: 'OK' });
  });

  it('answers 401 once the token expires (3,600 emulator seconds) and once the account revokes the app', async () => {
    const api = await tokenApi(['read_jobs']);
    expect((await api('GET', 'job.json?cursor=-1')).status).toBe(200);
    await emu.control.advanceClock(3601);
    const expired = await api<Err>('GET', 'job.json?cursor=-1');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);

    const fresh = await tokenApi(['read_jobs']);
    await emu.control.revokeAccess(account.uuid);
    const revoked = await fresh<Err>('GET', 'job.json?cursor=-1');
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toMatch(/revoked|Unknown/);
  });
});

describe('scopes', () => {
  it('a read scope reads but cannot write, naming the missing scope', async () => {
    const api = await tokenApi(['read_jobs']);
    const job = (await api<Rec[]>('GET', 'job.json?cursor=-1')).body[0]!;
    const res = await api<Err>('POST', `job/${job.uuid}.json`, { job_description: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/manage_jobs/);
    expect((await api<Rec>('GET', `job/${job.uuid}.json`)).body.job_description).toBe(job.job_description);
  });

  it.each([
    ['company.json', 'read_customers'],
    ['companycontact.json', 'read_customer_contacts'],
    ['staff.json', 'read_staff'],
    ['note.json', 'read_job_notes'],
    ['badge.json', 'manage_badges'],
    ['category.json', 'read_job_categories'],
    ['jobactivity.json', 'read_schedule'],
    ['securityrole.json', 'read_security_roles'],
    ['vendor.json', 'vendor'],
  ])('%s needs %s', async (path, scope) => {
    const without = await tokenApi(['read_jobs']);
    const denied = await without<Err>('GET', `${path}?cursor=-1`);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain(scope);
    const withScope = await tokenApi([scope]);
    expect((await withScope('GET', `${path}?cursor=-1`)).status).toBe(200);
  });

  it('manage_x implies read_x; create_jobs creates jobs; publish_job_notes adds notes but does not read them', async () => {
    const manage = await tokenApi(['manage_customers']);
    expect((await manage('GET', 'company.json?cursor=-1')).status).toBe(200);
    const creator = await tokenApi(['create_jobs']);
    expect((await creator('POST', 'job.json', { job_address: '2 New St' })).status).toBe(200);
    const publisher = await tokenApi(['publish_job_notes', 'read_jobs']);
    const job = (await publisher<Rec[]>('GET', 'job.json?cursor=-1')).body[0]!;
    const note = await publisher('POST', 'note.json', {
      related_object: 'job',
      related_object_uuid: job.uuid,
      note: 'On my way',
    });
    expect(note.status).toBe(200);
    expect((await publisher<Err>('GET', 'note.json?cursor=-1')).status).toBe(403);
  });

  it('publish_job_notes changes only the writer’s own notes', async () => {
    const api = await tokenApi(['publish_job_notes', 'read_job_notes']);
    const someoneElses = (await api<Rec[]>('GET', 'note.json?cursor=-1')).body.find(
      (n) => n.edit_by_staff_uuid !== staff('administrator').uuid,
    )!;
    const res = await api<Err>('POST', `note/${someoneElses.uuid}.json`, { note: 'edited' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/own notes/);
  });

  it('manage_badges alone may change a job’s badges', async () => {
    const api = await tokenApi(['manage_badges', 'read_jobs']);
    const badge = (await api<Rec[]>('GET', 'badge.json')).body.find((b) => b.name === 'VIP')!;
    const job = (await api<Rec[]>('GET', 'job.json?cursor=-1')).body[2]!;
    expect((await api('POST', `job/${job.uuid}.json`, { badges: JSON.stringify([badge.uuid]) })).status).toBe(200);
    expect((await api<Rec>('GET', `job/${job.uuid}.json`)).body.badges).toBe(JSON.stringify([badge.uuid]));
    expect((await api('POST', `job/${job.uuid}.json`, { badges: '[]', status: 'Quote' })).status).toBe(403);
  });
});

describe('impersonation', () => {
  it('is refused with an API key', async () => {
    const api = createApi(emu.info.base_url, { apiKey: account.api_key, impersonate: staff('technician').uuid });
    const res = await api<Err>('GET', 'job.json?cursor=-1');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not supported with API key/);
  });

  it.each([
    ['an inactive staff member', () => staff('technician', false).uuid, /not an active staff member/],
    ['another account’s staff member', () => other.staff[0]!.uuid, /not a staff member of this account/],
    ['an unknown uuid', () => '5e0f2a1b-3c4d-4e5f-8a9b-0c1d2e3f4a5b', /not a staff member/],
  ])('answers 403 for %s', async (_label, uuid, message) => {
    const api = await tokenApi(ALL_READ, uuid());
    const res = await api<Err>('GET', 'job.json?cursor=-1');
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(message);
  });

  it('a technician sees only the jobs allocated to them, including several today', async () => {
    const tech = staff('technician');
    const api = await tokenApi(ALL_READ, tech.uuid);
    const jobs = (await api<Rec[]>('GET', 'job.json')).body;
    const visible = await emu.control.visibleJobUuids(account.uuid, tech.uuid);
    expect(jobs.map((j) => j.uuid).sort()).toEqual([...visible].sort());
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.length).toBeLessThan(600);

    const activities = (await api<Rec[]>('GET', `jobactivity.json?${filterQuery(`staff_uuid eq '${tech.uuid}'`)}`))
      .body;
    const vendorTz = 'Australia/Sydney';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: vendorTz }).format(seededAt);
    expect(activities.filter((a) => String(a.start_date).startsWith(today)).length).toBeGreaterThanOrEqual(2);

    const hidden = (await emu.control.listRecords(account.uuid, 'job')).find((j) => !visible.includes(String(j.uuid)))!;
    expect((await api('GET', `job/${hidden.uuid}.json`)).status).toBe(404);
    const notes = (await api<Rec[]>('GET', 'note.json')).body;
    expect(notes.every((n) => visible.includes(String(n.related_object_uuid)))).toBe(true);
  });

  it('an administrator sees every job; writes are attributed to the impersonated person', async () => {
    const admin = await tokenApi(ALL_READ, staff('administrator').uuid);
    const everything = await emu.control.listRecords(account.uuid, 'job');
    expect((await admin<Rec[]>('GET', 'job.json?cursor=-1')).body).toHaveLength(everything.length);
    const tech = staff('technician');
    const api = await tokenApi([...ALL_READ, 'publish_job_notes'], tech.uuid);
    const job = (await api<Rec[]>('GET', 'job.json?cursor=-1')).body[0]!;
    const res = await api('POST', 'note.json', {
      related_object: 'job',
      related_object_uuid: job.uuid,
      note: 'Arrived',
    });
    const note = (await api<Rec>('GET', `note/${res.headers.get('x-record-uuid')}.json`)).body;
    expect(note.edit_by_staff_uuid).toBe(tech.uuid);

    const visible = await emu.control.visibleJobUuids(account.uuid, tech.uuid);
    const hidden = everything.find((j) => !visible.includes(String(j.uuid)))!;
    const denied = await api<Err>('POST', 'note.json', {
      related_object: 'job',
      related_object_uuid: hidden.uuid,
      note: 'x',
    });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/not allocated/);
  });

  it('allocating a job to a technician through a job activity makes it visible to them', async () => {
    const tech = staff('technician');
    const visible = await emu.control.visibleJobUuids(account.uuid, tech.uuid);
    const job = (await emu.control.listRecords(account.uuid, 'job')).find((j) => !visible.includes(String(j.uuid)))!;
    await emu.control.createRecord(account.uuid, 'jobactivity', {
      job_uuid: job.uuid,
      staff_uuid: tech.uuid,
      start_date: '2026-11-21 09:00:00',
      end_date: '2026-11-21 10:00:00',
    });
    const api = await tokenApi(ALL_READ, tech.uuid);
    expect((await api('GET', `job/${job.uuid}.json`)).status).toBe(200);
  });
});
