import type { AccountInfo, SecurityRole } from '../contracts';
import { createCollection, type Collection } from './collection';
import { createRng, hash32, nameCode } from './prng';
import type { Rec } from './field-kinds';
import { seedAttachments } from './seed-attachments';
import { seedCustomers } from './seed-customers';
import { seedJobs } from './seed-jobs';
import { ACCOUNT_PROFILES, seedPeople, seedVendor } from './seed-people';
import { createLocalTime, formatNaive, type LocalTime } from './time';

export interface AccountData {
  index: number;
  info: AccountInfo;
  local: LocalTime;
  collections: Map<string, Collection>;
  /** Security role uuid → role kind, to decide what an impersonated staff member may see. */
  roleKinds: Map<string, SecurityRole>;
  /** Seeded job activities and job allocations as (job index, staff uuid) pairs, for the visibility map. */
  seededAllocations: { count: number; jobIndex(k: number): number; staffUuid(k: number): string };
  nextJobNumber: number;
}

export interface SeedOptions {
  seed: number;
  jobs: number;
  now: number;
  /** Active field workers, when more than the jobs need (the history is then shared among more people). */
  fieldWorkers?: number;
  /** The account's IANA time zone in place of its profile's (tests whose run must not cross the account's midnight:
   * its "today" is laid out once, at start). */
  timeZone?: string;
}

/** Deterministic API key, client id and secret from the seed: the same `--seed` always gives the same secrets. */
export function seededSecret(seed: number, what: string, length: number): string {
  return createRng(hash32(seed, nameCode(what))).hex(length);
}

/** Jobs one field worker can carry over the seeded history: four visit slots a working day, not all filled. */
const JOBS_PER_FIELD_WORKER = 1300;
/** Active field workers of the staff plan (three technicians and a subcontractor). */
const PLANNED_FIELD_WORKERS = 4;

/** More technicians for a bigger business, so the seeded schedule never books anyone twice at once. */
export const extraTechniciansFor = (jobs: number) =>
  Math.max(0, Math.ceil(jobs / JOBS_PER_FIELD_WORKER) - PLANNED_FIELD_WORKERS);

export function seedAccount(opts: SeedOptions, index: number): AccountData {
  const planned = ACCOUNT_PROFILES[index] ?? (ACCOUNT_PROFILES[0] as (typeof ACCOUNT_PROFILES)[number]);
  const profile = opts.timeZone ? { ...planned, timeZone: opts.timeZone } : planned;
  const rng = createRng(hash32(opts.seed, index, nameCode('account')));
  const local = createLocalTime(profile.timeZone);
  // Whole minutes: the seed decides things by comparing with "now" (has this visit ended?), and the
  // clock runs on from when it was made, so the same seed must not give another answer a few
  // milliseconds later (visits begin and end on whole minutes).
  const nowNaive = Math.floor((opts.now + local.offsetAt(opts.now)) / 60_000) * 60_000;
  const todayNaive = Math.floor(nowNaive / 86_400_000) * 86_400_000;
  const setupDate = formatNaive(todayNaive - 800 * 86_400_000 + 9 * 3_600_000);
  const jobCount = index === 0 ? opts.jobs : Math.min(opts.jobs, 500);

  const uuid = rng.uuid();
  const extra = Math.max(extraTechniciansFor(jobCount), (opts.fieldWorkers ?? 0) - PLANNED_FIELD_WORKERS);
  const people = seedPeople(rng, profile, setupDate, extra);
  const customers = seedCustomers(rng, profile, Math.max(20, Math.ceil(jobCount / 20)), setupDate);
  const roleKinds = new Map(Object.entries(people.roleUuidOf).map(([kind, id]) => [id, kind as SecurityRole]));

  const staffUuid = (i: number) => String(people.staff[i]?.uuid);
  const fieldIdx = people.staffRoles
    .map((role, i) => ({ role, i, active: people.staff[i]?.active === 1 }))
    .filter((s) => s.role === 'technician' || s.role === 'subcontractor')
    .sort((a, b) => Number(b.active) - Number(a.active));
  const fieldStaff = fieldIdx.map((s) => staffUuid(s.i));
  const officeStaff = people.staffRoles.flatMap((role, i) =>
    role === 'administrator' || role === 'office' ? [staffUuid(i)] : [],
  );

  const primaryContact = new Map<string, Rec>();
  for (const contact of customers.contacts)
    if (!primaryContact.has(String(contact.company_uuid))) primaryContact.set(String(contact.company_uuid), contact);
  const seeded = seedJobs(
    {
      seed: opts.seed,
      accountIndex: index,
      jobCount,
      nowNaive,
      todayNaive,
      lat: profile.lat,
      lng: profile.lng,
      region: profile.region,
      companies: customers.companies,
      categoryUuids: customers.categories.map((c) => String(c.uuid)),
      badgeUuids: customers.badges.map((b) => String(b.uuid)),
      officeStaff,
      fieldStaff,
      activeFieldCount: fieldIdx.filter((s) => s.active).length,
    },
    (company) => primaryContact.get(String(customers.companies[company]?.uuid)),
  );

  const eager = (records: Record<string, string | number>[]) => {
    const c = createCollection();
    for (const r of records) c.append(r);
    return c;
  };
  const collections = new Map<string, Collection>([
    ['job', createCollection(seeded.jobs)],
    ['jobactivity', createCollection(seeded.activities)],
    ['jobcontact', createCollection(seeded.jobContacts)],
    ['joballocation', eager(seeded.allocations.map((a) => a.record))],
    ['note', createCollection(seeded.notes)],
    [
      'attachment',
      eager(seedAttachments(opts.seed, index, seeded.jobs, fieldStaff, fieldIdx.filter((s) => s.active).length)),
    ],
    ['company', eager(customers.companies)],
    ['companycontact', eager(customers.contacts)],
    ['category', eager(customers.categories)],
    ['badge', eager(customers.badges)],
    ['staff', eager(people.staff)],
    ['securityrole', eager(people.roles)],
    ['vendor', eager([seedVendor(hash32(opts.seed, index), profile, uuid, setupDate)])],
  ]);

  const activityCount = seeded.activities.count;
  const info: AccountInfo = {
    uuid,
    name: profile.name,
    api_key: `smk-${seededSecret(opts.seed + index, 'api_key', 40)}`,
    staff: people.staff.map((s, i) => ({
      uuid: String(s.uuid),
      name: `${s.first} ${s.last}`,
      email: String(s.email),
      role: people.staffRoles[i] as SecurityRole,
      active: s.active === 1,
    })),
  };
  return {
    index,
    info,
    local,
    collections,
    roleKinds,
    // Job activities first, then job allocations: both give a field worker a job to see.
    seededAllocations: {
      count: activityCount + seeded.allocations.length,
      jobIndex: (k) =>
        k < activityCount ? seeded.activityJob(k) : (seeded.allocations[k - activityCount]?.jobIndex as number),
      staffUuid: (k) =>
        fieldStaff[
          k < activityCount ? seeded.activityStaff(k) : (seeded.allocations[k - activityCount]?.staffIndex as number)
        ] as string,
    },
    nextJobNumber: 1001 + jobCount,
  };
}
