// The in-memory side of the compact index: uuid → segment and job number → uuid, built from the
// lookup chunks (one per segment) and kept current as segments are rewritten. Pure: no IndexedDB.
import { lowerCase } from '../../api/fields';
import type { Company } from '../../api/schemas';
import type { CompanyLookupChunk, LookupChunk } from './schema';
import { fieldValues, type JobColumns } from './segment-codec';
import { UuidPlaces, uuidHash } from './uuid-places';

/** Jobs per segment, whatever size the platform pages in (segment-writer.ts says why). */
export const SEGMENT_SIZE = 1000;
/** Positions per segment in a packed place (segments never hold more than this many slots). */
const PLACE = 1 << 16;
/** Bits of the filter of stored uuids (256 KB): at 100,000 jobs about one unknown uuid in twenty passes it. */
const FILTER_BITS = 1 << 21;
/** `LookupChunk.active` values. */
export const TOMBSTONE = 0;
export const LIVE = 1;
export const SUPERSEDED = 2;

/** The chunk of a job segment, read from its columns, each list made once from its column (no intermediate
 * copy). Dense arrays (fieldValues, map): V8 clones an array made by `new Array(n)` key by key, more slowly
 * (segment-codec.ts). The active flags are the column's own bytes: stored 1 for live, 0 otherwise, as LIVE and
 * TOMBSTONE are. */
export function jobChunk(segment: number, columns: JobColumns): LookupChunk {
  return {
    segment,
    uuids: fieldValues(columns, 'uuid'),
    numbers: fieldValues(columns, 'generated_job_id'),
    active: columns.active.slice(),
    dates: columns.date.map((date) => date ?? ''),
    edits: columns.edit_date.map((edit) => edit ?? ''),
  };
}

export function companyChunk(segment: number, companies: readonly Company[]): CompanyLookupChunk {
  return { segment, uuids: companies.map((c) => c.uuid) };
}

