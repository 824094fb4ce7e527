// The in-memory side of the compact index: uuid → segment and job number → uuid, built from the
// lookup chunks (one per segment) and kept current as segments are rewritten. Pure: no IndexedDB.
import { lowerCase } from '../../api/fields';
import type { Company } from '../../api/schemas';
import type { CompanyLookupChunk, LookupChunk } from './schema';
import { fieldValues, type JobColumns } from './segment-codec';

/** Jobs per segment, whatever size the platform pages in (segment-writer.ts says why). */
export const SEGMENT_SIZE = 1000;
/** Positions per segment in a packed place (segments never hold more than this many slots). */
const PLACE = 1 << 16;
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
  return lowerCase(number.trim().replace(/^#/, ''));
}

export function createLookup() {
  const jobChunks = new Map<number, LookupChunk>();
  const companyChunks = new Map<number, CompanyLookupChunk>();
  /** uuid → segment * PLACE + position; tombstones included (an update must find its old place).
   * A number, not an object per job: 100,000 long-lived objects are work for every major GC. */
  const jobAt = new Map<string, number>();
  const place = (packed: number | undefined) =>
    packed === undefined ? undefined : { segment: Math.floor(packed / PLACE), position: packed % PLACE };
  const byNumber = new Map<string, string>();
  const companyAt = new Map<string, { segment: number; position: number }>();

  function dropJobChunk(segment: number): void {
    const old = jobChunks.get(segment);
    if (!old) return;
    old.uuids.forEach((uuid) => {
      const at = jobAt.get(uuid);
      if (at !== undefined && Math.floor(at / PLACE) === segment) jobAt.delete(uuid);
    });
    // A job moved to another segment keeps its number entry (that segment's chunk set it).
    old.uuids.forEach((uuid, i) => {
      const key = normalizeJobNumber(old.numbers[i]!);
      if (byNumber.get(key) === uuid && !jobAt.has(uuid)) byNumber.delete(key);
    });
    jobChunks.delete(segment);
  }

  function putJobChunk(chunk: LookupChunk): void {
    dropJobChunk(chunk.segment);
    jobChunks.set(chunk.segment, chunk);
    chunk.uuids.forEach((uuid, position) => {
      const flag = chunk.active[position];
      if (flag === SUPERSEDED) return;
      jobAt.set(uuid, chunk.segment * PLACE + position);
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
      if (jobAt.get(uuid) !== segment * PLACE + position) continue;
      jobAt.delete(uuid);
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
      byNumber.clear();
    },
    clear(): void {
      jobChunks.clear();
      companyChunks.clear();
      jobAt.clear();
      byNumber.clear();
      companyAt.clear();
    },
    /** Where a job is stored (tombstones too). */
    jobLocation: (uuid: string) => place(jobAt.get(lowerCase(uuid))),
    /** Where a live job is stored; undefined for unknown jobs and tombstones. */
    liveJobLocation(uuid: string) {
      const loc = place(jobAt.get(lowerCase(uuid)));
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
