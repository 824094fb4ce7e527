// Writes jobs and companies into segments. A new uuid is appended to the tail segment (a fresh one once the tail holds
// SEGMENT_SIZE). A known uuid is either replaced where it is stored ("in-place": full sync pages, which rewrite their
// segment anyway) or, for a few scattered changes ("append": incremental sync), appended to the tail with its old slot
// marked superseded in that segment's small lookup chunk, so ten changes cost one segment write instead of ten.
// Segments, their lookup chunks and the sync state go in ONE transaction, so a sync cut off between two pages leaves
// either the whole page and its saved cursor, or neither: resuming never duplicates. Job segments are stored as columns
// (segment-codec.ts), rebuilt column by column without decoding the jobs that stay; the four its lookup chunk holds are
// stored in the chunk only. Every put names its key (schema.ts says why).
//
// Segments hold SEGMENT_SIZE jobs whatever size the platform pages in: a page larger than that (the real platform's)
// becomes several segments, all written in that page's one transaction with the cursor after it; a smaller one fills
// the tail. One segment per page would make segment size the platform's choice: writing the pages costs about the same
// either way, but every lookup reads and clones a whole segment, and every incremental sync rewrites the tail one, both
// in proportion to its size (`npm run bench -- segments` measures the two layouts in Chromium).
import type { Company, Job } from '../../api/schemas';
import { storedParts, type SearchWrite } from './search-parts';
import { companyChunk, jobChunk, SEGMENT_SIZE, SUPERSEDED, type KnownHashes, type Lookup } from './lookup';
import type { CacheDatabase, CompanyLookupChunk, LookupChunk } from './schema';
import { jobCount, segmentColumns, storedColumns, updateJobs } from './segment-codec';
import type { StoredSyncState } from './sync-state';
import { UuidPlaces, uuidHash } from './uuid-places';
import { CUSTOMERS_PENDING_KEY } from './customer-store';

export type Placement = 'in-place' | 'append';

export interface WriteBatch {
  jobs?: readonly Job[];
  /** Where changed jobs go (see above); "in-place" when absent. */
  placement?: Placement;
  /** Jobs to forget (no longer visible to this staff member): their slots are marked superseded. */
  drop?: readonly string[];
  companies?: readonly Company[];
  state?: StoredSyncState;
  /** The search index updated for these records, so index and cache never disagree after a crash. */
  search?: SearchWrite;
  /** Marks a full build of the customers owed (customer-store.ts), committed with the rest of the batch. */
  customersPending?: true;
  /** CPU work run once every request is issued, while the batch commits (must not throw). The commit is asked for
   * first: by itself it waits for every request's event, which would wait for this work. */
  whileCommitting?: () => void;
}

export interface WriteResult {
  /** Jobs not cached before. */
  added: number;
  /** Jobs that replaced a cached version (tombstones included). */
  replaced: number;
}

interface Located {
  segment: number;
  position: number;
}

