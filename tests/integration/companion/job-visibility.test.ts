import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo } from '../../../server/emulator/contracts';
import { startEmulator, type StartedEmulator } from '../../../server/emulator/start';
import { actingAs, bearer, openStream, postJson } from '../../support/companion/feed-client';
import { startFeedServer, type FeedServer } from '../../support/companion/feed-server';
import { callbackKey, signCallbackToken } from '../../../server/companion/feed/index';
import { createJobVisibility } from '../../../server/companion/feed/job-visibility';
import { createStaffKnowledge } from '../../../server/companion/feed/staff-knowledge';
import { createMemoryAddonStore } from '../../../server/companion/addon/store/memory-store';
import type { StoredChange as FeedChange, FeedPage } from '../../../server/companion/feed/types';

// Who may see a new job (`visible_to`), against the real emulator: technicians see the jobs allocated to them,
// office and administrators every job. The administrator's register makes the emulator deliver its own
// notifications. Whether the platform names a new job's number among the changed fields of its creation is not
// known (the emulator's createdFields switch): under `set` the platform's own notification says the job is new;
// under `given` it does not, and the companion cannot tell a new job from an edit (browsers then meet the job at
// their next sync). Most tests play `given`, so that the notification they send themselves, after allocating the
// job, is the only one that names the job number.

const SCOPES = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles'];
const HOUR = 3_600_000;

let emulator: StartedEmulator;
let account: AccountInfo;
let companion: FeedServer;
let callbackUrl: string;
let stream: Awaited<ReturnType<typeof openStream>>;
let office: string;
let admin: string;
let allocated: string;
let other: string;
let officeToken: string;

const requests = async () => (await emulator.control.stats()).requests;
const staffOf = (role: string) => account.staff.filter((s) => s.role === role && s.active).map((s) => s.uuid);

async function feedChanges(): Promise<FeedChange[]> {
  const res = await fetch(`${companion.url}/feed?limit=1000`, { headers: bearer(officeToken) });
  return ((await res.json()) as FeedPage).changes;
}

/** A new job, allocated to `to` if given, once the emulator's own notification of it has been taken. */
async function newJob(to?: string): Promise<string> {
  const job = await emulator.control.createRecord(account.uuid, 'job', {
    job_address: '12 Harbour Rd',
    status: 'Quote',
  });
  if (to) await emulator.control.createRecord(account.uuid, 'joballocation', { job_uuid: job, staff_uuid: to });
  await stream.until(() => stream.changes().some((c) => c.uuid === job), 5000);
  await emulator.webhooks.whenIdle();
  return job;
}

/** The notification of a job's creation as the platform sends it: its job number among the changed fields. */
async function created(job: string): Promise<FeedChange> {
  const body = {
    object: 'job',
    entry: [{ changed_fields: ['generated_job_id', 'status'], time: '2026-11-21 07:00:00', uuid: job }],
    resource_url: `${emulator.info.base_url}/api_1.0/job/${job}.json`,
  };
  expect((await postJson(callbackUrl, body)).status).toBe(200);
  return (await feedChanges()).find((c) => c.uuid === job && c.changed_fields.includes('generated_job_id'))!;
}

/** Whom the emulator itself lets see the job, among the given staff: office and administrators every job, a
 * technician the jobs allocated to them (its own list of them). */
async function seers(job: string, among: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const staff of among) {
    const role = account.staff.find((s) => s.uuid === staff)!.role;
    if (role !== 'technician' || (await emulator.control.visibleJobUuids(account.uuid, staff)).includes(job))
      out.push(staff);
  }
  return out.sort();
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, jobs: 50, quiet: true });
  account = emulator.info.accounts[0]!;
  office = staffOf('office')[0]!;
  admin = staffOf('administrator')[0]!;
  [allocated, other] = staffOf('technician') as [string, string];
  const token = async (staff: string) => (await emulator.control.issueTokens(account.uuid, staff, SCOPES)).access_token;
  officeToken = await token(office);
  companion = await startFeedServer({ platformBaseUrl: emulator.info.base_url });
  // Each browser registers as its staff member; the administrator's last, which makes the subscriptions.
  for (const staff of [office, allocated, other, admin]) {
    const res = await fetch(`${companion.url}/feed/register`, {
      method: 'POST',
      headers: actingAs(await token(staff), staff),
    });
    expect(res.status).toBe(200);
  }
  callbackUrl = `${companion.url}/webhooks/${await signCallbackToken(await callbackKey(companion.config.signingSecret), account.uuid, 0)}`;
  stream = await openStream(`${companion.url}/feed/stream`, officeToken);
  expect(stream.res.status).toBe(200);
  await emulator.control.setSwitches({ createdFields: 'given' });
});

