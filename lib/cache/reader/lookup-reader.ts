// The cache's job records, read only while there is no search index yet (the first sync is still
// storing pages): then the popup lists jobs from the lookups and job segments. Once an index is
// stored, rows come from its display fields and nothing here runs.
import type { Company, Job } from '../../api/schemas';
import { createLookup } from '../store/lookup';
import type { CompanyLookupChunk, CompanySegment, JobSegment, JobSegmentV2, LookupChunk } from '../store/schema';
import { decodeJobAt, segmentColumns } from '../store/segment-codec';
import { idbRequest } from './idb-read';

export interface LookupReader {
  jobCount: number;
  /** Live jobs in the order asked; unknown and deleted ones are left out. */
  jobs(uuids: readonly string[]): Promise<Job[]>;
  /** Jobs scheduled on a local day (`YYYY-MM-DD`, earliest first), or else the most recently edited. */
  list(options: { on?: string; limit: number }): Promise<Job[]>;
  /** Company names by uuid, for the customer column. */
  companyNames(uuids: readonly string[]): Promise<Map<string, string>>;
}

const has = (db: IDBDatabase, name: string) => db.objectStoreNames.contains(name);

export async function openLookupReader(db: IDBDatabase): Promise<LookupReader> {
  const stores = ['jobLookup', 'companyLookup'].filter((n) => has(db, n));
  const tx = stores.length > 0 ? db.transaction(stores, 'readonly') : null;
  const all = <T>(store: string): Promise<T[]> =>
    tx && has(db, store) ? idbRequest(tx.objectStore(store).getAll() as IDBRequest<T[]>) : Promise.resolve([]);
  const [jobChunks, companyChunks] = await Promise.all([
    all<LookupChunk>('jobLookup'),
    all<CompanyLookupChunk>('companyLookup'),
  ]);
  const lookup = createLookup();
  for (const chunk of jobChunks) lookup.putJobChunk(chunk);
  for (const chunk of companyChunks) lookup.putCompanyChunk(chunk);

  // A segment holds many jobs: keep the ones read.
  const jobSegments = new Map<number, Promise<JobSegment | JobSegmentV2 | undefined>>();
  const jobChunksRead = new Map<number, Promise<LookupChunk | undefined>>();
  const companySegments = new Map<number, Promise<CompanySegment | undefined>>();
  function segment<T>(memo: Map<number, Promise<T | undefined>>, store: string, id: number): Promise<T | undefined> {
    let found = memo.get(id);
    if (!found) {
      found = idbRequest<T | undefined>(db.transaction(store, 'readonly').objectStore(store).get(id));
      memo.set(id, found);
    }
    return found;
  }

  /** A job segment and the lookup chunk stored with it, read in one transaction: the sync may have written both
   * since this reader read its chunks. */
  function jobSegment(id: number): [Promise<JobSegment | JobSegmentV2 | undefined>, Promise<LookupChunk | undefined>] {
    let found = jobSegments.get(id);
    let chunk = jobChunksRead.get(id);
    if (!found || !chunk) {
      const tx = db.transaction(['jobSegments', 'jobLookup'], 'readonly');
      found = idbRequest<JobSegment | JobSegmentV2 | undefined>(tx.objectStore('jobSegments').get(id));
      chunk = idbRequest<LookupChunk | undefined>(tx.objectStore('jobLookup').get(id));
      jobSegments.set(id, found);
      jobChunksRead.set(id, chunk);
    }
    return [found, chunk];
  }

  async function jobs(uuids: readonly string[]): Promise<Job[]> {
    const places = uuids.map((uuid) => lookup.liveJobLocation(uuid));
    const found = await Promise.all(
      places.map(async (p) => {
        if (!p) return undefined;
        const [segment, chunk] = jobSegment(p.segment);
        return jobAt(await segment, await chunk, p.position);
      }),
    );
    return found.filter((job): job is Job => job !== undefined && job.active);
  }

  return {
    jobCount: lookup.counts().jobs,
    jobs,
    async list({ on, limit }) {
      const picked: Array<{ uuid: string; key: string }> = [];
      for (const chunk of lookup.jobChunks()) {
        for (let i = 0; i < chunk.uuids.length; i++) {
          if (chunk.active[i] !== 1) continue;
          const key = on === undefined ? chunk.edits[i]! : chunk.dates[i]!;
          if (on !== undefined && !key.startsWith(on)) continue;
          picked.push({ uuid: chunk.uuids[i]!, key });
        }
      }
      // `YYYY-MM-DD HH:MM:SS` sorts as text: a day's jobs earliest first, recent edits newest first.
      picked.sort((a, b) => (a.key === b.key ? 0 : a.key < b.key === (on !== undefined) ? -1 : 1));
      return jobs(picked.slice(0, limit).map((p) => p.uuid));
    },
    async companyNames(uuids) {
      const names = new Map<string, string>();
      await Promise.all(
        [...new Set(uuids)].map(async (uuid) => {
          const p = lookup.companyLocation(uuid);
          const company: Company | undefined = p
            ? (await segment<CompanySegment>(companySegments, 'companySegments', p.segment))?.companies[p.position]
            : undefined;
          if (company) names.set(uuid, company.name);
        }),
      );
      return names;
    },
  };
}

/** Job `position` of a stored segment. The popup never upgrades the database (idb-read.ts), so it
 * may read a version-2 cache the background has not converted yet: its segments hold objects. */
function jobAt(
  segment: JobSegment | JobSegmentV2 | undefined,
  chunk: LookupChunk | undefined,
  position: number,
): Job | undefined {
  if (!segment) return undefined;
  if ('jobs' in segment) return segment.jobs[position];
  return position < segment.count ? decodeJobAt(segmentColumns(segment.columns, chunk), position) : undefined;
}