/** Where each record goes: replacements by segment, then appends filling the tail and new segments. */
export function planPlacement<R extends { uuid: string }>(
  records: readonly R[],
  locate: (uuid: string, hash: number) => Located | undefined,
  tail: { segment: number; size: number },
  placement: Placement = 'in-place',
): {
  replace: Map<number, Map<number, R>>;
  append: Map<number, R[]>;
  /** Each appended record's uuidHash, in `append`'s order: the lookup files them after the commit without hashing
   * 100,000 uuids a full sync a second time. */
  appendHashes: Map<number, number[]>;
  supersede: Map<number, Set<number>>;
  added: number;
  replaced: number;
} {
  const replace = new Map<number, Map<number, R>>();
  const append = new Map<number, R[]>();
  const supersede = new Map<number, Set<number>>();
  // Records to append, each uuid once at its first place in the batch (a uuid twice in one batch: the later copy
  // wins): new ones, then moved ones. Found by the uuid's hash (uuid-places.ts says why not a Map).
  const fresh: R[] = [];
  const moved: R[] = [];
  const freshHashes: number[] = [];
  const movedHashes: number[] = [];
  const appendAt = new UuidPlaces(records.length);
  const toAppend = (list: R[], hashes: number[], record: R, hash: number) => {
    const at = appendAt.get(record.uuid, hash);
    if (at === undefined) {
      appendAt.set(record.uuid, hash, list.length);
      list.push(record);
      hashes.push(hash);
    } else list[at] = record;
  };
  let replaced = 0;
  for (const record of records) {
    const hash = uuidHash(record.uuid);
    const loc = locate(record.uuid, hash);
    if (loc === undefined) {
      toAppend(fresh, freshHashes, record, hash);
      continue;
    }
    // In the tail, if it still has room, the job is replaced where it is: that segment is written anyway.
    if (placement === 'append' && !(loc.segment === tail.segment && tail.size < SEGMENT_SIZE)) {
      let slots = supersede.get(loc.segment);
      if (!slots) supersede.set(loc.segment, (slots = new Set()));
      if (!slots.has(loc.position)) replaced++;
      slots.add(loc.position);
      toAppend(moved, movedHashes, record, hash);
      continue;
    }
    let bySlot = replace.get(loc.segment);
    if (!bySlot) replace.set(loc.segment, (bySlot = new Map()));
    if (!bySlot.has(loc.position)) replaced++;
    bySlot.set(loc.position, record);
  }
  const appendHashes = new Map<number, number[]>();
  let segment = tail.segment < 0 ? 0 : tail.segment;
  let size = tail.segment < 0 ? 0 : tail.size;
  const appended = fresh.length === 0 ? moved : moved.length === 0 ? fresh : [...fresh, ...moved];
  const hashes = fresh.length === 0 ? movedHashes : moved.length === 0 ? freshHashes : [...freshHashes, ...movedHashes];
  let list: R[] | null = null;
  let listHashes: number[] = [];
  for (let i = 0; i < appended.length; i++) {
    if (size >= SEGMENT_SIZE) {
      segment++;
      size = 0;
      list = null;
    }
    if (list === null) {
      append.set(segment, (list = []));
      appendHashes.set(segment, (listHashes = []));
    }
    list.push(appended[i]!);
    listHashes.push(hashes[i]!);
    size++;
  }
  return { replace, append, appendHashes, supersede, added: fresh.length, replaced };
}

