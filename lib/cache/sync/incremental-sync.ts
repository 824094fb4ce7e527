// Incremental sync: only what changed since the last sync, in one filtered read per collection
// (two requests when fewer records changed than a page holds). Changed jobs replace their cached copy in
// place, new ones go to the tail segment, deleted ones (active 0) stay as tombstones, and the
// search index gets the same changes, all stored in one transaction with the new mark.
import { gt } from '../../api/filter';
import { collect } from '../../api/paginate';
import type { Company, Job } from '../../api/schemas';
import { applyChanges, serializeIndex } from '../../search';
import { localTimestamp } from '../../api/local-time';
import { searchDocs } from '../store/search-docs';
import { syncCustomers, type MadeCustomers } from './customer-sync';
import { accountToday, withSkipped, type SyncContext } from './sync-context';
import type { StoredSyncState } from '../store/sync-state';

export async function incrementalSync(ctx: SyncContext, signal: AbortSignal | undefined): Promise<void> {
  const { cache, source } = ctx;
  const before = ctx.state();
  // The next mark is the platform's time when we start asking, so changes made while we read are
  // caught next time. It is worked out once the answers are in: in a worker just started (every
  // alarm's sync) the platform clock is set only by their Date header, and before that ctx.now()
  // is the device's own clock, which may be minutes off (more than the overlap absorbs).
  const askedAt = performance.now();
  // edit_date is local time of the account; the overlap absorbs clock skew between the platform's
  // clock and the one we read (and records written in the same second as the mark).
  const since = localTimestamp((before.lastSyncedAt ?? 0) - ctx.overlapMs, before.timeZone);
  ctx.publish({ ...before, phase: 'incremental', lastError: null, skipped: 0, skippedExamples: [] });
  const opts = { filter: [gt('edit_date', since)], ...(signal === undefined ? {} : { signal }) };
  const [companies, jobs] = await Promise.all([
    collect(source.companies.pages(opts)),
    collect(source.jobs.pages(opts)),
  ]);
  const startedAt = (await ctx.now()) - (performance.now() - askedAt);

  const index = await ctx.index();
  const { upsert, remove } = await searchChanges(ctx, jobs.records, companies.records);
  if (upsert.length > 0 || remove.length > 0) applyChanges(index, { upsert, remove });

  const state = ctx.state();
  const done: StoredSyncState = {
    ...state,
    ...withSkipped(state, [...companies.skipped, ...jobs.skipped]),
    phase: 'idle',
    lastSyncedAt: startedAt,
    lastError: null,
  };
  const changed = upsert.length > 0 || remove.length > 0;
  const search = changed
    ? { search: { value: serializeIndex(index, await accountToday(ctx)), withMain: !ctx.mainStored(index) } }
    : {};
  // "append": changed jobs go to the tail segment, so a few scattered changes rewrite one segment.
  await cache.write({ jobs: jobs.records, companies: companies.records, placement: 'append', state: done, ...search });
  if (changed) ctx.setIndex(index);
  await cache.compactIfNeeded();
  await syncCustomers(ctx, signal, 'incremental', { jobs: jobs.records, companies: companies.records });
  ctx.publish({ ...done, counts: cache.counts() });
}

/** Stores jobs read outside a sync (same path as an incremental sync's, but no request and no new
 * mark: the next incremental sync still reads them, harmlessly). Resolves once the jobs are stored and searchable,
 * with the customers' update they owe (customer-sync.ts), which runs after: a person waits for the job they were
 * told of, not for the customer index's job lists (at 58,500 jobs a new job's update of them cost more than the
 * job's own write). `made`: the customer this browser made with them (lib/outbox/runner.ts reads it back), stored and
 * searchable with them. */
export async function upsertJobs(
  ctx: SyncContext,
  jobs: readonly Job[],
  made: MadeCustomers = { companies: [] },
): Promise<{ customers: Promise<void> }> {
  if (jobs.length === 0) return { customers: Promise.resolve() };
  const { cache } = ctx;
  const index = await ctx.index();
  const { upsert, remove } = await searchChanges(ctx, jobs, made.companies);
  applyChanges(index, { upsert, remove });
  const state = ctx.state();
  await cache.write({
    jobs,
    ...(made.companies.length > 0 ? { companies: made.companies } : {}),
    placement: 'append',
    state,
    search: { value: serializeIndex(index, await accountToday(ctx)), withMain: !ctx.mainStored(index) },
  });
  ctx.setIndex(index);
  await cache.compactIfNeeded();
  ctx.publish({ ...state, counts: cache.counts() });
  return { customers: syncCustomers(ctx, undefined, 'local', { ...made, jobs }) };
}

/** Search documents for changed jobs, and for jobs whose customer was renamed. */
async function searchChanges(ctx: SyncContext, jobs: readonly Job[], companies: readonly Company[]) {
  const { cache } = ctx;
  const names = new Map(companies.map((c) => [c.uuid, c.name]));
  const renamed = new Set(
    (await cache.getCompanies([...names.keys()])).filter((c) => names.get(c.uuid) !== c.name).map((c) => c.uuid),
  );
  const unknown = [
    ...new Set(jobs.flatMap((j) => (j.company_uuid !== null && !names.has(j.company_uuid) ? [j.company_uuid] : []))),
  ];
  for (const company of await cache.getCompanies(unknown)) names.set(company.uuid, company.name);

  const upsert = searchDocs(jobs, names);
  const remove = jobs.filter((j) => !j.active).map((j) => j.uuid);
  if (renamed.size > 0) {
    // Rare (a customer renamed): their other jobs are found by reading the segments once.
    const changed = new Set(jobs.map((j) => j.uuid));
    const affected = (await cache.allJobs()).filter(
      (j) => j.company_uuid !== null && renamed.has(j.company_uuid) && !changed.has(j.uuid),
    );
    upsert.push(...searchDocs(affected, names));
  }
  return { upsert, remove };
}
