import { describe, expect, it } from 'vitest';
import { buildCustomerIndex } from '../../search/customers';
import { withJobsMoved } from '../../search/customers/jobs-moved';
import { CUSTOMER_INDEX_VERSION, type SourceContact } from '../../search/customers/types';
import { freshCache } from '../testing/fixtures';
import {
  CUSTOMER_KEYS,
  CUSTOMERS_PENDING_KEY,
  customerSourceOf,
  emptyCustomerSource,
  entryKeysOf,
  readCustomerIndex,
  readCustomerIndexJobs,
  readCustomerSource,
  writeCustomerJobs,
  writeCustomers,
  type StoredCustomerSource,
} from './customer-store';

const contact = (n: number, owner: string): SourceContact => ({
  uuid: `contact-${n}`,
  kind: 'company',
  owner,
  first: `First${n}`,
  last: `Last${n}`,
  phone: '',
  mobile: '',
  email: `person${n}@example.com`,
  active: true,
});

const companies = [
  { uuid: 'company-a', name: 'Acme Plumbing', active: true },
  { uuid: 'company-b', name: 'Birch Electrical', active: true },
];

function sourceWith(jobs: string[], customers: string[]): StoredCustomerSource {
  return {
    ...emptyCustomerSource(),
    complete: true,
    region: 'AU',
    contacts: [contact(1, 'company-a'), contact(2, 'company-b')],
    jobs,
    customers,
    readAt: 1_000,
    indexVersion: CUSTOMER_INDEX_VERSION,
  };
}

const indexOf = (source: StoredCustomerSource) =>
  buildCustomerIndex(customerSourceOf(source, companies), () => null, source.region);

describe('the customers store', () => {
  it('reads back what it wrote, source and index, and clears the owed build', async () => {
    const cache = await freshCache();
    const source = sourceWith(['job-1', 'job-2'], ['company-a', 'company-b']);
    const index = indexOf(source);
    await cache.db.put('customers', true, CUSTOMERS_PENDING_KEY);
    await writeCustomers(cache.db, source, index);
    expect(await readCustomerSource(cache.db)).toEqual(source);
    expect(await readCustomerIndex(cache.db)).toEqual(index);
    expect(await cache.db.get('customers', CUSTOMERS_PENDING_KEY)).toBeUndefined();
  });

  it('when only jobs moved, writes the job parts alone and reads the moved jobs back', async () => {
    const cache = await freshCache();
    const before = sourceWith(['job-1', 'job-2'], ['company-a', 'company-b']);
    await writeCustomers(cache.db, before, indexOf(before));
    const entries = await cache.db.get('customers', CUSTOMER_KEYS.index);
    const contacts = await cache.db.get('customers', CUSTOMER_KEYS.source);
    // Planted: had the whole been written, these would be replaced.
    await cache.db.put('customers', { ...(entries as object), planted: 'entries' } as never, CUSTOMER_KEYS.index);
    await cache.db.put('customers', { ...(contacts as object), planted: 'contacts' } as never, CUSTOMER_KEYS.source);

    const after = sourceWith(['job-1', 'job-2', 'job-3'], ['company-a', 'company-b', 'company-a']);
    const moved = withJobsMoved(indexOf(before), after.jobs, after.customers, new Set(['company-a']));
    await writeCustomerJobs(cache.db, after, moved.jobs);

    expect(await cache.db.get('customers', CUSTOMER_KEYS.index)).toMatchObject({ planted: 'entries' });
    expect(await cache.db.get('customers', CUSTOMER_KEYS.source)).toMatchObject({ planted: 'contacts' });
    expect((await readCustomerSource(cache.db)).jobs).toEqual(after.jobs);
    expect((await readCustomerSource(cache.db)).customers).toEqual(after.customers);
    const read = (await readCustomerIndex(cache.db))!;
    expect(read.jobs).toEqual(indexOf(after).jobs);
    expect(read.jobs[read.ids.indexOf('company-a')]).toBe('job-1 job-3');
  });

  it('reads a source and an index an earlier version stored whole, and a later job-only write wins over them', async () => {
    const cache = await freshCache();
    const before = sourceWith(['job-1'], ['company-a']);
    const whole = indexOf(before);
    await cache.db.put('customers', before, CUSTOMER_KEYS.source);
    await cache.db.put('customers', whole, CUSTOMER_KEYS.index);
    expect(await readCustomerSource(cache.db)).toEqual(before);
    expect(await readCustomerIndex(cache.db)).toEqual(whole);

    const after = sourceWith(['job-1', 'job-2'], ['company-a', 'company-b']);
    await writeCustomerJobs(
      cache.db,
      after,
      withJobsMoved(whole, after.jobs, after.customers, new Set(['company-b'])).jobs,
    );
    expect((await readCustomerSource(cache.db)).jobs).toEqual(['job-1', 'job-2']);
    expect((await readCustomerIndex(cache.db))!.jobs).toEqual(indexOf(after).jobs);
  });

  it('takes an index whose job part is missing or of another length as none (the next sync builds it)', async () => {
    const cache = await freshCache();
    const source = sourceWith(['job-1'], ['company-a']);
    await writeCustomers(cache.db, source, indexOf(source));
    await cache.db.put('customers', ['job-1'], CUSTOMER_KEYS.indexJobs);
    expect(await readCustomerIndex(cache.db)).toBeUndefined();
    await cache.db.delete('customers', CUSTOMER_KEYS.indexJobs);
    expect(await readCustomerIndex(cache.db)).toBeUndefined();
    await cache.db.delete('customers', CUSTOMER_KEYS.sourceJobs);
    expect(await readCustomerSource(cache.db)).toEqual(emptyCustomerSource());
  });

  it("reads the index's job part alone with the entries given, while the entries are stored and the part fits them", async () => {
    const cache = await freshCache();
    const source = sourceWith(['job-1', 'job-2'], ['company-a', 'company-b']);
    const index = indexOf(source);
    await writeCustomers(cache.db, source, index);
    const entries = entryKeysOf(index);
    expect(await readCustomerIndexJobs(cache.db, entries)).toEqual({ ...entries, jobs: index.jobs });

    // Not of these entries: a job part of another length.
    expect(await readCustomerIndexJobs(cache.db, { ...entries, count: entries.count + 1 })).toBeUndefined();
    // The entries gone (a cleared cache): none, though the job part is there.
    await cache.db.delete('customers', CUSTOMER_KEYS.index);
    expect(await readCustomerIndexJobs(cache.db, entries)).toBeUndefined();
    // An earlier version's whole index has no job part of its own: read it whole.
    await cache.db.put('customers', index, CUSTOMER_KEYS.index);
    await cache.db.delete('customers', CUSTOMER_KEYS.indexJobs);
    expect(await readCustomerIndexJobs(cache.db, entries)).toBeUndefined();
  });
});
