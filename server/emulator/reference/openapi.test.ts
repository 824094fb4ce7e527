// Every record type the emulator serves, walked over HTTP and held to the platform's own OpenAPI description
// (jobcontact and joballocation, which it does not describe, to ours in its conventions: sdk-schemas.json).
import { describe, expect, it } from 'vitest';
import type { FieldKind } from '../data/field-kinds';
import { RECORD_TYPES } from '../data/record-types';
import { useSeededEmulator, type ApiAnswer } from '../rest/test-support';
import { recordProblems, SCHEMA_OF, SCHEMAS } from './schema-check';

type Rec = Record<string, unknown>;

const emulator = useSeededEmulator({ jobs: 400, seed: 23 });
const { api } = emulator;

const types = Object.keys(RECORD_TYPES);
const schemaOf = (type: string) => SCHEMAS[SCHEMA_OF[type] ?? ''];

async function all(type: string): Promise<Rec[]> {
  const out: Rec[] = [];
  for (let cursor: string | null = '-1'; cursor;) {
    const page: ApiAnswer<Rec[]> = await api<Rec[]>('GET', `${type}.json?cursor=${cursor}`);
    expect(page.status, type).toBe(200);
    out.push(...page.body);
    cursor = page.headers.get('x-next-cursor');
  }
  return out;
}

describe('the record types', () => {
  it('(the check itself catches wrong types, values out of the enum, undescribed and missing fields)', () => {
    const company = SCHEMAS.Company!;
    expect(recordProblems({ name: 'A', is_individual: 1, active: 2, uuid: 'x', surprise: 1 }, company)).toEqual([
      'is_individual: 1 is not string',
      'is_individual: 1 not in ["0","1"]',
      'active: 2 not in [0,1]',
      'uuid: "x" is not a uuid',
      'surprise: not described',
    ]);
    expect(recordProblems({}, SCHEMAS.Staff!)).toEqual([
      'first: required, missing',
      'last: required, missing',
      'email: required, missing',
    ]);
  });

  it('each have a schema', () => {
    expect(types.filter((type) => !schemaOf(type))).toEqual([]);
  });

  it.each(types)('%s: every field typed as the description types it', (type) => {
    const expected: Record<FieldKind, string> = {
      flag: 'integer',
      int: 'integer',
      number: 'number',
      flagString: 'string',
      string: 'string',
      uuid: 'string',
      datetime: 'string',
      date: 'string',
      badges: 'string',
      status: 'string',
    };
    const schema = schemaOf(type)!;
    const def = RECORD_TYPES[type]!;
    expect(Object.keys(def.fields).sort(), 'the same fields').toEqual(Object.keys(schema.properties).sort());
    for (const [field, kind] of Object.entries(def.fields)) {
      const declared = schema.properties[field]?.type;
      if (declared !== undefined) expect(expected[kind], `${type}.${field}`).toBe(declared);
      if (schema.properties[field]?.readOnly && field !== 'uuid')
        expect(def.readOnly, `${type}.${field} is read-only`).toContain(field);
    }
  });
});

describe('served records', () => {
  it.each(types)('%s: every record of the collection, and one read alone, match the description', async (type) => {
    const records = await all(type);
    expect(records.length, type).toBeGreaterThan(0);
    const problems = records.flatMap((r) => recordProblems(r, schemaOf(type)!).map((p) => `${String(r.uuid)} ${p}`));
    expect(problems.slice(0, 10)).toEqual([]);
    const one = await api<Rec>('GET', `${type === 'note' ? 'dbonote' : type}/${String(records[0]!.uuid)}.json`);
    expect(recordProblems(one.body, schemaOf(type)!)).toEqual([]);
  });

  it('records made through the API match too', async () => {
    const [job] = await all('job');
    const staff = emulator.account.staff.find((s) => s.role === 'technician')!;
    const creates: Array<[string, Rec]> = [
      ['job', { job_address: '9 New St' }],
      ['company', { name: 'Made Here Pty Ltd' }],
      ['note', { related_object: 'job', related_object_uuid: job!.uuid, note: 'Made here' }],
      ['jobcontact', { job_uuid: job!.uuid, first: 'Sam', last: 'Site', mobile: '0400000000' }],
      ['joballocation', { job_uuid: job!.uuid, staff_uuid: staff.uuid, allocation_date: '2026-03-02 00:00:00' }],
      [
        'jobactivity',
        {
          job_uuid: job!.uuid,
          staff_uuid: staff.uuid,
          start_date: '2026-03-02 09:00:00',
          end_date: '2026-03-02 10:00:00',
          activity_was_scheduled: 1,
        },
      ],
    ];
    for (const [type, fields] of creates) {
      const res = await api('POST', `${type}.json`, fields);
      expect(res.status, type).toBe(200);
      const made = await api<Rec>('GET', `${type}/${res.headers.get('x-record-uuid')}.json`);
      expect(recordProblems(made.body, schemaOf(type)!), type).toEqual([]);
    }
  });

  it('refuses writes to what the description makes read-only', async () => {
    const [company] = await all('company');
    const res = await api<{ message: string }>('POST', `company/${String(company!.uuid)}.json`, { is_individual: '1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/is_individual.*read-only/);
  });
});