afterAll(async () => {
  stream?.close();
  await companion?.close();
  await emulator?.close();
});

describe('visible_to on a new job', () => {
  it('names exactly the registered staff the platform lets see it', async () => {
    const job = await newJob(allocated);
    const before = await requests();
    const change = await created(job);
    // One read of the record, one check per registered staff member.
    expect((await requests()) - before).toBe(1 + 4);
    expect([...change.visible_to!].sort()).toEqual(await seers(job, [office, allocated, other, admin]));
    expect([...change.visible_to!].sort()).toEqual([office, allocated, admin].sort());
    // Everyone was asked: nobody's browser has to read the job itself.
    expect(change).not.toHaveProperty('unchecked');
    expect(change.record?.uuid).toBe(job);
  });

  it('does not ask a staff member the platform said no to again, for the next new jobs', async () => {
    const job = await newJob();
    const before = await requests();
    const change = await created(job);
    // The technician who could not see the last new job is narrowed: only the others are asked.
    expect((await requests()) - before).toBe(1 + 3);
    expect([...change.visible_to!].sort()).toEqual([office, admin].sort());
    expect(await seers(job, [other])).toEqual([]);
  });

  it("under createdFields `set`, the platform's own notification of a new job is enough: nobody sends one but the platform", async () => {
    await emulator.control.setSwitches({ createdFields: 'set' });
    try {
      const before = await requests();
      const job = await newJob();
      const change = stream.changes().find((c) => c.uuid === job)!;
      expect(change.changed_fields).toContain('generated_job_id');
      // Both technicians are narrowed by now (neither could see the last new job): the office and the
      // administrator are asked, and named, as the emulator itself would have them.
      expect((await requests()) - before).toBe(1 + 2);
      expect([...change.visible_to!].sort()).toEqual(await seers(job, [office, allocated, other, admin]));
    } finally {
      await emulator.control.setSwitches({ createdFields: 'given' });
    }
  });

  it("under createdFields `given`, the emulator's own notification of a new job carries no visible_to: it reads like an edit", async () => {
    const job = await newJob();
    const change = stream.changes().find((c) => c.uuid === job)!;
    expect(change.changed_fields).not.toContain('generated_job_id');
    expect(change.record?.uuid).toBe(job);
    expect(change).not.toHaveProperty('visible_to');
  });

  it("knows a staff member's browser from its stream too: a browser registers only when its grant changes", async () => {
    const fresh = await startFeedServer({ platformBaseUrl: emulator.info.base_url });
    const adminToken = (await emulator.control.issueTokens(account.uuid, admin, SCOPES)).access_token;
    const listening = await openStream(`${fresh.url}/feed/stream`, adminToken, { 'X-Fieldside-Staff': admin });
    try {
      expect(listening.res.status).toBe(200);
      const job = await emulator.control.createRecord(account.uuid, 'job', { job_address: '9 Pier St' });
      await emulator.webhooks.whenIdle();
      const url = `${fresh.url}/webhooks/${await signCallbackToken(await callbackKey(fresh.config.signingSecret), account.uuid, 0)}`;
      const body = {
        object: 'job',
        entry: [{ changed_fields: ['generated_job_id'], time: '2026-11-21 08:00:00', uuid: job }],
        resource_url: `${emulator.info.base_url}/api_1.0/job/${job}.json`,
      };
      expect((await postJson(url, body)).status).toBe(200);
      await listening.until(() => listening.changes().some((c) => c.uuid === job));
      expect(listening.changes().find((c) => c.uuid === job)?.visible_to).toEqual([admin]);
    } finally {
      listening.close();
      await fresh.close();
    }
  });

  it('a new job nobody could read (no token at hand) lists everyone registered as unchecked: their browsers read it themselves', async () => {
    // A companion with no kept tokens and no open stream: it knows two browsers from their registers, and has nothing
    // to read the job with.
    const fresh = await startFeedServer({ platformBaseUrl: emulator.info.base_url });
    try {
      for (const staff of [allocated, office]) {
        const token = (await emulator.control.issueTokens(account.uuid, staff, SCOPES)).access_token;
        expect(
          (await fetch(`${fresh.url}/feed/register`, { method: 'POST', headers: actingAs(token, staff) })).status,
        ).toBe(200);
      }
      const job = await emulator.control.createRecord(account.uuid, 'job', { job_address: '2 Ferry Rd' });
      await emulator.webhooks.whenIdle();
      const url = `${fresh.url}/webhooks/${await signCallbackToken(await callbackKey(fresh.config.signingSecret), account.uuid, 0)}`;
      const body = {
        object: 'job',
        entry: [{ changed_fields: ['generated_job_id'], time: '2026-11-21 09:00:00', uuid: job }],
        resource_url: `${emulator.info.base_url}/api_1.0/job/${job}.json`,
      };
      const before = await requests();
      expect((await postJson(url, body)).status).toBe(200);
      expect((await requests()) - before).toBe(0);
      const page = (await (
        await fetch(`${fresh.url}/feed?limit=1000`, { headers: bearer(officeToken) })
      ).json()) as Omit<FeedPage, 'changes'> & { changes: FeedChange[] };
      const change = page.changes.find((c) => c.uuid === job)!;
      expect(change.unchecked).toEqual([allocated, office]);
      expect(change).not.toHaveProperty('visible_to');
      expect(change).not.toHaveProperty('record');
    } finally {
      await fresh.close();
    }
  });

  it('leaves visible_to off a change that is not a new job', async () => {
    const job = await newJob(other);
    const before = await requests();
    const body = {
      object: 'job',
      entry: [{ changed_fields: ['status'], time: '2026-11-21 07:30:00', uuid: job }],
      resource_url: `${emulator.info.base_url}/api_1.0/job/${job}.json`,
    };
    expect((await postJson(callbackUrl, body)).status).toBe(200);
    expect((await requests()) - before).toBe(1);
    const change = (await feedChanges()).find((c) => c.uuid === job && c.time === '2026-11-21 07:30:00')!;
    expect(change.record?.uuid).toBe(job);
    expect(change).not.toHaveProperty('visible_to');
  });
});

