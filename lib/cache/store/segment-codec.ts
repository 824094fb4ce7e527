// THE stored shape of a job segment: one column (array) per Job field instead of one object per job.
// Why: IndexedDB's put structured-clones its value on the main thread, and the clone pays per object
// and per property: a page of job objects costs several times what the same values cost as one
// array per field (`npm run bench -- extension` measures the whole sync). Flags and numbers go into typed arrays (cloned as one block of bytes) and
// badges are flattened into one list plus offsets, so a stored segment holds no per-job object at all.
//
// Columns are built with push or map, never `new Array(n)`: an array made by `new Array(n)` stays "holey"
// once filled, and V8 clones a holey array key by key (in Node's V8 serializer, 20 holey columns
// cost as much as the objects they replace; dense ones a fraction of that).
//
// Zod-free and small on purpose: the popup (lib/cache/reader/lookup-reader.ts) decodes jobs with it.
import type { StorageKind as Kind } from '../../api/fields';
import { JOB_FIELD_TABLE, type Job, type JobField } from '../../api/job-fields';
import { encodeJobs } from './job-encode';

/** The kind a field's type needs; `never` (a compile error below) for a type no kind can store. */
type KindOf<V> = [V] extends [boolean]
  ? 'flag'
  : [V] extends [string]
    ? 'text'
    : [V] extends [string | null]
      ? 'maybeText'
      : [V] extends [number | null]
        ? 'num'
        : [V] extends [readonly string[]]
          ? 'list'
          : never;

type KindsOf<T> = { [F in keyof T]: T[F] extends { kind: infer K } ? K : never };

/** How each field of Job is stored, from its reader in lib/api/job-fields.ts. The check below makes a
 * field whose reader's kind does not fit its type a compile error, so no field is stored wrongly. */
const JOB_FIELD_KINDS = Object.fromEntries(
  Object.entries(JOB_FIELD_TABLE).map(([name, reader]) => [name, reader.kind]),
) as KindsOf<typeof JOB_FIELD_TABLE>;
const kindsFitTypes: { [F in keyof Job]-?: KindOf<Job[F]> } = JOB_FIELD_KINDS;
void kindsFitTypes;

export type { JobField };
export const JOB_FIELDS = Object.keys(JOB_FIELD_TABLE) as JobField[];

/** A list per job, flattened: job i's items are `values[offsets[i]] .. values[offsets[i + 1] - 1]`. */
export interface ListColumn {
  offsets: Uint32Array;
  values: string[];
}

type ColumnOf<K extends Kind> = K extends 'text'
  ? string[]
  : K extends 'maybeText'
    ? Array<string | null>
    : K extends 'flag'
      ? Uint8Array // 1 true, 0 false
      : K extends 'num'
        ? Float64Array // NaN for null: number fields only ever hold finite numbers (lib/api/fields.ts)
        : ListColumn;

export type JobColumns = { [F in JobField]: ColumnOf<(typeof JOB_FIELD_KINDS)[F]> };

/** One kind's column: built from n values, read one value at a time. */
interface ColumnCodec<V, C> {
  build(n: number, valueAt: (i: number) => V): C;
  at(column: C, i: number): V;
}

function plain<V>(): ColumnCodec<V, V[]> {
  return {
    build(n, valueAt) {
      const column: V[] = [];
      for (let i = 0; i < n; i++) column.push(valueAt(i));
      return column;
    },
    at: (column, i) => column[i]!,
  };
}

const flag: ColumnCodec<boolean, Uint8Array> = {
  build(n, valueAt) {
    const column = new Uint8Array(n);
    for (let i = 0; i < n; i++) column[i] = valueAt(i) ? 1 : 0;
    return column;
  },
  at: (column, i) => column[i] === 1,
};

const num: ColumnCodec<number | null, Float64Array> = {
  build(n, valueAt) {
    const column = new Float64Array(n);
    for (let i = 0; i < n; i++) column[i] = valueAt(i) ?? Number.NaN;
    return column;
  },
  at(column, i) {
    const value = column[i]!;
    return Number.isNaN(value) ? null : value;
  },
};

const list: ColumnCodec<readonly string[], ListColumn> = {
  build(n, valueAt) {
    const offsets = new Uint32Array(n + 1);
    const values: string[] = [];
    for (let i = 0; i < n; i++) {
      for (const item of valueAt(i)) values.push(item);
      offsets[i + 1] = values.length;
    }
    return { offsets, values };
  },
  // A fresh array each time: a decoded job may be changed by its reader without touching the column.
  at: (column, i) => column.values.slice(column.offsets[i], column.offsets[i + 1]),
};

type AnyCodec = ColumnCodec<unknown, unknown>;
// Each codec builds the column type ColumnOf<kind> above names.
const CODECS = { text: plain<string>(), maybeText: plain<string | null>(), flag, num, list } as unknown as Record<
  Kind,
  AnyCodec
