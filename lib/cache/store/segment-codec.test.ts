import { serialize } from 'node:v8';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { jobRecord, type Job } from '../../api/schemas';
import { JOB_FIELD_TABLE } from '../../api/job-fields';
import { jobChunk } from './lookup';
import {
  decodeJobAt,
  decodeJobs,
  encodeJobs,
  gatherJobs,
  JOB_FIELDS,
  jobCount,
  jobFieldAt,
  updateJobs,
  type JobField,
} from './segment-codec';
import { makeJob, range, uuidOf } from '../testing/fixtures';

/** Jobs whose fields take every shape a field can: nulls, zero and negative numbers, both flags,
 * empty and longer badge lists, empty, multi-line and non-ASCII text. */
function variedJobs(): Job[] {
  return range(0, 12).map((n) =>
    makeJob(n, {
      active: n % 3 !== 0,
      edit_date: n === 4 ? null : '2026-01-05 09:30:00',
      date: n % 2 === 0 ? null : '2026-02-03',
      company_uuid: n === 5 ? null : uuidOf('company', n),
      job_address: n === 6 ? '' : `${n} Rue de l’Église\nLyon`,
      work_done_description: n === 7 ? 'Ω 😀 done' : '',
      category_uuid: n % 4 === 0 ? uuidOf('company', 40) : null,
      queue_uuid: n === 8 ? uuidOf('company', 41) : null,
      created_by_staff_uuid: n === 9 ? uuidOf('company', 42) : null,
      geo_is_valid: n % 2 === 1,
      lat: [null, 0, -33.8688, 1e-9, -0][n % 5]!,
      lng: n % 5 === 0 ? null : 151.2093 + n,
      badges: n % 3 === 0 ? [] : range(0, n % 3).map((b) => uuidOf('company', 100 + b)),
      total_invoice_amount: n % 2 === 0 ? null : n * 99.99,
      completion_date: n === 11 ? '2026-03-01 17:00:00' : null,
    }),
  );
}

