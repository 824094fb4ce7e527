import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedChange, FeedPage } from '../../../contracts/companion-http';
import { toUuid, type Uuid } from '../../../contracts/uuid';
import type { AccountInfo } from '../../../server/emulator/contracts';
import { startEmulator, type StartedEmulator } from '../../../server/emulator/start';
import { createAccountTokens } from '../../../server/companion/addon/account-tokens';
import { createMemoryAddonStore } from '../../../server/companion/addon/store/memory-store';
import { createBackgroundWork, type BackgroundWork } from '../../../server/companion/feed/background-work';
import { createJobVisibility } from '../../../server/companion/feed/visibility/job-visibility';
import { createJobYes } from '../../../server/companion/feed/visibility/job-yes';
import { createStaffKnowledge } from '../../../server/companion/feed/visibility/staff-knowledge';
import { ACTIVATION_SCOPES } from '../../../server/companion/oauth/activation-scopes';
import { actingAs, issuePasses } from '../../support/companion/feed-client';
import { startFeedServer, type FeedServer } from '../../support/companion/feed-server';

// Who may see a changed job, against the real emulator: technicians see the jobs allocated to them, the office and
// administrators every job. The companion asks the platform (a read of the job as each verified staff member online)
// and the record goes only to those it said yes for (issue 29); a browser it could not ask about a job just created
// reads the job itself (`yours: read`). Every change here is the test's, taken as a signed one (`deliverSigned`), so
// the emulator's request count is the companion's alone.

const SCOPES = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles'];
const HOUR = 3_600_000;

let emulator: StartedEmulator;
let account: AccountInfo;
let companion: FeedServer;
let office: Uuid;
let admin: Uuid;
let allocated: Uuid;
let other: Uuid;
let kept: string;
const tokenOf = new Map<string, string>();
let seconds = 0;

const requests = async () => (await emulator.control.stats()).requests;
/** The emulator's count once the companion's reads in the background (a narrowed person's list) are done. */
async function settled(): Promise<number> {
  await Promise.all([...backgrounds].map((b) => b.settled()));
  return requests();
}
/** Every instance's reads in the background, made by `visibilityOver`. */
const backgrounds = new Set<BackgroundWork>();
const staffOf = (role: string) => account.staff.filter((s) => s.role === role && s.active).map((s) => toUuid(s.uuid));

/** A notification of the job as the platform signs it; `created` names its job number among the changed fields. */
function notification(job: string, created: boolean) {
  seconds++;
  return {
    object: 'job',
    entry: [
      {
        changed_fields: created ? ['generated_job_id', 'status'] : ['status'],
        time: `2026-11-21 07:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`,
        uuid: job,
      },
    ],
    resource_url: `${emulator.info.base_url}/api_1.0/job/${job}.json`,
  };
}

/** The change of `job` as `staff`'s verified browser reads it. */
async function seenBy(staff: string, job: string, server = companion): Promise<FeedChange> {
  const res = await fetch(`${server.url}/feed?limit=1000`, { headers: actingAs(tokenOf.get(staff)!, staff) });
  return ((await res.json()) as FeedPage).changes.filter((c) => c.uuid === job).at(-1)!;
}

/** A new job, allocated to `to` if given, and its creation taken as the platform signs it: what it cost. */
async function newJob(to?: string): Promise<{ job: string; cost: number }> {
  const job = await emulator.control.createRecord(account.uuid, 'job', {
    job_address: '12 Harbour Rd',
    status: 'Quote',
  });
  if (to) await emulator.control.createRecord(account.uuid, 'joballocation', { job_uuid: job, staff_uuid: to });
  const before = await settled();
  await companion.deliverSigned(account.uuid, notification(job, true));
  return { job, cost: (await settled()) - before };
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, jobs: 50, quiet: true });
  account = emulator.info.accounts[0]!;
  office = staffOf('office')[0]!;
  admin = staffOf('administrator')[0]!;
  [allocated, other] = staffOf('technician') as [Uuid, Uuid];
  kept = (await emulator.control.issueTokens(account.uuid, admin, [...ACTIVATION_SCOPES])).access_token;
  const store = createMemoryAddonStore();
  companion = await startFeedServer({
    platformBaseUrl: emulator.info.base_url,
    accountTokens: (config) => createAccountTokens({ config, store, now: Date.now }),
  });
  await createAccountTokens({ config: companion.config, store, now: Date.now }).keep(
    account.uuid,
    await emulator.control.issueTokens(account.uuid, admin, [...ACTIVATION_SCOPES]),
  );
  // Each browser paired (its pass names its person) registers.
  for (const staff of [office, allocated, other, admin]) {
    const token = (await emulator.control.issueTokens(account.uuid, staff, SCOPES)).access_token;
    tokenOf.set(staff, token);
    await issuePasses(companion.config.signingSecret, { [token]: account.uuid }, [undefined, staff]);
    const res = await fetch(`${companion.url}/feed/register`, { method: 'POST', headers: actingAs(token, staff) });
    expect(res.status).toBe(200);
  }
});

