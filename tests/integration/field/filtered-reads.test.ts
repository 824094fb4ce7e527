// The platform client's filtered reads that "My day" uses, against the real emulator: each answers
// exactly the records its filter asks for, whether the platform applies the filter or ignores it and
// answers everything (then `unmatched` counts what was dropped).
import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../../lib/api/client';
import { createRateLimiter } from '../../../lib/api/rate-limiter';
import { dayRange } from '../../../lib/side-panel/dates';
import { todayIn } from '../../../lib/locale/days';
import { startOutboxPlatform, type OutboxPlatform } from '../outbox/platform';
import { filterIgnoringFetch } from './ignored-filters';
import { setUpFile } from '../../support/set-up-file';

let platform: OutboxPlatform;
let today: string;
setUpFile(async (own) => {
  platform = own(await startOutboxPlatform(31));
  await platform.control.setUnparsableFilter('ignore');
  const vendor = (await platform.control.listRecords(platform.account.uuid, 'vendor'))[0]!;
  today = todayIn(String(vendor.timezone_name), await platform.control.now());
});

const all = (type: string) => platform.control.listRecords(platform.account.uuid, type);
const uuids = (records: Array<{ uuid: string }>) => records.map((r) => r.uuid).sort();
const ids = (records: Array<Record<string, unknown>>) => records.map((r) => String(r.uuid)).sort();

/** The account's API key (it sees every record of the account), over the given transport. */
const apiKeyClient = (fetch?: typeof globalThis.fetch) =>
  createPlatformClient({
    baseUrl: platform.info.base_url,
    auth: { kind: 'api_key', apiKey: platform.account.api_key },
    limiter: createRateLimiter({ perMinute: 100_000 }),
    retry: { limit: 0 },
    ...(fetch ? { fetch } : {}),
  });

describe.each([
  ['applies the filter', false],
  ['ignores the filter', true],
] as const)('when the platform %s', (_label, ignore) => {
  const client = () => {
    const transport = ignore ? filterIgnoringFetch() : undefined;
    return { api: apiKeyClient(transport?.fetch), reads: transport?.reads ?? [] };
  };

  it("answers one person's activities overlapping one day, scheduled and recorded alike", async () => {
    const { api, reads } = client();
    const me = platform.technician.uuid;
    const { from, to } = dayRange(today);
    const answer = await api.jobActivities.ofStaff(me, { from, to });
    const expected = (await all('jobactivity')).filter(
      (a) => a.staff_uuid === me && String(a.start_date) < to && String(a.end_date) > from,
    );
    expect(uuids(answer.records)).toEqual(ids(expected));
    expect(answer.unmatched > 0).toBe(ignore);
    // Under the ignoring transport, the emulator itself says it answered unfiltered.
    expect(reads.length > 0 && reads.every((r) => r.ignored !== null)).toBe(ignore);
  });

  it("answers one person's allocations", async () => {
    const { api } = client();
    const me = platform.technician.uuid;
    const answer = await api.jobAllocations.ofStaff(me);
    expect(uuids(answer.records)).toEqual(ids((await all('joballocation')).filter((a) => a.staff_uuid === me)));
    expect(answer.records.length).toBeGreaterThan(0);
    expect(answer.unmatched > 0).toBe(ignore);
  });

  it("answers one job's notes", async () => {
    const { api } = client();
    const notes = (await all('note')).filter((n) => n.related_object === 'job');
    const job = String(notes[0]!.related_object_uuid);
    const ofJob = await api.notes.ofJob(job);
    expect(uuids(ofJob.records)).toEqual(ids(notes.filter((n) => n.related_object_uuid === job)));
    expect(ofJob.records.length).toBeGreaterThan(0);
    expect(ofJob.unmatched > 0).toBe(ignore);
  });

  it("answers one job's on-site contacts and one company's contacts", async () => {
    const { api } = client();
    const jobContacts = await all('jobcontact');
    const job = String(jobContacts[0]!.job_uuid);
    const ofJob = await api.jobContacts.ofJob(job);
    expect(uuids(ofJob.records)).toEqual(ids(jobContacts.filter((c) => c.job_uuid === job)));
    expect(ofJob.unmatched > 0).toBe(ignore);

    const companyContacts = await all('companycontact');
    const company = String(companyContacts[0]!.company_uuid);
    const ofCompany = await api.companyContacts.ofCompany(company);
    expect(uuids(ofCompany.records)).toEqual(ids(companyContacts.filter((c) => c.company_uuid === company)));
    expect(ofCompany.unmatched > 0).toBe(ignore);
  });
});