/** Job numbers are compared as people type them: trimmed, case-insensitive, without a leading "#". */
export function normalizeJobNumber(number: string): string {
  // A number with printable ASCII at both ends and no "#" has nothing to trim or strip: no regex run, no new string
  // (a full sync files 100,000 numbers).
  const first = number.charCodeAt(0);
  const last = number.charCodeAt(number.length - 1);
  if (first > 32 && first < 127 && first !== 35 && last > 32 && last < 127) return lowerCase(number);
  return lowerCase(number.trim().replace(/^#/, ''));
}

/** The uuidHash of a chunk's uuids from position `from` on (`hashes[i]` is position `from + i`'s), as the placement
 * of the batch that wrote it computed them. */
export interface KnownHashes {
  from: number;
  hashes: readonly number[];
}

/** Where a uuid falls in the filter: its bits of the hash the place table finds it by. */
const filterSlot = (hash: number) => hash & (FILTER_BITS - 1);

export function createLookup() {
  const jobChunks = new Map<number, LookupChunk>();
  const companyChunks = new Map<number, CompanyLookupChunk>();
  /** uuid → segment * PLACE + position; tombstones included (an update must find its old place).
   * A number, not an object per job: 100,000 long-lived objects are work for every major GC. Keyed by the uuid's
   * hash (uuid-places.ts says why not a Map), computed once per uuid for the table and the filter. */
  const jobAt = new UuidPlaces();
  /** A bit for every uuid ever put in jobAt since the last clear (a forgotten one keeps its bit). A full sync asks
   * for 100,000 uuids it has never stored: a clear bit answers "not stored" without a probe of jobAt, whose
   * 100,000 entries make each probe a cache miss (that probe was most of a page's placement time). */
  const filter = new Uint32Array(FILTER_BITS >>> 5);
  const maybeStored = (hash: number) => {
    const slot = filterSlot(hash);
    return (filter[slot >>> 5]! & (1 << (slot & 31))) !== 0;
  };
  const find = (uuid: string, hashOfUuid?: number) => {
    const key = lowerCase(uuid);
    const hash = hashOfUuid !== undefined && key === uuid ? hashOfUuid : uuidHash(key);
    return maybeStored(hash) ? jobAt.get(key, hash) : undefined;
  };
  const place = (packed: number | undefined) =>
    packed === undefined ? undefined : { segment: Math.floor(packed / PLACE), position: packed % PLACE };
  const byNumber = new Map<string, string>();
  const companyAt = new Map<string, { segment: number; position: number }>();

  function dropJobChunk(segment: number): void {
    const old = jobChunks.get(segment);
    if (!old) return;
    const hashes = old.uuids.map(uuidHash);
    old.uuids.forEach((uuid, i) => {
      const at = jobAt.get(uuid, hashes[i]!);
      if (at !== undefined && Math.floor(at / PLACE) === segment) jobAt.delete(uuid, hashes[i]!);
    });
    // A job moved to another segment keeps its number entry (that segment's chunk set it).
    old.uuids.forEach((uuid, i) => {
      const key = normalizeJobNumber(old.numbers[i]!);
      if (byNumber.get(key) === uuid && jobAt.get(uuid, hashes[i]!) === undefined) byNumber.delete(key);
    });
    jobChunks.delete(segment);
  }

  function putJobChunk(chunk: LookupChunk, known?: KnownHashes): void {
    dropJobChunk(chunk.segment);
    jobChunks.set(chunk.segment, chunk);
    const from = known === undefined ? chunk.uuids.length : known.from;
    chunk.uuids.forEach((uuid, position) => {
      const flag = chunk.active[position];
      if (flag === SUPERSEDED) return;
      const hash = position >= from ? known!.hashes[position - from]! : uuidHash(uuid);
      jobAt.set(uuid, hash, chunk.segment * PLACE + position);
      const slot = filterSlot(hash);
      filter[slot >>> 5]! |= 1 << (slot & 31);
      if (flag === LIVE && chunk.numbers[position] !== '')
        byNumber.set(normalizeJobNumber(chunk.numbers[position]!), uuid);
    });
  }

  /** Marks slots of a stored chunk superseded, touching only those slots: re-putting the whole
   * chunk re-reads every entry of its segment, and an incremental sync's changes scatter over up to one
   * segment each, and re-putting them all was a measured cost in the worker. A uuid keeps a place only
   * when it points elsewhere already (its newer copy in the tail); a dropped job is forgotten. */
  function supersedeJobs(segment: number, positions: Iterable<number>): void {
    const chunk = jobChunks.get(segment);
    if (!chunk) return;
    for (const position of positions) {
      chunk.active[position] = SUPERSEDED;
      const uuid = chunk.uuids[position]!;
      const hash = uuidHash(uuid);
      if (jobAt.get(uuid, hash) !== segment * PLACE + position) continue;
      jobAt.delete(uuid, hash);
      const key = normalizeJobNumber(chunk.numbers[position]!);
      if (byNumber.get(key) === uuid) byNumber.delete(key);
    }
  }

  function putCompanyChunk(chunk: CompanyLookupChunk): void {
    const old = companyChunks.get(chunk.segment);
    old?.uuids.forEach((uuid) => {
      if (companyAt.get(uuid)?.segment === chunk.segment) companyAt.delete(uuid);
    });
    companyChunks.set(chunk.segment, chunk);
    chunk.uuids.forEach((uuid, position) => companyAt.set(uuid, { segment: chunk.segment, position }));
  }

  const isLive = (loc: { segment: number; position: number }) => jobChunks.get(loc.segment)?.active[loc.position] === 1;
  const lastKey = (m: Map<number, unknown>) => (m.size === 0 ? -1 : Math.max(...m.keys()));

  return {
    putJobChunk,
    supersedeJobs,
    putCompanyChunk,
    /** Forgets every job chunk (before a compaction puts new ones). */
    clearJobs(): void {
      jobChunks.clear();
      jobAt.clear();
      filter.fill(0);
      byNumber.clear();
    },
    clear(): void {
      jobChunks.clear();
      companyChunks.clear();
      jobAt.clear();
      filter.fill(0);
      byNumber.clear();
      companyAt.clear();
    },
    /** Where a job is stored (tombstones too). `hash`: uuidHash(uuid), when the caller has it already. */
    jobLocation: (uuid: string, hash?: number) => place(find(uuid, hash)),
    /** Where a live job is stored; undefined for unknown jobs and tombstones. */
    liveJobLocation(uuid: string) {
      const loc = place(find(uuid));
      return loc && isLive(loc) ? loc : undefined;
    },
    uuidOfNumber: (number: string) => byNumber.get(normalizeJobNumber(number)),
    companyLocation: (uuid: string) => companyAt.get(lowerCase(uuid)),
    jobChunk: (segment: number) => jobChunks.get(segment),
    jobChunks: () => [...jobChunks.values()].sort((a, b) => a.segment - b.segment),
    lastJobSegment: () => lastKey(jobChunks),
    lastCompanySegment: () => lastKey(companyChunks),
    companySize: (segment: number) => companyChunks.get(segment)?.uuids.length ?? 0,
    counts() {
      const by = [0, 0, 0];
      for (const chunk of jobChunks.values()) for (let i = 0; i < chunk.active.length; i++) by[chunk.active[i]!]!++;
      return { jobs: by[LIVE]!, tombstones: by[TOMBSTONE]!, companies: companyAt.size, segments: jobChunks.size };
    },
    /** Stored job slots, and how many of them hold superseded copies. */
    slots() {
      let all = 0;
      let superseded = 0;
      for (const chunk of jobChunks.values()) {
        all += chunk.active.length;
        for (let i = 0; i < chunk.active.length; i++) if (chunk.active[i] === SUPERSEDED) superseded++;
      }
      return { all, superseded };
    },
  };
}

export type Lookup = ReturnType<typeof createLookup>;
