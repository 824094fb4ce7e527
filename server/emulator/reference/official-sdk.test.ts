// The platform's own SDK (npm `servicem8`, its response schemas generated from the platform's OpenAPI) against the
// real emulator over HTTP: every record type the emulator serves is listed, and one record of each read alone,
// without a validation error. Real clients run this SDK; the emulator must serve what it parses.
import { ServiceM8 } from 'servicem8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo } from '../contracts';
import { RECORD_TYPES } from '../data/record-types';
import { startEmulator, type StartedEmulator } from '../start';

let emu: StartedEmulator;
let account: AccountInfo;
let sdk: ServiceM8;

type Listed = Array<{ uuid?: string | undefined }>;

/** Each served record type, by the SDK's own list and get calls (its paths: company is "clients", a single note
 * is read at dbonote/{uuid}.json). */
const CALLS: Record<string, { list: () => Promise<Listed>; get: (uuid: string) => Promise<unknown> }> = {
  attachment: {
    list: () => sdk.attachments.listAttachments(),
    get: (uuid) => sdk.attachments.getAttachments({ uuid }),
  },
  badge: { list: () => sdk.badges.listBadges(), get: (uuid) => sdk.badges.getBadges({ uuid }) },
  category: { list: () => sdk.categories.listCategories(), get: (uuid) => sdk.categories.getCategories({ uuid }) },
  company: { list: () => sdk.clients.listClients(), get: (uuid) => sdk.clients.getClients({ uuid }) },
  companycontact: {
    list: () => sdk.companyContacts.listCompanyContacts(),
    get: (uuid) => sdk.companyContacts.getCompanyContacts({ uuid }),
  },
  job: { list: () => sdk.jobs.listJobs(), get: (uuid) => sdk.jobs.getJobs({ uuid }) },
  jobactivity: {
    list: () => sdk.jobActivities.listJobActivities(),
    get: (uuid) => sdk.jobActivities.getJobActivities({ uuid }),
  },
  joballocation: {
    list: () => sdk.jobAllocations.listJobAllocations(),
    get: (uuid) => sdk.jobAllocations.getJobAllocations({ uuid }),
  },
  jobcontact: {
    list: () => sdk.jobContacts.listJobContacts(),
    get: (uuid) => sdk.jobContacts.getJobContacts({ uuid }),
  },
  note: { list: () => sdk.notes.listNotes(), get: (uuid) => sdk.notes.getNotes({ uuid }) },
  securityrole: {
    list: () => sdk.securityRoles.listSecurityRoles(),
    get: (uuid) => sdk.securityRoles.getSecurityRoles({ uuid }),
  },
  staff: { list: () => sdk.staffMembers.listStaffMembers(), get: (uuid) => sdk.staffMembers.getStaffMembers({ uuid }) },
  vendor: { list: () => sdk.vendors.listVendors(), get: (uuid) => sdk.vendors.getVendors({ uuid }) },
};

beforeAll(async () => {
  emu = await startEmulator({ jobs: 300, seed: 29, quiet: true, rateLimitPerMinute: 100_000 });
  account = emu.info.accounts[0]!;
  sdk = new ServiceM8({
    security: { apiKey: account.api_key },
    serverURL: `${emu.info.base_url}/api_1.0`,
    // A validation error must fail the test at once, not be retried.
    retryConfig: { strategy: 'none' },
  });
});
afterAll(() => emu.close());

describe("the platform's official SDK", () => {
  it('has a call for every record type the emulator serves', () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(RECORD_TYPES).sort());
  });

  it.each(Object.keys(RECORD_TYPES))(
    'lists every %s, and reads one alone, without a validation error',
    async (type) => {
      const calls = CALLS[type]!;
      const records = await calls.list();
      // The SDK lists without a cursor: the whole collection (the emulator answers up to 10,000 so).
      expect(records.length).toBe((await emu.control.listRecords(account.uuid, type)).length);
      const uuid = records[0]?.uuid;
      expect(uuid, type).toBeDefined();
      expect(await calls.get(uuid!)).toMatchObject({ uuid });
    },
  );

  it('reads is_individual as the string it parses; under the switch that serves numbers it refuses every list of companies', async () => {
    const companies = await sdk.clients.listClients();
    expect(new Set(companies.map((c) => c.isIndividual))).toEqual(new Set(['0', '1']));
    await emu.control.setSwitches({ isIndividual: 'number' });
    try {
      await expect(sdk.clients.listClients()).rejects.toThrow(/Response validation failed/);
      const raw = (await (
        await fetch(`${emu.info.base_url}/api_1.0/company.json`, { headers: { 'X-API-Key': account.api_key } })
      ).json()) as Array<{ is_individual: unknown }>;
      expect(new Set(raw.map((c) => c.is_individual))).toEqual(new Set([0, 1]));
    } finally {
      await emu.control.setSwitches({ isIndividual: 'string' });
    }
  });
});