export async function writeBatch(db: CacheDatabase, lookup: Lookup, batch: WriteBatch): Promise<WriteResult> {
  const jobs = batch.jobs ?? [];
  const companies = batch.companies ?? [];
  const jobTail = lookup.lastJobSegment();
  const jobPlan = planPlacement(
    jobs,
    lookup.jobLocation,
    { segment: jobTail, size: lookup.jobChunk(jobTail)?.uuids.length ?? 0 },
    batch.placement,
  );
  for (const uuid of batch.drop ?? []) {
    const loc = lookup.jobLocation(uuid);
    if (loc === undefined) continue;
    let slots = jobPlan.supersede.get(loc.segment);
    if (!slots) jobPlan.supersede.set(loc.segment, (slots = new Set()));
    slots.add(loc.position);
  }
  const companyTail = lookup.lastCompanySegment();
  const companyPlan = planPlacement(companies, lookup.companyLocation, {
    segment: companyTail,
    size: lookup.companySize(companyTail),
  });

  const customers = batch.customersPending === true && db.objectStoreNames.contains('customers');
  const tx = db.transaction(
    [
      'jobSegments',
      'jobLookup',
      'companySegments',
      'companyLookup',
      'sync',
      'search',
      'searchMain',
      ...(customers ? (['customers'] as const) : []),
    ],
    'readwrite',
  );
  const jobStore = tx.objectStore('jobSegments');
  const companyStore = tx.objectStore('companySegments');
  const jobIds = [...new Set([...jobPlan.replace.keys(), ...jobPlan.append.keys()])];
  const companyIds = [...new Set([...companyPlan.replace.keys(), ...companyPlan.append.keys()])];
  // Only IndexedDB requests are awaited inside the transaction: any other await would let it commit.
  const [jobSegs, companySegs] = await Promise.all([
    Promise.all(jobIds.map((id) => (lookup.jobChunk(id) === undefined ? undefined : jobStore.get(id)))),
    Promise.all(companyIds.map((id) => (lookup.companySize(id) === 0 ? undefined : companyStore.get(id)))),
  ]);
  const newJobChunks: Array<[LookupChunk, KnownHashes | undefined]> = [];
  /** Segments that only lost slots: the lookup marks those slots, without re-reading the chunk. */
  const supersededOnly: Array<[number, Set<number>]> = [];
  const newCompanyChunks: CompanyLookupChunk[] = [];
  const writes: Promise<unknown>[] = [];
  try {
    jobIds.forEach((id, i) => {
      const held = lookup.jobChunk(id);
      const stored = jobSegs[i] && segmentColumns(jobSegs[i].columns, held);
      const columns = updateJobs(stored, jobPlan.replace.get(id), jobPlan.append.get(id));
      writes.push(jobStore.put({ id, count: jobCount(columns), columns: storedColumns(columns) }, id));
      const chunk = withSuperseded(jobChunk(id, columns), held, jobPlan.supersede.get(id));
      writes.push(tx.objectStore('jobLookup').put(chunk, id));
      const appended = jobPlan.appendHashes.get(id);
      newJobChunks.push([chunk, appended && { from: jobCount(columns) - appended.length, hashes: appended }]);
    });
    // Segments that only lost jobs to the tail: their chunk changes, the segment itself is not touched.
    for (const [id, slots] of jobPlan.supersede) {
      if (jobIds.includes(id)) continue;
      const old = lookup.jobChunk(id)!;
      const chunk = withSuperseded({ ...old, active: old.active.slice() }, undefined, slots);
      writes.push(tx.objectStore('jobLookup').put(chunk, id));
      supersededOnly.push([id, slots]);
    }
    companyIds.forEach((id, i) => {
      const list = merge(companySegs[i]?.companies ?? [], companyPlan.replace.get(id), companyPlan.append.get(id));
      writes.push(companyStore.put({ id, companies: list }, id));
      const chunk = companyChunk(id, list);
      writes.push(tx.objectStore('companyLookup').put(chunk, id));
      newCompanyChunks.push(chunk);
    });
    if (customers) writes.push(tx.objectStore('customers').put(true, CUSTOMERS_PENDING_KEY));
    if (batch.state) writes.push(tx.objectStore('sync').put(batch.state, 'state'));
    if (batch.search) {
      const { rest, main } = storedParts(batch.search.value);
      writes.push(tx.objectStore('search').put(rest, 'index'));
      if (batch.search.withMain) writes.push(tx.objectStore('searchMain').put(main, 'main'));
    }
  } catch (error) {
    // A value the database refuses (one it cannot clone) fails its put at once, and the puts
    // issued before it would still commit: abort, so the batch stays all or nothing.
    tx.abort();
    await Promise.allSettled([...writes, tx.done]);
    throw error;
  }
  if (batch.whileCommitting) tx.commit();
  batch.whileCommitting?.();
  await Promise.all([...writes, tx.done]);
  // Only after the commit: a failed transaction (quota) leaves the in-memory index as the database.
  // Rewritten chunks first, so a moved job already points to its new slot when its old one is marked.
  for (const [chunk, known] of newJobChunks) lookup.putJobChunk(chunk, known);
  for (const [id, slots] of supersededOnly) lookup.supersedeJobs(id, slots);
  for (const chunk of newCompanyChunks) lookup.putCompanyChunk(chunk);
  return { added: jobPlan.added, replaced: jobPlan.replaced };
}

/** Keeps the superseded marks of a rewritten segment (positions never move) and adds new ones. */
function withSuperseded(chunk: LookupChunk, old: LookupChunk | undefined, slots: Set<number> | undefined): LookupChunk {
  if (old) for (let i = 0; i < old.active.length; i++) if (old.active[i] === SUPERSEDED) chunk.active[i] = SUPERSEDED;
  if (slots) for (const i of slots) chunk.active[i] = SUPERSEDED;
  return chunk;
}

function merge<R>(stored: R[], replace: Map<number, R> | undefined, append: R[] | undefined): R[] {
  const list = stored;
  if (replace) for (const [position, record] of replace) list[position] = record;
  if (append) for (const record of append) list.push(record);
  return list;
}
