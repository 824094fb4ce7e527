// A live job moves only job lists in the customer index: its update reads and writes the index's job part alone,
// taking which entry is which from what this connection last read or wrote, and reads the whole index wherever that
// may not hold (a cleared cache, a new worker's connection).
import { describe, expect, it } from 'vitest';
import { jobsOf } from '../../search/customers';
import { openCacheDb } from '../store/schema';
import { openJobCache } from '../store/job-cache';
import { CUSTOMER_KEYS, readCustomerIndex } from '../store/customer-store';
import { customerPlatform as platform } from '../testing/customer-platform';
import { freshCache, makeJob, uuidOf } from '../testing/fixtures';
import { createCacheSync } from './cache-sync';

/** An entries part no read takes (another format): an update that read the whole index would find none, build it
 * again and store it over this. */
const PLANTED = { planted: 'entries no read takes' };

async function syncedCache() {
  const cache = await freshCache();
  const { source, companies } = platform();
  const sync = createCacheSync({ client: source, cache });
  await sync.run();
  await sync.customersSettled();
  return { cache, source, companies, sync };
}

describe("a live job's update of the customers", () => {
  it("reads and writes the index's job part alone, the entries and their words left as stored", async () => {
    const { cache, companies, sync } = await syncedCache();
    const entries = await cache.db.get('customers', CUSTOMER_KEYS.index);
    await cache.db.put('customers', PLANTED as never, CUSTOMER_KEYS.index);

    await sync.upsert([makeJob(40, { company_uuid: companies[2]!.uuid })]);
    await sync.customersSettled();
    expect(await cache.db.get('customers', CUSTOMER_KEYS.index)).toEqual(PLANTED);

    // The job part written fits the entries as stored: the new job is its customer's, and only its.
    await cache.db.put('customers', entries!, CUSTOMER_KEYS.index);
    const index = (await readCustomerIndex(cache.db))!;
    for (const [n, company] of companies.entries()) {
      expect(jobsOf(index, index.ids.indexOf(company.uuid)).includes(uuidOf('job', 40))).toBe(n === 2);
    }
  });

  it('reads the whole index when the entries are no longer stored (a cleared cache), and builds it again', async () => {
    const { cache, companies, sync } = await syncedCache();
    await cache.db.delete('customers', CUSTOMER_KEYS.index);

    await sync.upsert([makeJob(40, { company_uuid: companies[2]!.uuid })]);
    await sync.customersSettled();
    const index = (await readCustomerIndex(cache.db))!;
    expect(jobsOf(index, index.ids.indexOf(companies[2]!.uuid))).toContain(uuidOf('job', 40));
  });

  it("reads the whole index on a connection that has read none (a new worker's)", async () => {
    const { cache, source, companies } = await syncedCache();
    const reopened = await openJobCache(await openCacheDb(cache.db.name));
    const next = createCacheSync({ client: source, cache: reopened });
    await cache.db.put('customers', PLANTED as never, CUSTOMER_KEYS.index);

    await next.upsert([makeJob(40, { company_uuid: companies[2]!.uuid })]);
    await next.customersSettled();
    // It found no index it could read, so it built one: the planted part is gone.
    expect(await reopened.db.get('customers', CUSTOMER_KEYS.index)).not.toEqual(PLANTED);
    const index = (await readCustomerIndex(reopened.db))!;
    expect(jobsOf(index, index.ids.indexOf(companies[2]!.uuid))).toContain(uuidOf('job', 40));
    reopened.close();
  });
});
