// Every operation of the client against the real emulator over HTTP.
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../lib/api/errors';
import { createPlatformClient } from '../../../lib/api/client';
import { ALL_SCOPES, startPlatform, type Platform } from './platform';
import { setUpFile } from '../../support/set-up-file';

let platform: Platform;
setUpFile(async (own) => {
  platform = own(await startPlatform({ jobs: 1500 }));
});

const today = () => new Date().toISOString().slice(0, 10);

describe.each(['api_key', 'oauth'] as const)('operations with %s', (kind) => {
  const client = async () =>
    kind === 'api_key' ? platform.apiKeyClient() : (await platform.oauthClient(ALL_SCOPES)).client;

  it('jobs: first page, one job, status and badges', async () => {
    const api = await client();
    const first = await api.jobs.pages().next();
    const page = first.value!;
    expect(page.records).toHaveLength(1000);
    expect(page.skipped).toEqual([]);
    expect(page.nextCursor).toMatch(/^[0-9a-f-]{36}$/);
    const job = page.records[7]!;
    expect(await api.jobs.get(job.uuid)).toEqual(job);

    const { records: badges } = await api.badges.list();
    expect(badges.length).toBeGreaterThan(0);
    const wanted = badges.slice(0, 2).map((b) => b.uuid);
    await api.jobs.setBadges(job.uuid, wanted);
    await api.jobs.updateStatus(job.uuid, 'Completed');
    const after = await api.jobs.get(job.uuid);
    expect(after.badges).toEqual(wanted);
    expect(after.status).toBe('Completed');
  });

  it('jobs with a $filter, URL-encoded by the client', async () => {
    const api = await client();
    const { value } = await api.jobs.pages({ filter: [{ field: 'status', op: 'eq', value: 'Quote' }] }).next();
    expect(value!.records.length).toBeGreaterThan(0);
    expect(value!.records.every((j) => j.status === 'Quote')).toBe(true);
  });

  it('companies and their contacts', async () => {
    const api = await client();
    const { value } = await api.companies.pages().next();
    const company = value!.records[0]!;
    expect(await api.companies.get(company.uuid)).toEqual(company);
    const all = await platform.control.listRecords(platform.account.uuid, 'companycontact');
    const withContacts = all.find((c) => c.company_uuid)!;
    const { records } = await api.companyContacts.ofCompany(String(withContacts.company_uuid));
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((c) => c.company_uuid === withContacts.company_uuid)).toBe(true);
  });

  it('staff, security roles, categories, vendor', async () => {
    const api = await client();
    const staff = await api.staff.list();
    expect(staff.records.map((s) => s.uuid).sort()).toEqual(platform.account.staff.map((s) => s.uuid).sort());
    expect((await api.securityRoles.list()).records.length).toBeGreaterThan(0);
    expect((await api.categories.list()).records.length).toBeGreaterThan(0);
    const vendor = await api.vendor.get();
    expect(vendor.uuid).toBe(platform.account.uuid);
    expect(vendor.timezone_name).toMatch(/\//);
  });

  it('notes of a job: list, create with a client uuid, read one back by its uuid', async () => {
    const api = await client();
    const { value } = await api.jobs.pages().next();
    const job = value!.records[3]!;
    const before = await api.notes.ofJob(job.uuid);
    const uuid = globalThis.crypto.randomUUID();
    const created = await api.notes.create({ uuid, jobUuid: job.uuid, note: `from ${kind}` });
    expect(created.uuid).toBe(uuid);
    // What a retried create would do is unknown: the outbox reads the note back instead.
    expect(await api.notes.get(uuid)).toMatchObject({ uuid, note: `from ${kind}`, related_object_uuid: job.uuid });
    const after = await api.notes.ofJob(job.uuid);
    expect(after.records).toHaveLength(before.records.length + 1);
    expect(after.records.find((n) => n.uuid === uuid)).toMatchObject({ note: `from ${kind}`, related_object: 'job' });
    await expect(api.notes.get(globalThis.crypto.randomUUID())).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it("job activities of one staff member for today's range", async () => {
    const api = await client();
    const tech = platform.staff('technician');
    const all = await platform.control.listRecords(platform.account.uuid, 'jobactivity');
    const sample = all.find((a) => a.staff_uuid === tech.uuid && a.active)!;
    const day = String(sample.start_date).slice(0, 10);
    const { records } = await api.jobActivities.ofStaff(tech.uuid, { from: `${day} 00:00:00`, to: `${day} 23:59:59` });
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((a) => a.staff_uuid === tech.uuid && (a.start_date ?? '') <= `${day} 23:59:59`)).toBe(true);
    expect(records.map((a) => a.uuid)).toContain(sample.uuid);
    expect(today()).toMatch(/\d{4}/);
  });
});

describe('webhook subscriptions and getResource (API key: no callback verification)', () => {
  it('adds, modifies, lists by status and deletes', async () => {
    const api = platform.apiKeyClient();
    await api.webhooks.subscribeObject({
      object: 'job',
      fields: ['status', 'badges'],
      callbackUrl: 'http://127.0.0.1:9/hook/x',
      uniqueId: 'fs',
    });
    expect((await api.webhooks.list('active')).filter((s) => s.unique_id === 'fs')).toEqual([
      expect.objectContaining({ type: 'object', object: 'job', fields: ['status', 'badges'], active: true }),
    ]);
    await api.webhooks.subscribeObject({
      object: 'job',
      fields: ['status'],
      callbackUrl: 'http://127.0.0.1:9/hook/x',
      uniqueId: 'fs',
    });
    const active = await api.webhooks.list('active');
    expect(active.filter((s) => s.unique_id === 'fs')).toEqual([expect.objectContaining({ fields: ['status'] })]);
    expect(await api.webhooks.list('inactive')).toEqual([]);
    expect((await api.webhooks.list('all')).length).toBe(active.length);
    await api.webhooks.remove({ object: 'job', uniqueId: 'fs' });
    expect((await api.webhooks.list('all')).filter((s) => s.unique_id === 'fs')).toEqual([]);
    const again = await api.webhooks.remove({ object: 'job', uniqueId: 'fs' }).catch((e: unknown) => e);
    expect(isApiError(again, 'NotFoundError')).toBe(true);
  });

  it('event subscriptions sit in the same list, and go by their identifying fields', async () => {
    const api = platform.apiKeyClient();
    await api.webhooks.subscribeEvent({
      event: 'job.note_added',
      callbackUrl: 'http://127.0.0.1:9/hook/x',
      uniqueId: 'fs-notes',
    });
    const listed = (await api.webhooks.list('all')).filter((s) => s.unique_id === 'fs-notes');
    expect(listed).toEqual([expect.objectContaining({ type: 'event', event: 'job.note_added', active: true })]);
    expect(listed[0]).not.toHaveProperty('fields');
    await api.webhooks.remove({ event: 'job.note_added', uniqueId: 'fs-notes' });
    expect((await api.webhooks.list('all')).filter((s) => s.unique_id === 'fs-notes')).toEqual([]);
  });

  it('re-reads a resource_url on baseUrl and refuses any other', async () => {
    const api = platform.apiKeyClient();
    const { value } = await api.jobs.pages().next();
    const job = value!.records[0]!;
    const raw = (await api.getResource(`${platform.info.base_url}/api_1.0/job/${job.uuid}.json`)) as { uuid: string };
    expect(raw.uuid).toBe(job.uuid);
    await expect(api.getResource(`http://evil.test/api_1.0/job/${job.uuid}.json`)).rejects.toThrow(
      /not a record under/,
    );
    await expect(api.getResource(`${platform.info.base_url}/_emulator/info`)).rejects.toThrow(/not a record under/);
  });
});

describe('errors from the platform', () => {
  it('404 → NotFoundError, 403 → MissingScopeError, bad key → AuthenticationError', async () => {
    const api = platform.apiKeyClient();
    const missing = await api.jobs.get('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    expect(isApiError(missing, 'NotFoundError')).toBe(true);
    expect((missing as Error).message).toContain('No job record');

    const { client } = await platform.oauthClient(['read_jobs']);
    const denied = await client.staff.list().catch((e: unknown) => e);
    expect(isApiError(denied, 'MissingScopeError')).toBe(true);
    expect(denied).toMatchObject({ status: 403 });

    const wrong = createPlatformClient({ baseUrl: platform.info.base_url, auth: { kind: 'api_key', apiKey: 'nope' } });
    const unauth = await wrong.vendor.get().catch((e: unknown) => e);
    expect(isApiError(unauth, 'AuthenticationError')).toBe(true);
  });

  it('a closed port → NetworkError after bounded retries', async () => {
    const api = createPlatformClient({
      baseUrl: 'http://127.0.0.1:9',
      auth: { kind: 'api_key', apiKey: 'x' },
      retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 2 },
    });
    const error = await api.vendor.get().catch((e: unknown) => e);
    expect(isApiError(error, 'NetworkError')).toBe(true);
  });
});
