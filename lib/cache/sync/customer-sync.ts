// Keeping the customer index (lib/search/customers) up to date with the sync: every contact read
// once, then the contacts changed since at most once an hour, full sync or not (contacts have
// no webhook, and two requests per incremental sync would double its cost to the account's budget:
// docs/api-budget.md), each live job's customer from the jobs the sync stores, and the index rebuilt
// whenever any of it changed (only customers' job lists made again when nothing but jobs moved). A scope
// not granted leaves that kind of contact out, never the sync.
import { isApiError } from '../../api/errors';
import { gt, type Filter } from '../../api/filter';
import { localTimestamp } from '../../api/local-time';
import { collect, type PageIterator } from '../../api/paginate';
import type { PageOptions } from '../../api/client';
import type { Company, CompanyContact, Job, JobContact } from '../../api/schemas';
import { phoneForms, type PhoneForms } from '../../locale/phone-forms';
import { buildCustomerIndex, phoneKeysOf } from '../../search/customers/build';
import { jobsMovable, withJobsMoved } from '../../search/customers/jobs-moved';
import { CUSTOMER_INDEX_VERSION, type SerializedCustomerIndex, type SourceContact } from '../../search/customers/types';
import {
  customerSourceOf,
  customersPending,
  writeCustomerJobs,
  writeCustomers,
  type ContactKind,
  type StoredCustomerSource,
} from '../store/customer-store';
import { SUPERSEDED } from '../store/lookup';
import type { CacheDatabase } from '../store/schema';
import { fieldValues, segmentColumns } from '../store/segment-codec';
import { applyJobChanges, type JobMoves } from './customer-job-moves';
import { indexJobsOf, rememberIndex, rememberSource, sourceOf } from './customer-memory';
import { withSkipped, type SyncContext } from './sync-context';

/** How often an incremental sync also asks for the contacts changed since. */
export const CONTACTS_READ_EVERY_MS = 60 * 60_000;

/** `full`: after a full sync (every job's customer again, contacts as for `incremental`); `incremental`:
 * the changed jobs and companies, contacts when an hour has passed; `local`: jobs read outside a
 * sync, no request. */
export type CustomerSyncMode = 'full' | 'incremental' | 'local';

export interface CustomerChanges {
  jobs: readonly Job[];
  companies: readonly Company[];
  /** Contacts read back after this browser made them (a new customer's, with their first job): in the index at once,
   * not at the next hourly read of changed contacts. */
  contacts?: readonly CompanyContact[];
}

/** Customers this browser made (a new job's new customer, read back once sent): stored and searchable with the job. */
export type MadeCustomers = Omit<CustomerChanges, 'jobs'>;

type ContactPages = (opts?: PageOptions) => PageIterator<CompanyContact | JobContact>;

/** One update of the customers at a time per cache: a full sync's build runs after "synced", in the
 * background, and an incremental sync or a live job's update waits its turn behind it. */
const queues = new WeakMap<CacheDatabase, Promise<unknown>>();

export function syncCustomers(
  ctx: SyncContext,
  signal: AbortSignal | undefined,
  mode: CustomerSyncMode,
  changes: CustomerChanges = { jobs: [], companies: [] },
  catchUp = false,
): Promise<void> {
  const db = ctx.cache.db;
  const run = (queues.get(db) ?? Promise.resolve()).then(() => updateCustomers(ctx, signal, mode, changes, catchUp));
  queues.set(
    db,
    run.catch(() => undefined),
  );
  return run;
}

