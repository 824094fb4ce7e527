import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { companyContactRecord, jobContactRecord, type CompanyContact, type JobContact } from '../../../lib/api/schemas';
import { customerSourceOf, readCustomerIndex, readCustomerSource } from '../../../lib/cache/store/customer-store';
import { CONTACTS_READ_EVERY_MS } from '../../../lib/cache/sync/customer-sync';
import { typedPhoneKey } from '../../../lib/locale/phone-key';
import { buildCustomerIndex, jobsOf, peopleOf, searchCustomers } from '../../../lib/search/customers';
import { CUSTOMER, SITE_CONTACT, type SerializedCustomerIndex } from '../../../lib/search/customers/types';
import type { JobCache } from '../../../lib/cache/store/job-cache';
import { startPlatform, type Platform } from './platform';
import { setUpFile } from '../../support/set-up-file';

// The customers' side of the sync against the real emulator: every company, company contact and job
// contact read once, then what changed (contacts at most hourly, within the API budget), and the
// customer index the popup searches built from them.

let platform: Platform;
setUpFile(async (own) => {
  platform = own(await startPlatform({ jobs: 2000, seed: 33 }));
});

const stored = async (cache: JobCache) => (await readCustomerIndex(cache.db))!;
const byPhone = (index: SerializedCustomerIndex, typed: string) =>
  searchCustomers(index, { text: typed, phoneKey: typedPhoneKey(typed, 'AU') }, 10).map((h) => h.entry);
/** `0427352568` as people also write it: `+61 427 352 568`. */
const international = (mobile: string) => `+61 ${mobile.slice(1, 4)} ${mobile.slice(4, 7)} ${mobile.slice(7)}`;

async function serverRecords<T>(type: string, parse: (r: unknown) => { ok: boolean; value?: T }) {
  const raw = await platform.control.listRecords(platform.account.uuid, type);
  return raw.flatMap((r) => {
    const parsed = parse(r);
    return parsed.ok ? [parsed.value as T] : [];
  });
}

