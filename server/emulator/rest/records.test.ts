import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, useSeededEmulator } from './test-support';

type Job = Record<string, string | number>;

const emulator = useSeededEmulator({ jobs: 2500, seed: 7 });
const { api } = emulator;

describe('collections and cursor pages', () => {
  it('pages jobs 1,000 at a time with x-next-cursor until the last page', async () => {
    const first = await api<Job[]>('GET', 'job.json?cursor=-1');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(1000);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toMatch(/^[0-9a-f-]{36}$/);
    const second = await api<Job[]>('GET', `job.json?cursor=${cursor}`);
    expect(second.body).toHaveLength(1000);
    const third = await api<Job[]>('GET', `job.json?cursor=${second.headers.get('x-next-cursor')}`);
    expect(third.body).toHaveLength(500);
    expect(third.headers.get('x-next-cursor')).toBeNull();
    const uuids = new Set([...first.body, ...second.body, ...third.body].map((j) => j.uuid));
    expect(uuids.size).toBe(2500);
  });

  it('serves records with the platform field names and formats', async () => {
    const { body } = await api<Job[]>('GET', 'job.json?cursor=-1');
    const job = body[0]!;
    expect(job.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(job.edit_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(job.active).toBe(1);
    expect(['Quote', 'Work Order', 'Completed', 'Unsuccessful']).toContain(job.status);
    expect(Array.isArray(JSON.parse(String(job.badges)))).toBe(true);
    expect(Number(job.generated_job_id)).toBeGreaterThan(1000);
    expect(Object.values(body[0]!)).toContain('0000-00-00 00:00:00');
    const statuses = new Set(body.map((j) => j.status));
    expect(statuses.size).toBe(4);
  });

  it.each([
    ['abc', /Malformed cursor/],
    ['00000000-0000-4000-8000-000000000000', /Unknown cursor/],
  ])('refuses cursor %s with a clear 400', async (cursor, message) => {
    const res = await api<{ errorCode: number; message: string }>('GET', `job.json?cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('refuses a cursor of another collection', async () => {
    const jobs = await api('GET', 'job.json?cursor=-1');
    const res = await api<{ message: string }>('GET', `note.json?cursor=${jobs.headers.get('x-next-cursor')}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/another collection/);
  });

  it('keeps a cursor past a token lifetime, and refuses it once a day of emulator time has passed', async () => {
    const cursor = (await api('GET', 'job.json?cursor=-1')).headers.get('x-next-cursor');
    await emulator.control.advanceClock(3601);
    expect((await api('GET', `job.json?cursor=${cursor}`)).status).toBe(200);
    await emulator.control.advanceClock(24 * 3600);
    const expired = await api<{ message: string }>('GET', `job.json?cursor=${cursor}`);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('answers 404 with a clear message for an unknown record type', async () => {
    const res = await api<{ errorCode: number; message: string }>('GET', 'spaceship.json');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorCode: 404, message: "Unknown record type 'spaceship'" });
  });

  it('serves every record type', async () => {
    for (const type of [
      'company',
      'companycontact',
      'staff',
      'note',
      'badge',
      'category',
      'vendor',
      'jobactivity',
      'securityrole',
    ]) {
      const res = await api<unknown[]>('GET', `${type}.json?cursor=-1`);
      expect(res.status, type).toBe(200);
      expect(res.body.length, type).toBeGreaterThan(0);
    }
    const vendor = await api<Job[]>('GET', 'vendor.json');
    expect(vendor.body[0]).toMatchObject({ name: emulator.info.accounts[0]!.name, timezone_name: 'Australia/Sydney' });
    expect(vendor.body[0]!.email).toMatch(/@/);
  });
});

describe('single records', () => {
  let job: Job;
  beforeAll(async () => {
    job = (await api<Job[]>('GET', 'job.json?cursor=-1')).body[5]!;
  });

  it('reads one record, and 404 for an unknown uuid', async () => {
    expect((await api('GET', `job/${job.uuid}.json`)).body).toEqual(job);
    const missing = await api<{ message: string }>('GET', 'job/4a9a1e8e-2b7c-4c4a-9a57-3d1f0c0b9e11.json');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/No job record/);
  });

  it('updates with POST and PUT, bumping edit_date and keeping other fields', async () => {
    const before = emulator.control.now();
    await emulator.control.advanceClock(3600);
    const res = await api('POST', `job/${job.uuid}.json`, { job_description: 'Replace hot water unit' });
    expect(res.body).toEqual({ errorCode: 0, message: 'OK' });
    const after = (await api<Job>('GET', `job/${job.uuid}.json`)).body;
    expect(after.job_description).toBe('Replace hot water unit');
    expect(after.status).toBe(job.status);
    expect(String(after.edit_date) > String(job.edit_date)).toBe(true);
    await api('PUT', `job/${job.uuid}.json`, { status: 'Completed' });
    expect((await api<Job>('GET', `job/${job.uuid}.json`)).body.status).toBe('Completed');
    expect(await before).toBeLessThan(await emulator.control.now());
  });

  it('stamps who completed a job and when as its status becomes Completed, whoever writes it; kept when reopened', async () => {
    const [owner, office] = emulator.info.accounts[0]!.staff;
    const target = (await api<Job[]>('GET', 'job.json?cursor=-1')).body.find((j) => j.status === 'Quote')!;
    const read = async () => (await api<Job>('GET', `job/${target.uuid}.json`)).body;
    await emulator.control.advanceClock(60);
    await api('POST', `job/${target.uuid}.json`, { status: 'Completed' });
    const completed = await read();
    // The API key writes as the account's owner (as its notes show).
    expect(completed).toMatchObject({ completion_actioned_by_uuid: owner!.uuid, completion_date: completed.edit_date });
    // Completing it again changes nothing; reopening keeps who completed it.
    await emulator.control.advanceClock(60);
    await api('POST', `job/${target.uuid}.json`, { status: 'Completed' });
    expect(await read()).toEqual(completed);
    await api('POST', `job/${target.uuid}.json`, { status: 'Work Order' });
    expect(await read()).toMatchObject({ status: 'Work Order', completion_actioned_by_uuid: owner!.uuid });
    // The office completes it again: theirs now, at its own time.
    await emulator.control.advanceClock(60);
    await emulator.control.updateRecord(emulator.account.uuid, 'job', String(target.uuid), { status: 'Completed' });
    const again = await read();
    expect(again).toMatchObject({ completion_actioned_by_uuid: office!.uuid, completion_date: again.edit_date });
    expect(String(again.completion_date) > String(completed.completion_date)).toBe(true);
    // Who completed it is the platform's to say: a writer cannot.
    const forged = await api<{ message: string }>('POST', `job/${target.uuid}.json`, {
      completion_actioned_by_uuid: owner!.uuid,
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/read-only/);
  });

  it('accepts form-encoded bodies', async () => {
    const res = await api('POST', `job/${job.uuid}.json`, 'purchase_order_number=PO-777&geo_is_valid=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(200);
    expect((await api<Job>('GET', `job/${job.uuid}.json`)).body.purchase_order_number).toBe('PO-777');
  });

  it.each([
    ['{"status": ', /Malformed JSON/],
    [JSON.stringify({ colour: 'red' }), /Unknown field 'colour'/],
    [JSON.stringify({ status: 'Done' }), /Invalid value for field 'status'/],
    [JSON.stringify({ geo_is_valid: 'yes' }), /Invalid value for field 'geo_is_valid'/],
    [JSON.stringify({ badges: 'VIP' }), /JSON array of badge UUIDs/],
    [JSON.stringify({ generated_job_id: '1' }), /read-only/],
    [JSON.stringify([1, 2]), /must be an object/],
  ])('refuses body %s with a 400 and changes nothing', async (body, message) => {
    const before = (await api<Job>('GET', `job/${job.uuid}.json`)).body;
    const res = await api<{ errorCode: number; message: string }>('POST', `job/${job.uuid}.json`, body, {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((await api<Job>('GET', `job/${job.uuid}.json`)).body).toEqual(before);
  });

  it('DELETE sets active to 0 and the record stays readable', async () => {
    const victim = (await api<Job[]>('GET', 'company.json?cursor=-1')).body[3]!;
    expect((await api('DELETE', `company/${victim.uuid}.json`)).body).toEqual({ errorCode: 0, message: 'OK' });
    const after = (await api<Job>('GET', `company/${victim.uuid}.json`)).body;
    expect(after.active).toBe(0);
    expect(after.name).toBe(victim.name);
  });

  it('reads notes at both note/ and dbonote/', async () => {
    const note = (await api<Job[]>('GET', 'note.json?cursor=-1')).body[0]!;
    expect((await api('GET', `dbonote/${note.uuid}.json`)).body).toEqual(note);
    expect((await api('GET', `note/${note.uuid}.json`)).body).toEqual(note);
  });

  it('refuses writes to read-only types', async () => {
    const res = await api<{ message: string }>('POST', 'vendor.json', { name: 'x' });
    expect(res.status).toBe(405);
    expect(res.body.message).toMatch(/read-only/);
  });
});

describe('create', () => {
  it('creates with a client uuid, answers x-record-uuid, and a repeat makes no duplicate', async () => {
    const job = (await api<Job[]>('GET', 'job.json?cursor=-1')).body[0]!;
    const uuid = '3b0c7a52-9f1e-4d6b-8a3c-2e5f7d9c1a40';
    const note = { uuid, related_object: 'job', related_object_uuid: job.uuid, note: 'Bring the ladder' };
    const first = await api('POST', 'note.json', note);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ errorCode: 0, message: 'OK' });
    expect(first.headers.get('x-record-uuid')).toBe(uuid);
    const again = await api('POST', 'note.json', note);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-record-uuid')).toBe(uuid);
    const all = await emulator.control.listRecords(emulator.account.uuid, 'note');
    expect(all.filter((n) => n.uuid === uuid)).toHaveLength(1);
    const stored = (await api<Job>('GET', `note/${uuid}.json`)).body;
    expect(stored).toMatchObject({
      note: 'Bring the ladder',
      active: 1,
      edit_by_staff_uuid: emulator.info.accounts[0]!.staff[0]!.uuid,
    });
    expect(stored.create_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('creates without a uuid, appending with the next job number', async () => {
    const res = await api('POST', 'job.json', { job_address: '1 Test St', status: 'Quote' });
    const uuid = res.headers.get('x-record-uuid')!;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    const job = (await api<Job>('GET', `job/${uuid}.json`)).body;
    expect(job.generated_job_id).toBe(String(1001 + 2500));
    expect(job.status).toBe('Quote');
  });

  it('stamps a job made as Completed with who made it and when', async () => {
    const made = await api('POST', 'job.json', { job_address: '2 Test St', status: 'Completed' });
    const job = (await api<Job>('GET', `job/${made.headers.get('x-record-uuid')}.json`)).body;
    const owner = emulator.info.accounts[0]!.staff[0]!;
    expect(job).toMatchObject({ completion_actioned_by_uuid: owner.uuid, completion_date: job.edit_date });
  });

  it('refuses a note for a job that does not exist, and a create missing a required field', async () => {
    const orphan = await api<{ message: string }>('POST', 'note.json', {
      related_object: 'job',
      related_object_uuid: '9d2f1c3e-5b6a-4c7d-8e9f-0a1b2c3d4e5f',
      note: 'x',
    });
    expect(orphan.status).toBe(400);
    expect(orphan.body.message).toMatch(/No job/);
    const missing = await api<{ message: string }>('POST', 'company.json', { address: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/'name' is required/);
  });
});

describe('account isolation', () => {
  it('an API key sees only its own account', async () => {
    const other = emulator.info.accounts[1]!;
    const otherApi = createApi(emulator.info.base_url, { apiKey: other.api_key });
    const mine = (await api<Job[]>('GET', 'job.json?cursor=-1')).body[0]!;
    expect((await otherApi('GET', `job/${mine.uuid}.json`)).status).toBe(404);
    const vendor = (await otherApi<Job[]>('GET', 'vendor.json')).body[0]!;
    expect(vendor.name).toBe(other.name);
    expect(other.name).not.toBe(emulator.info.accounts[0]!.name);
  });
});