describe('the job segment codec', () => {
  it('has a column for every field of Job, no more and no fewer', () => {
    // The parser fills every field of a record, so its keys are Job's as the schema declares them.
    const parsed = jobRecord.parse({ uuid: uuidOf('job', 1) });
    if (!parsed.ok) throw new Error(parsed.skipped.reason);
    expect([...JOB_FIELDS].sort()).toEqual(Object.keys(parsed.value).sort());
    expectTypeOf<JobField>().toEqualTypeOf<keyof Job>();
  });

  it('round-trips every field of every job exactly, whole and one at a time', () => {
    const parsed = jobRecord.parse({
      uuid: uuidOf('job', 1),
      active: 0,
      lat: '-12.5',
      badges: JSON.stringify([uuidOf('company', 3)]),
    });
    if (!parsed.ok) throw new Error(parsed.skipped.reason);
    const jobs = [parsed.value, ...variedJobs()];
    const columns = encodeJobs(jobs);
    expect(jobCount(columns)).toBe(jobs.length);
    expect(decodeJobs(columns)).toEqual(jobs);
    for (const [i, job] of jobs.entries()) {
      const decoded = decodeJobAt(columns, i);
      expect(decoded).toEqual(job);
      expect(Object.keys(decoded).sort()).toEqual(Object.keys(job).sort()); // no key missing or added
      for (const field of JOB_FIELDS) expect(jobFieldAt(columns, field, i)).toEqual(job[field]);
    }
    expect(Object.is(decodeJobAt(columns, 5).lat, -0)).toBe(true); // kept as stored
    expect(decodeJobs(encodeJobs([]))).toEqual([]);
  });

  it("encodes to the same bytes as a column at a time from each field's kind (the stored format)", () => {
    const jobs = variedJobs();
    const columns: Record<string, unknown> = {};
    for (const field of JOB_FIELDS) {
      const kind = JOB_FIELD_TABLE[field].kind;
      const values = jobs.map((job) => job[field]);
      if (kind === 'flag') columns[field] = Uint8Array.from(values, (value) => (value ? 1 : 0));
      else if (kind === 'num') columns[field] = Float64Array.from(values, (value) => (value as number | null) ?? NaN);
      else if (kind === 'list') {
        const lists = values as string[][];
        const offsets = new Uint32Array(jobs.length + 1);
        const flat: string[] = []; // by push: flat() makes a holey array
        lists.forEach((list, i) => (offsets[i + 1] = flat.push(...list)));
        columns[field] = { offsets, values: flat };
      } else columns[field] = values;
    }
    expect(Object.keys(encodeJobs(jobs))).toEqual(JOB_FIELDS);
    expect(serialize(encodeJobs(jobs)).equals(serialize(columns))).toBe(true);
    expect(() => encodeJobs([{ ...jobs[0]!, badges: 'x' as unknown as string[] }])).toThrow(
      /badges of job .* not a list/,
    );
  });

  it('survives the structured clone IndexedDB stores it through', () => {
    const jobs = variedJobs();
    expect(decodeJobs(structuredClone(encodeJobs(jobs)))).toEqual(jobs);
  });

  it('stores dense arrays and no object per job, so the clone stays cheap', () => {
    const columns = encodeJobs(range(0, 50).map((n) => makeJob(n)));
    // V8 serializes a dense array with tag "A" and a holey one (made by `new Array(n)`), key by
    // key, with tag "a": as slowly as the objects columns replace. Byte 2 follows the version header.
    const tag = (value: unknown) => String.fromCharCode(serialize(value)[2]!);
    for (const field of JOB_FIELDS) {
      const column: unknown = columns[field];
      if (Array.isArray(column)) expect([field, tag(column)]).toEqual([field, 'A']);
    }
    expect(tag(columns.badges.values)).toBe('A');
    const chunk = jobChunk(0, columns);
    for (const list of [chunk.uuids, chunk.numbers, chunk.dates, chunk.edits]) expect(tag(list)).toBe('A');
  });

  it('hands out a fresh badges list, so a reader changing a job leaves the column alone', () => {
    const columns = encodeJobs([makeJob(1, { badges: [uuidOf('company', 9)] })]);
    decodeJobAt(columns, 0).badges.push('changed');
    expect(decodeJobAt(columns, 0).badges).toEqual([uuidOf('company', 9)]);
  });

  it('replaces and appends jobs column by column as a list would', () => {
    const stored = variedJobs();
    const replace = new Map([
      [2, makeJob(50, { badges: [uuidOf('company', 1), uuidOf('company', 2), uuidOf('company', 3)] })],
      [0, makeJob(51, { lat: 1.5 })],
    ]);
    const append = [makeJob(52), makeJob(53, { active: false })];
    const expected = stored.map((job, i) => replace.get(i) ?? job).concat(append);
    expect(decodeJobs(updateJobs(encodeJobs(stored), replace, append))).toEqual(expected);
    expect(decodeJobs(updateJobs(undefined, undefined, append))).toEqual(append);
    expect(decodeJobs(updateJobs(encodeJobs(stored), undefined, []))).toEqual(stored);
    // A full sync's one-pass encoding and the column-by-column rebuild make the same columns.
    expect(updateJobs(encodeJobs(stored.slice(0, 2)), undefined, stored.slice(2))).toEqual(encodeJobs(stored));
  });

  it('gathers slots from several segments in the order given', () => {
    const a = encodeJobs(variedJobs());
    const b = encodeJobs(range(20, 25).map((n) => makeJob(n)));
    const slots = [
      { columns: b, position: 4 },
      { columns: a, position: 1 },
      { columns: a, position: 7 },
      { columns: b, position: 0 },
    ];
    expect(decodeJobs(gatherJobs(slots))).toEqual(slots.map((s) => decodeJobAt(s.columns, s.position)));
    expect(jobCount(gatherJobs([]))).toBe(0);
  });
});