async function updateCustomers(
  ctx: SyncContext,
  signal: AbortSignal | undefined,
  requested: CustomerSyncMode,
  changes: CustomerChanges,
  catchUp: boolean,
): Promise<void> {
  const { cache, source } = ctx;
  if (!cache.db.objectStoreNames.contains('customers')) return;
  // A full build owed (a worker stopped in the middle of one) is done whole by the next sync; a live job's
  // update leaves it to that build, which reads every job's customer from the cache.
  let mode = requested;
  if (mode !== 'full' && (await customersPending(cache.db))) {
    if (mode === 'local') return;
    mode = 'full';
  }
  const stored = await sourceOf(cache.db, mode === 'full');
  const now = await ctx.now();
  const call = signal === undefined ? {} : { signal };
  const next: StoredCustomerSource = { ...stored };
  let changed = mode === 'full' || changes.companies.length > 0 || stored.indexVersion !== CUSTOMER_INDEX_VERSION;

  // A first read cut off is done again whole, by the next sync (never from a live job's update). A full sync
  // keeps the contacts already held (it rebuilds only the jobs' customers), so it too asks for the changed ones
  // only once the hour has passed: a cleared cache holds none and reads them whole. Changed ones are read only for
  // someone who searches customers (customer-use.ts), or when a view that searches them catches up.
  const whole = !stored.complete;
  const hourPassed = now - (stored.readAt ?? 0) >= CONTACTS_READ_EVERY_MS;
  const due = mode !== 'local' && (whole || (hourPassed && (catchUp || (await ctx.contactsWanted()))));
  if (due) {
    if (whole) {
      const vendor = await source.vendor.get(call);
      next.region = vendor.default_region || null;
    }
    const region = next.region;
    const numbers = numbersOf(region);
    const since = localTimestamp((stored.readAt ?? 0) - ctx.overlapMs, ctx.state().timeZone);
    const kinds: Array<[ContactKind, ContactPages | undefined]> = [
      ['company', source.companyContacts?.pages],
      ['job', source.jobContacts?.pages],
    ];
    const refused: ContactKind[] = [];
    const byUuid = new Map(whole ? [] : stored.contacts.map((c) => [c.uuid, c]));
    for (const [kind, pages] of kinds) {
      const everything = whole || stored.refused.includes(kind);
      const read = await readContacts(pages, everything ? [] : [gt('edit_date', since)], call);
      if (read === null) {
        refused.push(kind);
        continue;
      }
      ctx.publish({ ...ctx.state(), ...withSkipped(ctx.state(), read.skipped) });
      if (putContacts(byUuid, kind, read.records, numbers) > 0) changed = true;
    }
    next.contacts = [...byUuid.values()];
    next.refused = refused;
    next.readAt = now;
    next.complete = true;
    changed ||= whole;
  }

  if (changes.contacts && changes.contacts.length > 0) {
    const byUuid = new Map(next.contacts.map((c) => [c.uuid, c]));
    if (putContacts(byUuid, 'company', changes.contacts, numbersOf(next.region)) > 0) changed = true;
    next.contacts = [...byUuid.values()];
  }

  let moves: JobMoves | null = null;
  if (mode === 'full') Object.assign(next, await jobCustomersOf(ctx));
  else if (changes.jobs.length > 0) moves = applyJobChanges(next, changes.jobs);

  if (!changed && !due && moves === null) return;
  next.indexVersion = CUSTOMER_INDEX_VERSION;
  // Only jobs moved between customers (a live job, an incremental sync with no company and no contact read): the
  // index built last, with those customers' job lists made again (lib/search/customers/jobs-moved.ts). The contacts,
  // the entries and their words are as stored; only the job parts are written again.
  const onlyMoved = !changed && !due && moves !== null && jobsMovable(moves.jobs, next.contacts);
  const built = onlyMoved ? await indexJobsOf(cache.db) : undefined;
  if (built !== undefined && built.region === next.region) {
    await writeCustomerJobs(cache.db, next, withJobsMoved(built, next.jobs, next.customers, moves!.customers).jobs);
  } else {
    const index = await buildIndex(cache, next);
    await writeCustomers(cache.db, next, index);
    rememberIndex(cache.db, index);
  }
  rememberSource(cache.db, next);
}