afterAll(async () => {
  await companion?.close();
  await emulator?.close();
});

describe('who gets the record of a new job', () => {
  it('exactly the registered staff the platform lets see it', async () => {
    const { job, cost } = await newJob(allocated);
    // One read of the record, one check per registered staff member, and one look at the job's visits and
    // allocations (who said yes without one sees every job); then the narrowed technician's own list.
    expect(cost).toBe(1 + 4 + 2 + 1);
    for (const staff of [office, allocated, admin]) expect(await seenBy(staff, job)).toMatchObject({ yours: 'record' });
    expect(await seenBy(other, job)).toMatchObject({ yours: 'none' });
    expect(await seenBy(other, job)).not.toHaveProperty('record');
  });

  it('does not ask a staff member the platform said no to again, for the next new jobs', async () => {
    const { job, cost } = await newJob();
    // Both technicians are narrowed (neither could see the last new job... the allocated one saw it, but was
    // allocated it), and the office and the administrator are known to see every job: nobody is asked, the record
    // is read once (and the narrowed technicians' lists may be read again in the background).
    expect(cost).toBeLessThanOrEqual(1 + 2);
    for (const staff of [office, admin]) expect(await seenBy(staff, job)).toMatchObject({ yours: 'record' });
    expect(await seenBy(other, job)).toMatchObject({ yours: 'none' });
  });
});

describe('who gets the record of an edit', () => {
  it('those known to see every job, and a narrowed technician for the jobs their own list holds, at one read', async () => {
    const theirs = (await emulator.control.visibleJobUuids(account.uuid, other))[0]!;
    const before = await settled();
    await companion.deliverSigned(account.uuid, notification(theirs, false));
    expect((await settled()) - before).toBe(1);
    for (const staff of [office, admin, other]) expect(await seenBy(staff, theirs)).toMatchObject({ yours: 'record' });
    expect(await seenBy(allocated, theirs)).toMatchObject({ yours: 'none' });
  });

  it('a visit of the job forgets what the platform said of it, until it says again', async () => {
    const theirs = (await emulator.control.visibleJobUuids(account.uuid, other))[1]!;
    // The technician's visit of the job moves: who sees it may have changed.
    const visit = (await emulator.control.listRecords(account.uuid, 'jobactivity')).find(
      (v) => v.job_uuid === theirs && v.staff_uuid === other,
    );
    if (visit) {
      await companion.deliverSigned(account.uuid, {
        object: 'jobactivity',
        entry: [{ changed_fields: ['start_date'], time: '2026-11-21 09:00:00', uuid: String(visit.uuid) }],
        resource_url: `${emulator.info.base_url}/api_1.0/jobactivity/${String(visit.uuid)}.json`,
      });
      await settled();
      // The visit's own staff member was asked again (read as them): the job is theirs.
      await companion.deliverSigned(account.uuid, notification(theirs, false));
      expect(await seenBy(other, theirs)).toMatchObject({ yours: 'record' });
    }
  });
});

/** One companion instance's rounds over the store the instances share. */
function visibilityOver(
  store: ReturnType<typeof createMemoryAddonStore>,
  over: { now?: () => number; spend?: (account: string) => boolean } = {},
) {
  const knowledge = createStaffKnowledge({ store, ...(over.now ? { now: over.now } : {}) });
  const yes = createJobYes(over.now ? { now: over.now } : {});
  const background = createBackgroundWork();
  backgrounds.add(background);
  return createJobVisibility({ platformBaseUrl: emulator.info.base_url, knowledge, yes, background, ...over });
}

