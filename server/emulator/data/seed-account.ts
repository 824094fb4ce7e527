import type { AccountInfo, SecurityRole } from '../contracts';
import { createCollection, type Collection } from './collection';
import { createRng, hash32, nameCode } from './prng';
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
  /** Seeded job activities as (job index, staff uuid) pairs, for building the visibility map. */
  seededAllocations: { count: number; jobIndex(k: number): number; staffUuid(k: number): string };
  nextJobNumber: number;
}

export interface SeedOptions {
  seed: number;
  jobs: number;
  now: number;
}

/** Deterministic API key, client id and secret from the seed: the same `--seed` always gives the same secrets. */
export function seededSecret(seed: number, what: string, length: number): string {
  return createRng(hash32(seed, nameCode(what))).hex(length);
}

export function seedAccount(opts: SeedOptions, index: number): AccountData {
  const profile = ACCOUNT_PROFILES[index] ?? (ACCOUNT_PROFILES[0] as (typeof ACCOUNT_PROFILES)[number]);
  const rng = createRng(hash32(opts.seed, index, nameCode('account')));
  const local = createLocalTime(profile.timeZone);
  const nowNaive = opts.now + local.offsetAt(opts.now);
  const todayNaive = Math.floor(nowNaive / 86_400_000) * 86_400_000;
  const setupDate = formatNaive(todayNaive - 800 * 86_400_000 + 9 * 3_600_000);
  const jobCount = index === 0 ? opts.jobs : Math.min(opts.jobs, 500);

  const uuid = rng.uuid();
  const people = seedPeople(rng, profile, setupDate);
  const customers = seedCustomers(rng, profile, Math.max(20, Math.ceil(jobCount / 20)), setupDate);
  const roleKinds = new Map(Object.entries(people.roleUuidOf).map(([kind, id]) => [id, kind as SecurityRole]));

  const staffUuid = (i: number) => String(people.staff[i]?.uuid);
  const fieldIdx = people.staffRoles
    .map((role, i) => ({ role, i, active: people.staff[i]?.active === 1 }))
    .filter((s) => s.role === 'technician' || s.role === 'subcontractor')
    .sort((a, b) => Number(b.active) - Number(a.active));
  const fieldStaff = fieldIdx.map((s) => staffUuid(s.i));
  const officeStaff = people.staffRoles.flatMap((role, i) => (role === 'administrator' || role === 'office' ? [staffUuid(i)] : []));

  const seeded = seedJobs({
    seed: opts.seed, accountIndex: index, jobCount, nowNaive, todayNaive, lat: profile.lat, lng: profile.lng,
    companies: customers.companies, categoryUuids: customers.categories.map((c) => String(c.uuid)),
    badgeUuids: customers.badges.map((b) => String(b.uuid)), officeStaff, fieldStaff,
    activeFieldCount: fieldIdx.filter((s) => s.active).length,
  });

  const eager = (records: Record<string, string | number>[]) => {
    const c = createCollection();
    for (const r of records) c.append(r);
    return c;
  };
  const collections = new Map<string, Collection>([
    ['job', createCollection(seeded.jobs)],
    ['jobactivity', createCollection(seeded.activities)],
    ['note', createCollection(seeded.notes)],
    ['company', eager(customers.companies)],
    ['companycontact', eager(customers.contacts)],
    ['category', eager(customers.categories)],
    ['badge', eager(customers.badges)],
    ['staff', eager(people.staff)],
    ['securityrole', eager(people.roles)],
    ['vendor', eager([seedVendor(hash32(opts.seed, index), profile, uuid, setupDate)])],
  ]);

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
    seededAllocations: {
      count: seeded.activityJob.length,
      jobIndex: (k) => seeded.activityJob[k] as number,
      staffUuid: (k) => fieldStaff[seeded.activityStaff[k] as number] as string,
    },
    nextJobNumber: 1001 + jobCount,
  };
}
