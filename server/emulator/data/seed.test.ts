import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { createClock } from '../clock';
import { createChangeBus } from './change-bus';
import { createStore } from './store';

const NOW = Date.UTC(2026, 10, 21, 3, 0, 0);
const build = (seed: number, jobs = 400) =>
  createStore({ seed, jobs, clock: createClock(NOW), changes: createChangeBus() });
const all = (store: ReturnType<typeof build>, type: string, account = 0) => {
  const c = store.collection(store.accounts[account]!, type);
  return Array.from({ length: c.size() }, (_, i) => c.get(i));
};

describe('seeded data', () => {
  it('is the same for the same seed and different for another', () => {
    const a = build(1);
    const b = build(1);
    const c = build(2);
    expect(a.accounts.map((x) => x.info)).toEqual(b.accounts.map((x) => x.info));
    for (const type of ['job', 'note', 'jobactivity', 'jobcontact', 'joballocation', 'company', 'companycontact']) {
      expect(all(a, type)).toEqual(all(b, type));
    }
    expect(all(a, 'job')).not.toEqual(all(c, 'job'));
    expect(a.accounts[0]!.info.api_key).not.toBe(c.accounts[0]!.info.api_key);
  });

  it('has two accounts with different names, seven staff in different roles, one inactive', () => {
    const { accounts } = build(3);
    expect(accounts).toHaveLength(2);
    expect(accounts[0]!.info.name).not.toBe(accounts[1]!.info.name);
    for (const account of accounts) {
      const roles = account.info.staff.map((s) => s.role);
      expect(new Set(roles)).toEqual(new Set(['administrator', 'office', 'technician', 'subcontractor']));
      expect(roles.filter((r) => r === 'technician').length).toBeGreaterThanOrEqual(2);
      expect(account.info.staff.filter((s) => !s.active)).toHaveLength(1);
    }
  });

  it("lays each account's today out in the zone it is given, in place of its profile's", () => {
    // 03:00 UTC on 21 November: already the 21st in Sydney (14:00), still the 20th in New York (22:00).
    const todayOf = (store: ReturnType<typeof build>, account: number) => {
      const scheduled = all(store, 'jobactivity', account).filter((a) => String(a.activity_was_scheduled) === '1');
      return scheduled
        .map((a) => String(a.start_date).slice(0, 10))
        .sort()
        .at(-1);
    };
    const own = build(5);
    const moved = createStore({
      seed: 5,
      jobs: 400,
      clock: createClock(NOW),
      changes: createChangeBus(),
      timeZones: ['America/New_York'],
    });
    expect(all(own, 'vendor')[0]!.timezone_name).toBe('Australia/Sydney');
    expect(todayOf(own, 0)).toBe('2026-11-21');
    expect(all(moved, 'vendor')[0]!.timezone_name).toBe('America/New_York');
    expect(todayOf(moved, 0)).toBe('2026-11-20');
    // The other account keeps its own.
    expect(all(moved, 'vendor', 1)[0]!.timezone_name).toBe('Europe/London');
  });

  it("writes contacts' numbers as a business in the account's country does", () => {
    const store = build(4);
    const regions = store.accounts.map((_, i) => String(all(store, 'vendor', i)[0]!.default_region));
    expect(regions).toEqual(['AU', 'GB']);
    const codes: Record<string, string> = { AU: '61', GB: '44' };
    regions.forEach((region, account) => {
      const country = region as CountryCode;
      const contacts = [...all(store, 'companycontact', account), ...all(store, 'jobcontact', account)];
      expect(contacts.length).toBeGreaterThan(50);
      const numbers = contacts.flatMap((c) => [String(c.mobile), String(c.phone)]).filter(Boolean);
      for (const number of numbers) {
        const read = parsePhoneNumberFromString(number, country);
        expect(read?.countryCallingCode, `${region} ${number}`).toBe(codes[region]);
        expect(read?.isPossible(), `${region} ${number}`).toBe(true);
      }
    });
    // Each account's are all numbers in service there, and its mobiles read as mobiles (texts "On my way" go to).
    regions.forEach((region, account) => {
      const country = region as CountryCode;
      const contacts = [...all(store, 'companycontact', account), ...all(store, 'jobcontact', account)];
      for (const phone of contacts.map((c) => String(c.phone)).filter(Boolean)) {
        expect(isValidPhoneNumber(phone, country), `${region} ${phone}`).toBe(true);
      }
      for (const mobile of contacts.map((c) => String(c.mobile)).filter(Boolean)) {
        expect(parsePhoneNumberFromString(mobile, country)?.getType(), `${region} ${mobile}`).toBe('MOBILE');
      }
    });
  });

  it("writes addresses with the postcodes of the account's country", () => {
    const store = build(4);
    const postcodes = (account: number) => all(store, 'company', account).map((c) => String(c.address_postcode));
    expect(postcodes(0).every((p) => /^2\d{3}$/.test(p))).toBe(true);
    expect(postcodes(1).every((p) => /^(M|SK)\d{1,2} \d[ABD-HJLNP-UW-Z]{2}$/.test(p))).toBe(true);
    expect(new Set(postcodes(1)).size).toBeGreaterThan(postcodes(1).length / 2);
    expect(String(all(store, 'vendor', 1)[0]!.billing_address)).toMatch(/Manchester Greater Manchester M\d/);
  });

  it('gives each place its own postcode: Surry Hills 2010, Didsbury M20, never one of another part of the city', () => {
    const store = build(4);
    const places = (account: number) =>
      all(store, 'company', account).map((c) => [String(c.address_postcode), String(c.address_city)] as const);
    const sydney: Record<string, string> = {
      Sydney: '2000',
      'North Sydney': '2060',
      'Surry Hills': '2010',
      Parramatta: '2150',
      Chatswood: '2067',
      Bondi: '2026',
      Marrickville: '2204',
      Randwick: '2031',
    };
    for (const [code, place] of places(0)) expect(code, place).toBe(sydney[place]);
    const manchester: Record<string, RegExp> = {
      Manchester: /^M[1-4] /,
      Didsbury: /^M20 /,
      Chorlton: /^M21 /,
      Salford: /^M[5-7] /,
      Stockport: /^SK[1-4] /,
      Levenshulme: /^M19 /,
      Withington: /^M20 /,
      Prestwich: /^M25 /,
    };
    for (const [code, place] of places(1)) expect(code, place).toMatch(manchester[place] ?? /^never$/);
    // Not a vacuous pass: both accounts' customers live in several places.
    for (const account of [0, 1]) expect(new Set(places(account).map(([, p]) => p)).size).toBeGreaterThan(3);
  });

  it("names streets, places and businesses as the account's country does", () => {
    const store = build(4);
    const companies = (account: number) => all(store, 'company', account);
    const british = companies(1);
    expect(
      british.every((c) =>
        /^\d+ [A-Z][a-z]+ (Road|Street|Lane|Avenue|Close|Way|Grove|Terrace)$/.test(String(c.address_street)),
      ),
    ).toBe(true);
    expect(british.some((c) => String(c.name).endsWith(' Pty Ltd'))).toBe(false);
    expect(british.some((c) => String(c.address_city) === 'Didsbury')).toBe(true);
    expect(british.some((c) => /Pitt|Macquarie|Port Manchester/.test(String(c.address)))).toBe(false);
    expect(companies(0).some((c) => /Port Sydney|Mount Sydney/.test(String(c.address)))).toBe(false);
    const sydney = [
      'Sydney',
      'North Sydney',
      'Surry Hills',
      'Parramatta',
      'Chatswood',
      'Bondi',
      'Marrickville',
      'Randwick',
    ];
    expect(companies(0).every((c) => sydney.includes(String(c.address_city)))).toBe(true);
    expect(companies(0).some((c) => String(c.name).endsWith(' Pty Ltd'))).toBe(true);
    expect(companies(0).every((c) => / (St|Rd|Ave|Pde|Lane|Cres|Dr|Way)$/.test(String(c.address_street)))).toBe(true);
  });

  it('finds every seeded record by uuid, and no invented one', () => {
    const store = build(4, 3000);
    const account = store.accounts[0]!;
    for (const type of ['job', 'note', 'jobactivity', 'jobcontact']) {
      const c = store.collection(account, type);
      for (let i = 0; i < c.size(); i += 37) expect(c.indexOf(c.uuidAt(i))).toBe(i);
      expect(c.indexOf('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    }
  });

  it('gives realistic status proportions, job numbers and badges', () => {
    const jobs = all(build(5, 4000), 'job');
    const share = (status: string) => jobs.filter((j) => j.status === status).length / jobs.length;
    expect(share('Completed')).toBeGreaterThan(0.4);
    expect(share('Work Order')).toBeGreaterThan(0.1);
    expect(share('Quote')).toBeGreaterThan(0.1);
    expect(share('Unsuccessful')).toBeGreaterThan(0.03);
    expect(new Set(jobs.map((j) => j.generated_job_id)).size).toBe(4000);
    const badged = jobs.filter((j) => j.badges !== '[]').length / jobs.length;
    expect(badged).toBeGreaterThan(0.05);
    expect(badged).toBeLessThan(0.3);
    expect(jobs.every((j) => String(j.edit_date) <= '2026-11-21 14:00:00')).toBe(true);
  });

  it('serves the cheap fields exactly as the full records have them', () => {
    const store = build(6, 500);
    const account = store.accounts[0]!;
    const fields: Record<string, string[]> = {
      job: ['uuid', 'active', 'status', 'edit_date', 'generated_job_id'],
      note: ['uuid', 'active', 'related_object', 'related_object_uuid', 'edit_date'],
      jobactivity: ['uuid', 'active', 'job_uuid', 'staff_uuid', 'edit_date', 'start_date'],
      jobcontact: ['uuid', 'active', 'job_uuid', 'edit_date'],
    };
    for (const [type, names] of Object.entries(fields)) {
      const c = store.collection(account, type);
      for (let i = 0; i < c.size(); i += 13)
        for (const f of names) expect(c.field(i, f), `${type}.${f}`).toEqual(c.get(i)[f]);
    }
  });
});
