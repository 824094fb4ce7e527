// Reading the offline cache: jobs by uuid and by job number, lists for "recent" and "today",
// companies, counts. Lookups go through the in-memory compact index (lookup.ts) to one segment
// read; tombstones (inactive jobs) are kept in the segments but never returned by lookups.
import type { Company, Job } from '../../api/schemas';
import { compactJobs, needsCompaction } from './compaction';
import { createLookup, normalizeJobNumber, SUPERSEDED, type Lookup } from './lookup';
import type { CacheDatabase, JobSegment } from './schema';
import { decodeJobAt, jobFieldAt, segmentColumns } from './segment-codec';
import { writeBatch, type WriteBatch, type WriteResult } from './segment-writer';
import { readSyncState, type StoredSyncState, type SyncCounts } from './sync-state';

export interface ListOptions {
  /** Jobs scheduled on this local day (`YYYY-MM-DD`), earliest first; without it, the most
   * recently edited jobs, newest first. */
  on?: string;
  /** 20 when absent. */
  limit?: number;
}

/** Opens the cache held in `db`: reads the lookup chunks (one small record per segment). */
export async function openJobCache(db: CacheDatabase): Promise<JobCache> {
  const lookup = createLookup();
  const tx = db.transaction(['jobLookup', 'companyLookup'], 'readonly');
  const [jobChunks, companyChunks] = await Promise.all([
    tx.objectStore('jobLookup').getAll(),
    tx.objectStore('companyLookup').getAll(),
  ]);
  for (const chunk of jobChunks) lookup.putJobChunk(chunk);
  for (const chunk of companyChunks) lookup.putCompanyChunk(chunk);
  return createJobCache(db, lookup);
}

