// Shared set-up of the cache integration tests (not a test file): the real emulator in process on
// 127.0.0.1 (ephemeral port), platform clients that count their requests, fresh cache databases,
// and what the server holds, reduced to a count and a content hash for equality checks.
import { createHash } from 'node:crypto';
import { createPlatformClient, type PlatformClientOptions } from '../../../lib/api/client';
import { createRateLimiter } from '../../../lib/api/rate-limiter';
import { jobRecord } from '../../../lib/api/schemas';
import type { Job } from '../../../lib/api/schemas';
import { createCacheSync, openCacheDb, openJobCache, type CacheSyncOptions, type JobCache } from '../../../lib/cache';
import { cacheDbName } from '../../../lib/databases';
import { startSeededEmulator } from '../../support/emulator';

/** Short backoff so fault tests finish in seconds. */
const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 40, limit: 6 } as const;
const SCOPES = ['read_jobs', 'read_customers', 'vendor', 'manage_jobs'];

let dbCounter = 0;

/** `pageSize`: records per cursor page (the emulator's switch; the spec's 1,000 by default, the real
 * platform's 5,000 when asked). */
export async function startPlatform(opts: { jobs?: number; seed?: number; pageSize?: number } = {}) {
  const emulator = await startSeededEmulator({
    jobs: opts.jobs ?? 3000,
    seed: opts.seed ?? 11,
    rateLimitPerMinute: 1_000_000,
    ...(opts.pageSize === undefined ? {} : { pageSize: opts.pageSize }),
  });
  const { info, control, account, staff } = emulator;

  /** A platform client whose requests are counted (retries included: each attempt is a fetch).
   * `answer` may rewrite each answer before the client sees it (a platform that gets its cursors wrong). */
  async function client(as: { impersonate?: string; answer?: (response: Response, url: URL) => Response } = {}) {
    let requests = 0;
    const common: Omit<PlatformClientOptions, 'auth'> = {
      baseUrl: info.base_url,
      limiter: createRateLimiter({ perMinute: 1_000_000 }),
      retry: FAST_RETRY,
      fetch: async (input, init) => {
        requests++;
        const response = await globalThis.fetch(input, init);
        const url = new URL(input instanceof Request ? input.url : String(input));
        return as.answer ? as.answer(response, url) : response;
      },
    };
    let api;
    if (as.impersonate === undefined) {
      api = createPlatformClient({ ...common, auth: { kind: 'api_key', apiKey: account.api_key } });
    } else {
      const tokens = await emulator.fixedTokens(staff('administrator').uuid, SCOPES);
      api = createPlatformClient({ ...common, auth: { kind: 'oauth', tokens }, impersonateStaffUuid: as.impersonate });
    }
    return { api, requests: () => requests };
  }

  /** A cache in its own database (cacheDbName of this account and `staff`, made unique per test). */
  async function cache(staffUuid: string | 'all' = 'all') {
    return openJobCache(await openCacheDb(`${cacheDbName(account.uuid, staffUuid)}#${++dbCounter}`));
  }

  /** A sync on the emulator's clock (the platform time edit_date is written in). */
  function sync(options: Omit<CacheSyncOptions, 'now'>) {
    return createCacheSync({ ...options, now: () => control.now() });
  }

  /** A browser's first sync: a counted client (as `client`), an empty cache of its own, and the sync between them. */
  async function freshSync(as: Parameters<typeof client>[0] = {}, more: Pick<CacheSyncOptions, 'contactsWanted'> = {}) {
    const { api, requests } = await client(as);
    const emptyCache = await cache();
    return { api, requests, cache: emptyCache, sync: sync({ client: api, cache: emptyCache, ...more }) };
  }

  /** A browser's first sync run to the end, its customers' contacts read too: its state, the server's jobs
   * (inactive ones too) and the cache's. */
  async function syncedFresh() {
    const fresh = await freshSync();
    const state = await fresh.sync.run();
    await fresh.sync.customersSettled(); // the contacts are read after "synced", in the background
    const server = await serverJobs();
    const cached = await fresh.cache.allJobs({ includeInactive: true });
    return { ...fresh, state, server, cached };
  }

  /** A sync into `into` whose worker is stopped once `jobsStored` jobs are stored: the run, to be rejected. */
  async function syncCutAfter(into: JobCache, jobsStored: number): Promise<unknown> {
    const { api } = await client();
    const controller = new AbortController();
    const cut = sync({
      client: api,
      cache: into,
      onProgress: (s) => {
        if (s.jobsStored >= jobsStored) controller.abort();
      },
    });
    return cut.run({ signal: controller.signal });
  }

  /** Every job on the server (active and inactive), read through the same record reader as the client. */
  async function serverJobs(uuids?: readonly string[]): Promise<Job[]> {
    const raw = await control.listRecords(account.uuid, 'job');
    const wanted = uuids === undefined ? undefined : new Set(uuids);
    return raw.flatMap((r) => {
      const parsed = jobRecord.parse(r);
      return parsed.ok && (wanted === undefined || wanted.has(parsed.value.uuid)) ? [parsed.value] : [];
    });
  }

  /** Removes a job the way the platform's API does (DELETE sets active to 0). */
  async function deleteJob(uuid: string): Promise<void> {
    const res = await fetch(`${info.base_url}/api_1.0/job/${uuid}.json`, {
      method: 'DELETE',
      headers: { 'x-api-key': account.api_key },
    });
    if (!res.ok) throw new Error(`DELETE job ${uuid}: ${res.status} ${await res.text()}`);
  }

  /** Requests of the customer index's first read at the end of a first full sync
   * (lib/cache/sync/customer-sync.ts): the vendor, then every company contact and job contact, in pages. */
  async function customerReads(pageSize = opts.pageSize ?? 1000): Promise<number> {
    const pages = async (type: string) =>
      Math.max(1, Math.ceil((await control.listRecords(account.uuid, type)).length / pageSize));
    return 1 + (await pages('companycontact')) + (await pages('jobcontact'));
  }

  return {
    info,
    control,
    account,
    staff,
    client,
    cache,
    sync,
    freshSync,
    syncedFresh,
    syncCutAfter,
    serverJobs,
    deleteJob,
    customerReads,
    close: emulator.close,
  };
}

export type Platform = Awaited<ReturnType<typeof startPlatform>>;

/** Count, distinct count and a hash of the content (sorted by uuid), to compare cache and server. */
export function fingerprint(jobs: readonly Job[]) {
  const sorted = [...jobs].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
  const hash = createHash('sha256');
  for (const job of sorted) hash.update(JSON.stringify(job, Object.keys(job).sort()));
  return { count: jobs.length, distinct: new Set(jobs.map((j) => j.uuid)).size, hash: hash.digest('hex') };
}