>;
const FIELD_CODECS: ReadonlyArray<readonly [JobField, AnyCodec]> = JOB_FIELDS.map((field) => [
  field,
  CODECS[JOB_FIELD_KINDS[field]] as AnyCodec,
]);
const codecOf = (field: JobField) => CODECS[JOB_FIELD_KINDS[field]] as AnyCodec;

/** Builds every column: `reader(field, codec)` gives the function that reads that field of job i. */
function buildColumns(n: number, reader: (field: JobField, codec: AnyCodec) => (i: number) => unknown): JobColumns {
  const columns: Record<string, unknown> = {};
  for (const [field, codec] of FIELD_CODECS) columns[field] = codec.build(n, reader(field, codec));
  return columns as JobColumns;
}

/** How many jobs the columns hold. */
export const jobCount = (columns: JobColumns): number => columns.uuid.length;

/** The columns a stored segment leaves to its lookup chunk (schema.ts, version 6), which holds the same values: the
 * put clones each value once instead of twice (a sixth of a full sync's stored bytes). */
type ChunkField = 'uuid' | 'generated_job_id' | 'date' | 'edit_date';

/** A segment's columns as stored: without the chunk's four, or (stored before version 6) with them. */
export type StoredJobColumns = Omit<JobColumns, ChunkField> & Partial<Pick<JobColumns, ChunkField>>;

/** The four lists of a job segment's lookup chunk (schema.ts's LookupChunk): dates and edits "" for null. */
export interface ChunkLists {
  uuids: readonly string[];
  numbers: readonly string[];
  dates: readonly string[];
  edits: readonly string[];
}

/** What a segment stores of its columns. */
export function storedColumns(columns: JobColumns): StoredJobColumns {
  const { uuid, generated_job_id, date, edit_date, ...stored } = columns;
  return stored;
}

// A job's dates are null or a date (lib/api/fields.ts's readDate never gives ""), so the chunk's "" is null.
const orNull = (text: string) => (text === '' ? null : text);

/** A stored segment's columns, whole: the four it left to its chunk read back from the chunk (a segment stored
 * before version 6 has them itself). The chunk must be the one stored with the segment. */
export function segmentColumns(stored: StoredJobColumns, chunk: ChunkLists | undefined): JobColumns {
  if (stored.uuid !== undefined) return stored as JobColumns;
  if (chunk === undefined) throw new Error('A job segment was read without its lookup chunk');
  return {
    ...stored,
    uuid: chunk.uuids as string[],
    generated_job_id: chunk.numbers as string[],
    date: chunk.dates.map(orNull),
    edit_date: chunk.edits.map(orNull),
  } as JobColumns;
}

/** Jobs as columns (a full sync's new segments): job-encode.ts. */
export { encodeJobs };

/** One field of job i, without building the job. */
export function jobFieldAt<F extends JobField>(columns: JobColumns, field: F, i: number): Job[F] {
  return codecOf(field).at(columns[field], i) as Job[F];
}

/** One field of every job, in slot order: a fresh dense array the caller may keep. */
export function fieldValues<F extends JobField>(columns: JobColumns, field: F): Array<Job[F]> {
  const column = columns[field];
  if (Array.isArray(column)) return column.slice() as Array<Job[F]>; // text: stored as the values
  const codec = codecOf(field);
  const values: Array<Job[F]> = [];
  for (let i = 0, n = jobCount(columns); i < n; i++) values.push(codec.at(column, i) as Job[F]);
  return values;
}

/** Job i alone: cheap, so a lookup never decodes the other 999 jobs of its segment. */
export function decodeJobAt(columns: JobColumns, i: number): Job {
  const job: Record<string, unknown> = {};
  for (const [field, codec] of FIELD_CODECS) job[field] = codec.at(columns[field], i);
  return job as Job;
}

export function decodeJobs(columns: JobColumns): Job[] {
  const jobs: Job[] = [];
  for (let i = 0, n = jobCount(columns); i < n; i++) jobs.push(decodeJobAt(columns, i));
  return jobs;
}

/** The stored jobs (none when `stored` is undefined) with some replaced by position and others
 * appended, column by column: no job object is built for the slots that stay. */
export function updateJobs(
  stored: JobColumns | undefined,
  replace: ReadonlyMap<number, Job> | undefined,
  append: readonly Job[] = [],
): JobColumns {
  const kept = stored ? jobCount(stored) : 0;
  if (kept === 0) return encodeJobs(append);
  const replaced: Array<Job | undefined> = [];
  for (let i = 0; i < kept; i++) replaced.push(replace?.get(i));
  return buildColumns(kept + append.length, (field, codec) => {
    const column = stored![field];
    return (i) => {
      if (i >= kept) return append[i - kept]![field];
      const job = replaced[i];
      return job !== undefined ? job[field] : codec.at(column, i);
    };
  });
}

/** Jobs gathered from several segments' columns, in the order given (compaction.ts). */
export function gatherJobs(slots: ReadonlyArray<{ columns: JobColumns; position: number }>): JobColumns {
  return buildColumns(slots.length, (field, codec) => (i) => codec.at(slots[i]!.columns[field], slots[i]!.position));
}