/** The whole customer index, built from the source and the cached companies. */
async function buildIndex(cache: SyncContext['cache'], source: StoredCustomerSource): Promise<SerializedCustomerIndex> {
  const companies = (await cache.allCompanies()).map((c) => ({ uuid: c.uuid, name: c.name, active: c.active }));
  const numbers = numbersOf(source.region);
  return buildCustomerIndex(customerSourceOf(source, companies), numbers.key, source.region, numbers.text);
}

/** A kind's contacts, or null when the platform does not let this app read them. */
async function readContacts(pages: ContactPages | undefined, filter: Filter, call: { signal?: AbortSignal }) {
  if (pages === undefined) return null;
  try {
    return await collect(pages({ ...(filter.length > 0 ? { filter } : {}), ...call }));
  } catch (error) {
    if (isApiError(error, 'MissingScopeError')) return null;
    throw error;
  }
}

/** A number's search key and shown form for an account in `region`, both from one parse, worked out once per
 * distinct number: a job's on-site contact is often the customer's own, and parsing a number is most of a full
 * sync's customer work. */
function numbersOf(region: string | null): { key: (raw: string) => string | null; text: (raw: string) => string } {
  const forms = new Map<string, PhoneForms>();
  const formsOf = (raw: string) => {
    let known = forms.get(raw);
    if (known === undefined) forms.set(raw, (known = phoneForms(raw, region)));
    return known;
  };
  return { key: (raw) => formsOf(raw).key, text: (raw) => formsOf(raw).text };
}

/** Puts `records` of one kind into the contacts by uuid (a live one added or replaced, one gone taken out); how many
 * were put in (a record with no owner is not). */
function putContacts(
  byUuid: Map<string, SourceContact>,
  kind: ContactKind,
  records: readonly (CompanyContact | JobContact)[],
  numbers: ReturnType<typeof numbersOf>,
): number {
  let applied = 0;
  for (const record of records) {
    const contact = toSourceContact(kind, record, numbers);
    if (contact === null) continue;
    applied++;
    if (contact.active) byUuid.set(contact.uuid, contact);
    else byUuid.delete(contact.uuid);
  }
  return applied;
}

/** The contact as the index takes it, its numbers' keys and shown form worked out once, here. */
function toSourceContact(
  kind: ContactKind,
  record: CompanyContact | JobContact,
  numbers: ReturnType<typeof numbersOf>,
): SourceContact | null {
  const owner = 'company_uuid' in record ? record.company_uuid : 'job_uuid' in record ? record.job_uuid : null;
  if (owner === null) return null;
  const { uuid, first, last, phone, mobile, email, active } = record;
  const contact: SourceContact = { uuid, kind, owner, first, last, phone, mobile, email, active };
  if (!active) return contact;
  const shownRaw = mobile || phone;
  return {
    ...contact,
    keys: phoneKeysOf(contact, numbers.key),
    shown: shownRaw ? numbers.text(shownRaw) : '',
  };
}

/** Every live job's customer, read from the job segments one at a time. */
async function jobCustomersOf(ctx: SyncContext): Promise<Pick<StoredCustomerSource, 'jobs' | 'customers'>> {
  const jobs: string[] = [];
  const customers: string[] = [];
  let cursor = await ctx.cache.db.transaction('jobSegments').store.openCursor();
  while (cursor) {
    const segment = cursor.value;
    const chunk = ctx.cache.lookup.jobChunk(segment.id);
    const flags = chunk?.active;
    const columns = segmentColumns(segment.columns, chunk);
    const uuids = fieldValues(columns, 'uuid');
    const companies = fieldValues(columns, 'company_uuid');
    const active = fieldValues(columns, 'active');
    for (let i = 0; i < segment.count; i++) {
      if (flags?.[i] === SUPERSEDED || !active[i]) continue;
      jobs.push(uuids[i]!);
      customers.push(companies[i] ?? '');
    }
    cursor = await cursor.continue();
  }
  return { jobs, customers };
}