describe('what the companion remembers of staff', () => {
  const createdJob = async () => {
    const job = await emulator.control.createRecord(account.uuid, 'job', { job_address: '14 Anchor Way' });
    await settled();
    return toUuid(job);
  };

  it('is shared by the instances: one asks about the browsers another knows, and a restarted one remembers who is narrowed', async () => {
    const shared = createMemoryAddonStore();
    const registeredWith = visibilityOver(shared);
    for (const staff of [other, office, admin]) await registeredWith.registered(account.uuid, staff);
    const ask = async (instance: ReturnType<typeof visibilityOver>) => {
      const job = await createdJob();
      const before = await settled();
      const names = await instance.forChange(account.uuid, job, kept, { created: true });
      return { names, asked: (await settled()) - before };
    };
    // Another instance knows the three browsers: asks each, confirms the two who said yes see every job (two reads),
    // and reads the narrowed technician's list.
    expect(await ask(visibilityOver(shared))).toEqual({
      names: { visibleTo: [office, admin], unchecked: [] },
      asked: 3 + 2 + 1,
    });
    // A fresh instance (a restart) asks nobody: the two who see every job are known to (the shared store says so),
    // and the technician is narrowed; it reads the technician's list (its own memory has none).
    expect(await ask(visibilityOver(shared))).toEqual({
      names: { visibleTo: [office, admin], unchecked: [] },
      asked: 1,
    });
  });

  it("stops asking once the companion's share of the account's minute is spent: whom it could not ask is listed as unchecked", async () => {
    let left = 1;
    const visibility = visibilityOver(createMemoryAddonStore(), { spend: () => left-- > 0 });
    const job = await createdJob();
    await visibility.registered(account.uuid, office);
    await visibility.registered(account.uuid, admin);
    const before = await settled();
    expect(await visibility.forChange(account.uuid, job, kept, { created: true })).toEqual({
      visibleTo: [office],
      unchecked: [admin],
    });
    expect((await settled()) - before).toBe(1);
  });

  it('asks a narrowed staff member again after a week (not overnight), forgets one not registered for 24 hours, and lists a failed check as unchecked', async () => {
    let now = 0;
    const visibility = visibilityOver(
      createMemoryAddonStore(() => now),
      { now: () => now },
    );
    const job = await createdJob();
    await visibility.registered(account.uuid, other);
    await visibility.registered(account.uuid, office);
    const ask = async () => {
      const before = await settled();
      const names = await visibility.forChange(account.uuid, job, kept, { created: true });
      return { names, asked: (await settled()) - before };
    };
    // Both asked; the office confirmed to see every job; the technician's list read.
    expect(await ask()).toEqual({ names: { visibleTo: [office], unchecked: [] }, asked: 2 + 2 + 1 });
    now += 12 * HOUR - 1;
    // The office is known to see every job (not asked), and the technician's list is read again (lists hold four
    // hours).
    expect(await ask()).toEqual({ names: { visibleTo: [office], unchecked: [] }, asked: 1 });
    now += 12 * HOUR + 2;
    await visibility.registered(account.uuid, other);
    await visibility.registered(account.uuid, office);
    // The next morning the technician is still narrowed, not asked: the office's "sees every job" lapsed (a day), so
    // it is asked (a new job) and confirmed to see every job again (two reads); the list read again.
    expect(await ask()).toEqual({ names: { visibleTo: [office], unchecked: [] }, asked: 1 + 2 + 1 });
    // Both online every day of the week; a week after the "no", the technician is asked again.
    for (let day = 0; day < 7; day++) {
      now += 23 * HOUR;
      await visibility.registered(account.uuid, other);
      await visibility.registered(account.uuid, office);
    }
    const weekOn = await ask();
    expect(weekOn.names).toEqual({ visibleTo: [office], unchecked: [] });
    // The office, confirmed again (two reads); the technician asked, and their list read.
    expect(weekOn.asked).toBe(1 + 2 + 1 + 1);

    // A day on, the office is asked again (its "sees every job" lapsed), and that check fails.
    now += 24 * HOUR;
    await visibility.registered(account.uuid, other);
    await emulator.control.injectFault({ kind: 'status', status: 503, count: 1, pathPrefix: '/api_1.0/job/' });
    try {
      await visibility.registered(account.uuid, office);
      const failed = (await ask()).names!;
      expect(failed.visibleTo).not.toContain(office);
      expect(failed.unchecked).toContain(office);
    } finally {
      await emulator.control.clearFaults();
    }
    expect((await ask()).names!.visibleTo).toContain(office);
    now += 24 * HOUR + 1;
    // Nobody registered for a day: nobody is asked, nobody named.
    expect(await visibility.forChange(account.uuid, job, kept, { created: true })).toBeUndefined();
  });
});