export function createJobCache(db: CacheDatabase, lookup: Lookup) {
  /** A stored segment's columns, whole (the chunk in memory is the one stored with it: both change in one
   * transaction, and the lookup after it commits). */
  const columnsOf = (seg: JobSegment) => segmentColumns(seg.columns, lookup.jobChunk(seg.id));

  /** Reads records at known places, one segment read per segment touched. */
  async function readJobs(
    places: ReadonlyArray<{ segment: number; position: number } | undefined>,
  ): Promise<Array<Job | undefined>> {
    const segments = [...new Set(places.flatMap((p) => (p ? [p.segment] : [])))];
    const tx = db.transaction('jobSegments', 'readonly');
    const stored = await Promise.all(segments.map((id) => tx.store.get(id)));
    const loaded = new Map(
      stored.map((seg, i) => [segments[i]!, seg && { count: seg.count, columns: columnsOf(seg) }] as const),
    );
    return places.map((p) => {
      const seg = p ? loaded.get(p.segment) : undefined;
      return seg && p!.position < seg.count ? decodeJobAt(seg.columns, p!.position) : undefined;
    });
  }

  async function getJobs(uuids: readonly string[]): Promise<Job[]> {
    const found = await readJobs(uuids.map((uuid) => lookup.liveJobLocation(uuid)));
    return found.filter((job): job is Job => job !== undefined && job.active);
  }

  async function getCompanies(uuids: readonly string[]): Promise<Company[]> {
    const places = uuids.map((uuid) => lookup.companyLocation(uuid));
    const segments = [...new Set(places.flatMap((p) => (p ? [p.segment] : [])))];
    const tx = db.transaction('companySegments', 'readonly');
    const loaded = new Map(
      (await Promise.all(segments.map((id) => tx.store.get(id)))).map((seg, i) => [segments[i]!, seg]),
    );
    return places.flatMap((p) => {
      const company = p ? loaded.get(p.segment)?.companies[p.position] : undefined;
      return company ? [company] : [];
    });
  }

  return {
    db,
    lookup,
    /** A live job; undefined for unknown and deleted (tombstoned) jobs unless `includeInactive`. */
    async getJob(uuid: string, opts: { includeInactive?: boolean } = {}): Promise<Job | undefined> {
      const place = opts.includeInactive ? lookup.jobLocation(uuid) : lookup.liveJobLocation(uuid);
      const [job] = await readJobs([place]);
      return job && (job.active || opts.includeInactive) ? job : undefined;
    },
    /** The live job with this number ("1042", "#1042"). */
    async getJobByNumber(number: string): Promise<Job | undefined> {
      const uuid = lookup.uuidOfNumber(number);
      const job = uuid === undefined ? undefined : (await getJobs([uuid]))[0];
      // The entry may outlive a renumbered job (numbers are read-only, but be sure).
      return job && normalizeJobNumber(job.generated_job_id) === normalizeJobNumber(number) ? job : undefined;
    },
    /** Live jobs in the order asked (search results); unknown and deleted ones are left out. */
    getJobs,
    async listJobs(opts: ListOptions = {}): Promise<Job[]> {
      const limit = opts.limit ?? 20;
      const picked: Array<{ uuid: string; key: string }> = [];
      for (const chunk of lookup.jobChunks()) {
        for (let i = 0; i < chunk.uuids.length; i++) {
          if (chunk.active[i] !== 1) continue;
          if (opts.on !== undefined && !chunk.dates[i]!.startsWith(opts.on)) continue;
          picked.push({ uuid: chunk.uuids[i]!, key: opts.on === undefined ? chunk.edits[i]! : chunk.dates[i]! });
        }
      }
      // Dates are `YYYY-MM-DD HH:MM:SS`, so text order is time order.
      picked.sort(
        opts.on === undefined
          ? (a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0)
          : (a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
      );
      return getJobs(picked.slice(0, limit).map((p) => p.uuid));
    },
    async getCompany(uuid: string): Promise<Company | undefined> {
      return (await getCompanies([uuid]))[0];
    },
    getCompanies,
    /** Every cached company (they are few: one segment per SEGMENT_SIZE). */
    async allCompanies(): Promise<Company[]> {
      return (await db.getAll('companySegments')).flatMap((seg) => seg.companies);
    },
    /** Every cached job, segment by segment; tombstones only when asked. */
    async allJobs(opts: { includeInactive?: boolean } = {}): Promise<Job[]> {
      const jobs: Job[] = [];
      for (const seg of await db.getAll('jobSegments')) {
        const flags = lookup.jobChunk(seg.id)?.active;
        const columns = columnsOf(seg);
        for (let i = 0; i < seg.count; i++) {
          // Only the jobs returned are decoded: superseded copies and unwanted tombstones are not.
          if (flags?.[i] === SUPERSEDED || !(opts.includeInactive || jobFieldAt(columns, 'active', i))) continue;
          jobs.push(decodeJobAt(columns, i));
        }
      }
      return jobs;
    },
    counts: (): SyncCounts => lookup.counts(),
    async loadState(): Promise<StoredSyncState> {
      return readSyncState(await db.get('sync', 'state'));
    },
    /** Stores jobs, companies and the sync state in one transaction (segment-writer.ts). */
    write: (batch: WriteBatch): Promise<WriteResult> => writeBatch(db, lookup, batch),
    /** Empties every store (a full sync from scratch); the sync state is replaced by `state`. */
    async clear(state: StoredSyncState): Promise<void> {
      const names = [
        'jobSegments',
        'jobLookup',
        'companySegments',
        'companyLookup',
        'search',
        'searchMain',
        'customers',
        'sync',
      ] as const;
      const tx = db.transaction(names, 'readwrite');
      await Promise.all([
        ...names.map((n) => tx.objectStore(n).clear()),
        tx.objectStore('sync').put(state, 'state'),
        tx.done,
      ]);
      lookup.clear();
    },
    /** Rewrites the job segments without superseded copies when they have piled up (compaction.ts). */
    async compactIfNeeded(): Promise<number> {
      return needsCompaction(lookup) ? compactJobs(db, lookup) : 0;
    },
    close: () => db.close(),
  };
}

export type JobCache = ReturnType<typeof createJobCache>;