/** One companion instance's rounds over the store the instances share. */
function visibilityOver(
  store: ReturnType<typeof createMemoryAddonStore>,
  over: { now?: () => number; spend?: (account: string) => boolean } = {},
) {
  const knowledge = createStaffKnowledge({ store, ...(over.now ? { now: over.now } : {}) });
  return createJobVisibility({ platformBaseUrl: emulator.info.base_url, knowledge, ...over });
}

describe('what the companion remembers of staff', () => {
  it('is shared by the instances: one asks about the browsers another knows, and a restarted one remembers who is narrowed', async () => {
    const shared = createMemoryAddonStore();
    const registeredWith = visibilityOver(shared);
    for (const staff of [other, office, admin]) await registeredWith.registered(account.uuid, staff);
    const newJob = async () => {
      const job = await emulator.control.createRecord(account.uuid, 'job', { job_address: '14 Anchor Way' });
      await emulator.webhooks.whenIdle();
      return job;
    };
    const ask = async (instance: ReturnType<typeof visibilityOver>) => {
      const job = await newJob();
      const before = await requests();
      const names = await instance.visibleTo(account.uuid, job, officeToken);
      return { names, asked: (await requests()) - before };
    };
    // The webhook reaches another instance: it knows the three browsers, and learns the technician says no.
    expect(await ask(visibilityOver(shared))).toEqual({
      names: { visibleTo: [office, admin], unchecked: [] },
      asked: 3,
    });
    // A fresh instance (a restart) asks only the two who see new jobs.
    expect(await ask(visibilityOver(shared))).toEqual({
      names: { visibleTo: [office, admin], unchecked: [] },
      asked: 2,
    });
  });

  it("stops asking once the companion's share of the account's minute is spent: whom it could not ask is listed as unchecked", async () => {
    let left = 1;
    const visibility = visibilityOver(createMemoryAddonStore(), { spend: () => left-- > 0 });
    const job = await emulator.control.createRecord(account.uuid, 'job', { job_address: '8 Mill Lane' });
    await emulator.webhooks.whenIdle();
    await visibility.registered(account.uuid, office);
    await visibility.registered(account.uuid, admin);
    const before = await requests();
    expect(await visibility.visibleTo(account.uuid, job, officeToken)).toEqual({
      visibleTo: [office],
      unchecked: [admin],
    });
    expect((await requests()) - before).toBe(1);
  });

  it('asks everyone not narrowed, those who saw the last new job first, so the first new job of a cold companion reaches the office', async () => {
    const visibility = visibilityOver(createMemoryAddonStore());
    // Registered technicians first: an earlier version asked a few a job in this order, and missed the office.
    for (const staff of [other, allocated, office, admin]) await visibility.registered(account.uuid, staff);
    const round = async () => {
      const job = await emulator.control.createRecord(account.uuid, 'job', { job_address: '5 Wharf Rd' });
      await emulator.webhooks.whenIdle();
      const before = await requests();
      const names = await visibility.visibleTo(account.uuid, job, officeToken);
      return { names, asked: (await requests()) - before };
    };
    expect(await round()).toEqual({ names: { visibleTo: [office, admin], unchecked: [] }, asked: 4 });
    // Both technicians said no: the next job asks only the office and the administrator.
    expect(await round()).toEqual({ names: { visibleTo: [office, admin], unchecked: [] }, asked: 2 });
  });

  it('asks a narrowed staff member again after 12 hours, forgets one not registered for 24 hours, and lists a failed check as unchecked without forgetting what it knew', async () => {
    let now = 0;
    const visibility = visibilityOver(
      createMemoryAddonStore(() => now),
      { now: () => now },
    );
    const job = await emulator.control.createRecord(account.uuid, 'job', { job_address: '3 Quay St' });
    await emulator.webhooks.whenIdle();
    await visibility.registered(account.uuid, other);
    await visibility.registered(account.uuid, office);
    const ask = async () => {
      const before = await requests();
      const names = await visibility.visibleTo(account.uuid, job, officeToken);
      return { names, asked: (await requests()) - before };
    };
    expect(await ask()).toEqual({ names: { visibleTo: [office], unchecked: [] }, asked: 2 });
    now += 12 * HOUR - 1;
    expect(await ask()).toEqual({ names: { visibleTo: [office], unchecked: [] }, asked: 1 });
    now += 2;
    // The office first (it saw the last one), then the technician, asked again.
    expect(await ask()).toEqual({ names: { visibleTo: [office], unchecked: [] }, asked: 2 });

    await emulator.control.injectFault({ kind: 'status', status: 503, count: 1, pathPrefix: '/api_1.0/job/' });
    try {
      await visibility.registered(account.uuid, office); // the office browser wakes again; the technician does not
      // The office check fails: nobody is named, the office is listed as unchecked (its browser reads the job).
      expect(await ask()).toEqual({ names: { visibleTo: [], unchecked: [office] }, asked: 1 });
    } finally {
      await emulator.control.clearFaults();
    }
    // The failure taught nothing: the office is still asked first, and still named.
    expect(await ask()).toEqual({ names: { visibleTo: [office], unchecked: [] }, asked: 1 });
    now += 24 * HOUR - 1;
    expect(await ask()).toEqual({ names: { visibleTo: [office], unchecked: [] }, asked: 1 });
  });
});
