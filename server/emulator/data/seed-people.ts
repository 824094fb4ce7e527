import type { SecurityRole } from '../contracts';
import { createRng, type Rng } from './prng';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { fillRecord, type Rec } from './field-kinds';
import { RECORD_TYPES } from './record-types';
import { cityPostcode } from './postcodes';

export interface AccountProfile {
  name: string;
  timeZone: string;
  city: string;
  state: string;
  country: string;
  lat: number;
  lng: number;
  currency: string;
  region: string;
  emailDomain: string;
}

/** The two seeded accounts: different businesses in different time zones, to prove isolation. */
export const ACCOUNT_PROFILES: AccountProfile[] = [
  {
    name: 'Brightline Plumbing & Electrical',
    timeZone: 'Australia/Sydney',
    city: 'Sydney',
    state: 'NSW',
    country: 'Australia',
    lat: -33.87,
    lng: 151.21,
    currency: 'AUD',
    region: 'AU',
    emailDomain: 'brightline.example',
  },
  {
    name: 'Northwind Heating & Cooling',
    timeZone: 'Europe/London',
    city: 'Manchester',
    state: 'Greater Manchester',
    country: 'United Kingdom',
    lat: 53.48,
    lng: -2.24,
    currency: 'GBP',
    region: 'GB',
    emailDomain: 'northwind-hvac.example',
  },
];

const ROLE_NAMES: Record<SecurityRole, [string, string]> = {
  administrator: ['Administrator', 'Full access to every job, customer and setting'],
  office: ['Office Staff', 'Dispatch, quoting and invoicing; sees every job'],
  technician: ['Field Technician', 'Sees only the jobs allocated to them'],
  subcontractor: ['Subcontractor', 'Sees only the jobs allocated to them; no pricing'],
};

/** Staff in different roles; the last technician has left the business (inactive). */
const STAFF_PLAN: Array<{ role: SecurityRole; title: string; active: boolean }> = [
  { role: 'administrator', title: 'Owner', active: true },
  { role: 'office', title: 'Office Manager', active: true },
  { role: 'technician', title: 'Senior Technician', active: true },
  { role: 'technician', title: 'Technician', active: true },
  { role: 'technician', title: 'Apprentice', active: true },
  { role: 'subcontractor', title: 'Subcontractor', active: true },
  { role: 'technician', title: 'Technician', active: false },
];

const EXTRA_TECHNICIAN = { role: 'technician', title: 'Technician', active: true } as const;

export interface SeededPeople {
  roles: Rec[];
  roleUuidOf: Record<SecurityRole, string>;
  staff: Rec[];
  staffRoles: SecurityRole[];
}

/**
 * Security roles and staff: the seven of STAFF_PLAN, then `extraTechnicians` more active technicians, which a big
 * job history needs (a business with that many jobs has that many people in the field: see seed-account.ts).
 */
export function seedPeople(rng: Rng, profile: AccountProfile, editDate: string, extraTechnicians = 0): SeededPeople {
  const roleUuidOf = {} as Record<SecurityRole, string>;
  const roles = (Object.keys(ROLE_NAMES) as SecurityRole[]).map((role) => {
    const [name, role_description] = ROLE_NAMES[role];
    roleUuidOf[role] = rng.uuid();
    return fillRecord(RECORD_TYPES.securityrole!, {
      uuid: roleUuidOf[role],
      active: 1,
      edit_date: editDate,
      name,
      role_description,
    });
  });
  const colors = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#808000'];
  const plans = [...STAFF_PLAN, ...Array.from({ length: extraTechnicians }, () => EXTRA_TECHNICIAN)];
  const usedFirst = new Set<string>();
  const usedEmail = new Set<string>();
  const staff = plans.map((plan, i) => {
    // Distinct first names while they last (people are told apart by them on the schedule), then any name.
    let first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES).replace("'", '');
    for (let tries = 0; usedFirst.has(first) && tries < 50; tries++) first = rng.pick(FIRST_NAMES);
    usedFirst.add(first);
    let email = `${first}.${last}@${profile.emailDomain}`.toLowerCase();
    for (let k = 2; usedEmail.has(email); k++) email = `${first}.${last}${k}@${profile.emailDomain}`.toLowerCase();
    usedEmail.add(email);
    return fillRecord(RECORD_TYPES.staff!, {
      uuid: rng.uuid(),
      active: plan.active ? 1 : 0,
      edit_date: editDate,
      first,
      last,
      email,
      mobile: `04${String(10000000 + rng.int(89999999))}`,
      job_title: plan.title,
      color: colors[i % colors.length] as string,
      security_role_uuid: roleUuidOf[plan.role],
      can_receive_push_notification: '1',
    });
  });
  return { roles, roleUuidOf, staff, staffRoles: plans.map((p) => p.role) };
}

export function seedVendor(seed: number, profile: AccountProfile, uuid: string, editDate: string): Rec {
  const rng = createRng(seed);
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const hours: Rec = {};
  for (const [i, d] of days.entries()) {
    hours[`opening_time_${d}`] = i < 5 ? '07:00' : i === 5 ? '08:00' : '';
    hours[`closing_time_${d}`] = i < 5 ? '17:00' : i === 5 ? '12:00' : '';
  }
  return fillRecord(RECORD_TYPES.vendor!, {
    uuid,
    active: 1,
    edit_date: editDate,
    name: profile.name,
    abn_number: String(10_000_000_000 + rng.int(89_999_999_999)),
    website: `https://www.${profile.emailDomain}`,
    email: `accounts@${profile.emailDomain}`,
    billing_address: `1 ${profile.city} Rd, ${profile.city} ${profile.state} ${cityPostcode(profile)}`,
    accepted_payment_methods: 'Cash,Credit Card,EFT',
    default_region: profile.region,
    currency: profile.currency,
    timezone_name: profile.timeZone,
    invoice_terms: '14 days',
    job_default_status: 'Quote',
    ...hours,
  });
}
