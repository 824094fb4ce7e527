// The customers are built after a full sync says "synced" (the jobs answer first), and a worker stopped in the
// middle of that build builds them again: never a stored index that misses the walk's jobs.
import { describe, expect, it } from 'vitest';
import { search } from '../../search';
import { jobsOf, searchCustomers } from '../../search/customers';
import { openCacheReader } from '../reader/cache-reader';
import { openExistingDb } from '../reader/idb-read';
import { customersPending, readCustomerIndex } from '../store/customer-store';
import { customerPlatform as platform } from '../testing/customer-platform';
import { freshCache, makeJob, range, uuidOf } from '../testing/fixtures';
import { createCacheSync } from './cache-sync';

describe('the customers after a full sync', () => {
  it('says "synced" with the jobs searchable while the customers are still being built, then stores them', async () => {
    const cache = await freshCache();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { source, companies } = platform(() => held);
    const sync = createCacheSync({ client: source, cache });

    const synced = await sync.run(); // the contacts' read is still held
    expect(synced).toMatchObject({ phase: 'idle', lastError: null, jobsStored: 30 });
    expect(search(await sync.searchIndex(), 'gutter 7')[0]?.uuid).toBe(uuidOf('job', 7));
    expect(await readCustomerIndex(cache.db)).toBeUndefined();
    expect(await customersPending(cache.db)).toBe(true);
    const reader = await openCacheReader((await openExistingDb(cache.db.name))!); // as the popup opens it
    expect(await reader.customers()).toEqual({ index: null, preparing: true });
    expect(await reader.customersPreparing()).toBe(true);

    release();
    await sync.customersSettled();
    expect(await customersPending(cache.db)).toBe(false);
    const index = (await readCustomerIndex(cache.db))!;
    const entry = index.ids.indexOf(companies[1]!.uuid);
    expect(searchCustomers(index, { text: 'quennell1' }).map((h) => h.entry)).toEqual([entry]);
    expect(jobsOf(index, entry)).toContain(uuidOf('job', 1));
    expect(await reader.customersPreparing()).toBe(false);
    expect((await reader.customers()).preparing).toBe(false);
    expect((await reader.customers()).index?.count).toBe(index.count);
    reader.close();
  });

  it('a live job during the build is stored at once; settling the customers waits for the build and then the job', async () => {
    const cache = await freshCache();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { source, companies } = platform(() => held);
    const sync = createCacheSync({ client: source, cache });
    await sync.run(); // the contacts' read is still held

    await sync.upsert([makeJob(40, { company_uuid: companies[2]!.uuid })]);
    await sync.upsert([]); // a worker's start stores nothing, and forgets no update under way
    expect((await cache.getJob(uuidOf('job', 40)))?.company_uuid).toBe(companies[2]!.uuid);
    let settled = false;
    const settling = sync.customersSettled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);

    release();
    await settling;
    expect(await customersPending(cache.db)).toBe(false);
    const index = (await readCustomerIndex(cache.db))!;
    expect(jobsOf(index, index.ids.indexOf(companies[2]!.uuid))).toContain(uuidOf('job', 40));
  });

  it('a worker stopped in the middle of the build builds the customers again when it starts, from every job', async () => {
    const cache = await freshCache();
    const stopped = new AbortController();
    // The first worker's contacts never come: it is stopped while it waits for them.
    const first = platform(
      () =>
        new Promise<void>((_, reject) =>
          stopped.signal.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError'))),
        ),
    );
    const gone = createCacheSync({ client: first.source, cache });
    expect(await gone.run({ signal: stopped.signal })).toMatchObject({ phase: 'idle', jobsStored: 30 });
    stopped.abort();
    await gone.customersSettled();
    expect(await customersPending(cache.db)).toBe(true);
    expect(await readCustomerIndex(cache.db)).toBeUndefined();

    // A new worker: the stored state is complete, the build is owed, and it is done as soon as the state is read.
    const { source, companies } = platform();
    const next = createCacheSync({ client: source, cache });
    expect(await next.state()).toMatchObject({ phase: 'idle', jobsStored: 30 });
    await next.customersSettled();
    expect(await customersPending(cache.db)).toBe(false);
    const index = (await readCustomerIndex(cache.db))!;
    const entry = index.ids.indexOf(companies[0]!.uuid);
    // Every live job's customer, read from the cache's job segments (makeJob: job n is customer n % 7's).
    expect(jobsOf(index, entry).sort()).toEqual(
      range(0, 30)
        .filter((n) => n % 7 === 0)
        .map((n) => uuidOf('job', n))
        .sort(),
    );
  });

  it('an incremental sync in a worker that owes the build does the whole build, and a live job waits for it', async () => {
    const cache = await freshCache();
    const { source, companies } = platform();
    const sync = createCacheSync({ client: source, cache });
    await sync.run();
    await sync.customersSettled();
    // As if the last worker was stopped mid-build after a full sync.
    await cache.db.put('customers', true, 'pending');
    await cache.db.delete('customers', 'index');
    await sync.upsert([makeJob(40, { company_uuid: companies[2]!.uuid })]);
    await sync.customersSettled();
    expect(await readCustomerIndex(cache.db)).toBeUndefined(); // a live job's update leaves it owed
    await sync.incremental();
    expect(await customersPending(cache.db)).toBe(false);
    const index = (await readCustomerIndex(cache.db))!;
    expect(jobsOf(index, index.ids.indexOf(companies[2]!.uuid))).toContain(uuidOf('job', 40));
  });
});