describe('customers and contacts in the cache, against the emulator', () => {
  it('a full sync reads every contact and finds each customer by phone number in another format, with their jobs', async () => {
    const { requests, cache, sync } = await platform.freshSync();
    const state = await sync.run();
    expect(state).toMatchObject({ phase: 'idle', lastError: null });
    // "Synced" comes with the jobs stored; the customers are built after it.
    await sync.customersSettled();
    // Companies, jobs and both kinds of contact: a few pages each at the spec's 1,000 a page, plus the vendor.
    expect(requests()).toBeLessThanOrEqual(12);

    const index = await stored(cache);
    const contacts = await serverRecords<CompanyContact>('companycontact', companyContactRecord.parse);
    const jobs = (await platform.serverJobs()).filter((j) => j.active);
    const companies = (await cache.allCompanies()).filter((c) => c.active);
    expect([...index.kinds].filter((k) => k === CUSTOMER).length).toBe(companies.length);

    // Ten customers' contacts, typed as the office would: their mobile with the country code.
    const sample = contacts.filter((c) => c.active && companies.some((co) => co.uuid === c.company_uuid)).slice(0, 10);
    expect(sample.length).toBe(10);
    for (const contact of sample) {
      const entry = index.ids.indexOf(contact.company_uuid!);
      expect(byPhone(index, international(contact.mobile))).toContain(entry);
      expect(byPhone(index, contact.phone)).toContain(entry);
      expect(peopleOf(index, entry).map((p) => p.email)).toContain(contact.email);
      const theirs = jobs.filter((j) => j.company_uuid === contact.company_uuid).map((j) => j.uuid);
      expect(jobsOf(index, entry).sort()).toEqual(theirs.sort());
    }
    // By e-mail and by name.
    const first = sample[0]!;
    expect(searchCustomers(index, { text: first.email }, 10).map((h) => h.entry)).toContain(
      index.ids.indexOf(first.company_uuid!),
    );
    expect(searchCustomers(index, { text: `${first.first} ${first.last}` }, 50).map((h) => h.entry)).toContain(
      index.ids.indexOf(first.company_uuid!),
    );

    // A tenant on a job (a job contact who is none of the customer's contacts) is a site contact with that job.
    const jobContacts = await serverRecords<JobContact>('jobcontact', jobContactRecord.parse);
    const site = jobContacts.find(
      (jc) => jc.active && !contacts.some((c) => c.mobile === jc.mobile) && jobs.some((j) => j.uuid === jc.job_uuid),
    )!;
    const [hit] = searchCustomers(index, { text: site.mobile, phoneKey: typedPhoneKey(site.mobile, 'AU') });
    expect(index.kinds[hit!.entry]).toBe(SITE_CONTACT);
    expect(jobsOf(index, hit!.entry)).toContain(site.job_uuid);
  });

  it('an incremental sync reads changed contacts at most hourly, and puts new contacts and jobs in the index', async () => {
    const { control, account } = platform;
    await control.advanceClock(20 * 60);
    const { requests, cache, sync } = await platform.freshSync();
    await sync.run();
    await sync.customersSettled();
    const index = await stored(cache);
    const company = index.ids[5]!;

    // Within the hour: jobs and companies only, as before contacts were kept.
    await control.advanceClock(5 * 60);
    let before = requests();
    await sync.incremental();
    expect(requests() - before).toBe(2);

    // A new contact of that customer and a new job for them.
    await control.createRecord(account.uuid, 'companycontact', {
      company_uuid: company,
      first: 'Priya',
      last: 'Quennell',
      mobile: '0427 352 568',
      email: 'priya@quennell.example',
    });
    const job = await control.createRecord(account.uuid, 'job', {
      company_uuid: company,
      job_address: '9 Wattle Street',
      job_description: 'Hot water system leaking',
      status: 'Work Order',
    });
    // The new job is in the customer's jobs at once; the contact waits for the hourly read.
    await control.advanceClock(60);
    before = requests();
    await sync.incremental();
    expect(requests() - before).toBe(2);
    let now = await stored(cache);
    expect(jobsOf(now, now.ids.indexOf(company))).toContain(job);
    expect(byPhone(now, '(04) 2735 2568')).toEqual([]);

    await control.advanceClock(CONTACTS_READ_EVERY_MS / 1000);
    before = requests();
    await sync.incremental();
    expect(requests() - before).toBe(4);
    now = await stored(cache);
    expect(byPhone(now, '(04) 2735 2568')).toEqual([now.ids.indexOf(company)]);
    expect(byPhone(now, '+61427352568')).toEqual([now.ids.indexOf(company)]);
    expect(searchCustomers(now, { text: 'quennell' }).map((h) => h.entry)).toEqual([now.ids.indexOf(company)]);
  });

  it('a full sync within the hour of the last contact read asks for no contacts, keeps them, and reads the changed ones once the hour has passed', async () => {
    const { control, account } = platform;
    await control.advanceClock(20 * 60);
    const asked: string[] = [];
    const { cache, sync } = await platform.freshSync({
      answer: (response, url) => {
        asked.push(url.pathname);
        return response;
      },
    });
    const contactReads = () => asked.filter((path) => /contact/.test(path)).length;
    await sync.run();
    // Quiet first: the customers' build (and its contact reads) comes after "synced".
    await sync.customersSettled();
    expect(contactReads()).toBeGreaterThanOrEqual(2);
    const known = (await serverRecords<CompanyContact>('companycontact', companyContactRecord.parse)).find(
      (c) => c.active && c.company_uuid !== null && c.mobile,
    )!;
    const company = (await stored(cache)).ids.indexOf(known.company_uuid!);
    expect(byPhone(await stored(cache), known.mobile)).toContain(company);
    const contactsHeld = (await readCustomerSource(cache.db)).contacts.length;

    // A full refresh minutes after the last read: jobs and companies again, no contacts, none lost.
    await control.advanceClock(5 * 60);
    let before = contactReads();
    await sync.full();
    await sync.customersSettled();
    expect(contactReads() - before).toBe(0);
    let now = await stored(cache);
    expect((await readCustomerSource(cache.db)).contacts.length).toBe(contactsHeld);
    expect(byPhone(now, known.mobile)).toContain(now.ids.indexOf(known.company_uuid!));

    // A contact added now is found after the first full sync past the hour: the hourly promise holds.
    const customer = now.ids[7]!;
    await control.createRecord(account.uuid, 'companycontact', {
      company_uuid: customer,
      first: 'Odette',
      last: 'Vashti',
      mobile: '0438 114 902',
      email: 'odette@vashti.example',
    });
    await control.advanceClock(CONTACTS_READ_EVERY_MS / 1000);
    before = contactReads();
    await sync.full();
    await sync.customersSettled();
    expect(contactReads() - before).toBe(2);
    now = await stored(cache);
    expect(byPhone(now, '0438 114 902')).toEqual([now.ids.indexOf(customer)]);
    expect(byPhone(now, known.mobile)).toContain(now.ids.indexOf(known.company_uuid!));
  });

  it("someone who does not search customers reads no changed contacts at the morning's walk; the first view that searches them catches the index up", async () => {
    const { control, account } = platform;
    await control.advanceClock(20 * 60);
    const asked: string[] = [];
    let searches = false;
    const { cache, sync } = await platform.freshSync(
      {
        answer: (response, url) => {
          asked.push(url.pathname);
          return response;
        },
      },
      { contactsWanted: async () => searches },
    );
    const contactReads = () => asked.filter((path) => /contact/.test(path)).length;
    await sync.run();
    await sync.customersSettled();
    // A cleared cache reads them whole, searched or not: offline search works with what is kept.
    expect(contactReads()).toBeGreaterThanOrEqual(2);
    const known = (await serverRecords<CompanyContact>('companycontact', companyContactRecord.parse)).find(
      (c) => c.active && c.company_uuid !== null && c.mobile,
    )!;
    let now = await stored(cache);
    const customer = now.ids[11]!;
    await control.createRecord(account.uuid, 'companycontact', {
      company_uuid: customer,
      first: 'Ines',
      last: 'Harrow',
      mobile: '0438 225 713',
      email: 'ines@harrow.example',
    });

    // The next morning's walk: jobs and companies, no contacts; the index keeps what it held.
    await control.advanceClock(24 * 60 * 60);
    let before = contactReads();
    await sync.full();
    await sync.customersSettled();
    expect(contactReads() - before).toBe(0);
    now = await stored(cache);
    expect(byPhone(now, '0438 225 713')).toEqual([]);
    expect(byPhone(now, known.mobile)).toContain(now.ids.indexOf(known.company_uuid!));

    // The popup opens: the contacts changed since the last read, at once, and the new one is found.
    before = contactReads();
    await sync.catchUpCustomers();
    expect(contactReads() - before).toBe(2);
    now = await stored(cache);
    expect(byPhone(now, '0438 225 713')).toEqual([now.ids.indexOf(customer)]);
    expect(byPhone(now, known.mobile)).toContain(now.ids.indexOf(known.company_uuid!));

    // Now a searcher: the morning's walk keeps the contacts as before.
    searches = true;
    await control.advanceClock(24 * 60 * 60);
    before = contactReads();
    await sync.full();
    await sync.customersSettled();
    expect(contactReads() - before).toBe(2);
  });

  it("a live job is stored at once, and its customer's jobs then are as a whole build makes them, a site contact's job's too", async () => {
    const { control, account } = platform;
    const { api, cache, sync } = await platform.freshSync({}, { contactsWanted: async () => true });
    await sync.run();
    await sync.customersSettled();
    const first = await stored(cache);
    const [from, to] = [first.ids[3]!, first.ids[4]!];
    /** The index a whole build makes from what is stored now: the one an update must equal. */
    const wholeBuild = async () => {
      const source = await readCustomerSource(cache.db);
      const companies = (await cache.allCompanies()).map(({ uuid, name, active }) => ({ uuid, name, active }));
      // Every live contact's keys and shown number are stored with it, so no number is parsed here.
      return buildCustomerIndex(customerSourceOf(source, companies), () => null, source.region);
    };

    // Booked by the office, told by the feed, read: the job is stored and searchable at once.
    const booked = await control.createRecord(account.uuid, 'job', {
      company_uuid: from,
      job_address: '4 Banksia Court',
      status: 'Quote',
    });
    await sync.upsert([await api.jobs.get(booked)]);
    expect((await cache.getJob(booked))?.company_uuid).toBe(from);
    await sync.customersSettled();
    let now = await stored(cache);
    expect(jobsOf(now, now.ids.indexOf(from))).toContain(booked);
    expect(now).toEqual(await wholeBuild());

    // Moved to another customer: gone from the first one's jobs, in the second one's.
    await control.updateRecord(account.uuid, 'job', booked, { company_uuid: to });
    await sync.upsert([await api.jobs.get(booked)]);
    await sync.customersSettled();
    now = await stored(cache);
    expect(jobsOf(now, now.ids.indexOf(from))).not.toContain(booked);
    expect(jobsOf(now, now.ids.indexOf(to))).toContain(booked);
    expect(now).toEqual(await wholeBuild());

    // A job with an on-site contact of its own, moved: the contact's entry follows it.
    const site = (await readCustomerSource(cache.db)).contacts.find((c) => c.kind === 'job' && c.active)!;
    const siteJob = await api.jobs.get(site.owner);
    const other = siteJob.company_uuid === to ? from : to;
    await control.updateRecord(account.uuid, 'job', siteJob.uuid, { company_uuid: other });
    await sync.upsert([await api.jobs.get(siteJob.uuid)]);
    await sync.customersSettled();
    now = await stored(cache);
    expect(jobsOf(now, now.ids.indexOf(other))).toContain(siteJob.uuid);
    expect(now).toEqual(await wholeBuild());
  });

  it('a new customer made here, with their contact and first job, is found by their number at once, not at the next hourly read', async () => {
    const { control, account } = platform;
    // Nobody searched customers lately: an incremental sync reads no contacts (the hour has not passed anyway).
    const { api, cache, sync } = await platform.freshSync({}, { contactsWanted: async () => false });
    await sync.run();
    await sync.customersSettled();
    // The new-job form's writes, as the outbox sends them: the company, their contact, the job.
    const company = await control.createRecord(account.uuid, 'company', { name: 'Paperbark Childcare' });
    const contact = await control.createRecord(account.uuid, 'companycontact', {
      company_uuid: company,
      first: 'Paperbark',
      last: 'Childcare',
      mobile: '0491 570 113',
      email: 'office@paperbark.example',
      is_primary_contact: '1',
    });
    const job = await control.createRecord(account.uuid, 'job', {
      company_uuid: company,
      job_address: '14 Banksia Street, Newtown NSW 2042',
      status: 'Quote',
    });
    const typed = '+61491570113';
    const fresh = await api.jobs.get(job);

    // The job alone, as before: the company's name is unknown here, and the number finds nobody.
    await sync.upsert([fresh]);
    await sync.customersSettled();
    expect(byPhone(await stored(cache), typed)).toEqual([]);

    // With the customer read back: stored, named in the job's search entry, found by the number with the job.
    await sync.upsert([fresh], {
      companies: [await api.companies.get(company)],
      contacts: [await api.companyContacts.get(contact)],
    });
    await sync.customersSettled();
    const index = await stored(cache);
    const entry = index.ids.indexOf(company);
    expect(entry).toBeGreaterThanOrEqual(0);
    expect(byPhone(index, typed)).toEqual([entry]);
    expect(peopleOf(index, entry).map((p) => p.email)).toEqual(['office@paperbark.example']);
    expect(jobsOf(index, entry)).toEqual([job]);
    expect((await cache.getCompanies([company])).map((c) => c.name)).toEqual(['Paperbark Childcare']);
    // One more incremental sync changes nothing of it (the hourly read is not due).
    await sync.run();
    await sync.customersSettled();
    expect(byPhone(await stored(cache), typed)).toEqual([entry]);
  });

  it('without the contact scopes the sync still finishes, with customers by name and no contacts', async () => {
    const office = platform.staff('office');
    const { api } = await platform.client({ impersonate: office.uuid });
    const cache = await platform.cache(office.uuid);
    const sync = platform.sync({ client: api, cache });
    expect(await sync.run()).toMatchObject({ phase: 'idle', lastError: null });
    await sync.customersSettled();
    const index = await stored(cache);
    expect(index.count).toBeGreaterThan(0);
    expect(index.people.every((p) => p === '')).toBe(true);
    expect((await readCustomerSource(cache.db)).refused).toEqual(['company', 'job']);
  });
});
