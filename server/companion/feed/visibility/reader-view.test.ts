import { describe, expect, it } from 'vitest';
import { toUuid, type Uuid } from '../../../../contracts/uuid';
import { openPass, signPass } from '../../trust/pass';
import { forReader, meaningFor, type Reader } from './reader-view';
import { StoredChangeSchema, type StoredChange } from '../store/types';

// What one kept change is to each reader: the table of who gets the record, who is told to read, and who gets
// neither; and that the names never leave.

const TECH = toUuid('00000000-0000-4000-8000-0000000000a1');
const OFFICE = toUuid('00000000-0000-4000-8000-0000000000a2');
const OTHER = toUuid('00000000-0000-4000-8000-0000000000a3');
const job = (over: Partial<StoredChange> = {}): StoredChange => ({
  id: 'm1-1',
  object: 'job',
  uuid: '00000000-0000-4000-8000-000000000001',
  changed_fields: ['status'],
  time: '2026-11-21 07:00:00',
  resource_url: 'http://127.0.0.1/api_1.0/job/00000000-0000-4000-8000-000000000001.json',
  ...over,
});
const record = { uuid: toUuid('00000000-0000-4000-8000-000000000001'), status: 'Work Order' };

describe('meaningFor', () => {
  it.each<[string, Partial<StoredChange>, Reader, string]>([
    ['named, with the record', { record, visible_to: [TECH] }, { staff: TECH }, 'record'],
    ['named, but no record could be read', { visible_to: [TECH] }, { staff: TECH }, 'read'],
    ['not asked (unchecked)', { record, visible_to: [OFFICE], unchecked: [TECH] }, { staff: TECH }, 'read'],
    ['someone else named', { record, visible_to: [OFFICE] }, { staff: TECH }, 'none'],
    ['nobody named', { record }, { staff: TECH }, 'none'],
    [
      'a reader nobody vouched for, whoever is named',
      { record, visible_to: [TECH, OFFICE] },
      { staff: undefined },
      'none',
    ],
    ['a reader nobody vouched for, unchecked everyone', { unchecked: [OTHER] }, { staff: undefined }, 'none'],
  ])('%s', (_label, over, reader, meaning) => {
    expect(meaningFor(job(over), reader)).toBe(meaning);
  });
});

describe('a change kept in capitals (an older version kept names as the platform spelt them)', () => {
  const kept = (over: Record<string, unknown>) => StoredChangeSchema.parse({ ...job(), ...over });

  it('is read with its names lower-cased, so its reader still matches', () => {
    expect(meaningFor(kept({ record, visible_to: [TECH.toUpperCase()] }), { staff: TECH })).toBe('record');
    expect(meaningFor(kept({ visible_to: [OFFICE], unchecked: [TECH.toUpperCase()] }), { staff: TECH })).toBe('read');
    expect(meaningFor(kept({ record, visible_to: [OFFICE.toUpperCase()] }), { staff: TECH })).toBe('none');
  });

  it('matches a reader whose pass names them in capitals (a pass made elsewhere or earlier)', async () => {
    const secret = 'signing-secret-of-at-least-32-characters';
    const staff = TECH.toUpperCase() as Uuid;
    const pass = await signPass(secret, { account: 'acct-1', accessToken: 'token-1', expiresAtMs: 2e12, staff });
    const reader = { staff: (await openPass(secret, pass, 'token-1', 1e12))?.staff };
    expect(reader.staff).toBe(TECH);
    expect(meaningFor(kept({ record, visible_to: [TECH.toUpperCase()] }), reader)).toBe('record');
  });

  it("keeps the change's own uuid as the platform spelt it, and lower-cases its job's", () => {
    const upper = '00000000-0000-4000-8000-00000000000A';
    const note = kept({ object: 'note', uuid: upper, job_uuid: record.uuid.toUpperCase() });
    expect(note.uuid).toBe(upper);
    expect(note.job_uuid).toBe(record.uuid);
  });
});

describe('forReader', () => {
  it('gives the record only with `record`, and never the names', () => {
    const change = job({ record, visible_to: [TECH], unchecked: [OTHER] });
    expect(forReader(change, { staff: TECH })).toEqual({ ...job(), record, yours: 'record' });
    for (const staff of [OFFICE, OTHER, undefined]) {
      const seen = forReader(change, { staff });
      expect(seen).not.toHaveProperty('record');
      expect(seen).not.toHaveProperty('visible_to');
      expect(seen).not.toHaveProperty('unchecked');
    }
    expect(forReader(change, { staff: OTHER }).yours).toBe('read');
  });

  it('says nothing of meaning on a note (it carries its job, never a record)', () => {
    const note = job({ object: 'note', job_uuid: record.uuid, record, visible_to: [TECH] });
    expect(forReader(note, { staff: TECH })).toEqual({ ...job({ object: 'note', job_uuid: record.uuid }) });
  });

  it('a visit carries its job record to its own staff member only', () => {
    const visit = job({ object: 'jobactivity', job_uuid: record.uuid, record, visible_to: [TECH] });
    expect(forReader(visit, { staff: TECH })).toMatchObject({ record, yours: 'record' });
    expect(forReader(visit, { staff: OFFICE })).not.toHaveProperty('record');
  });

  it("tells a visit's own staff member that it is theirs, with or without its job, and nobody else whose it is", () => {
    // A second visit on a job its staff member sees already: no record, but still their day's change.
    const known = job({ object: 'jobactivity', job_uuid: record.uuid, visit_staff: TECH });
    expect(forReader(known, { staff: TECH })).toEqual({
      ...job({ object: 'jobactivity', job_uuid: record.uuid }),
      yours: 'none',
      your_visit: true,
    });
    const booked = job({ object: 'jobactivity', job_uuid: record.uuid, record, visible_to: [TECH], visit_staff: TECH });
    expect(forReader(booked, { staff: TECH })).toMatchObject({ record, yours: 'record', your_visit: true });
    for (const staff of [OFFICE, OTHER, undefined]) {
      for (const change of [known, booked]) {
        const seen = forReader(change, { staff });
        expect(seen).not.toHaveProperty('your_visit');
        expect(seen).not.toHaveProperty('visit_staff');
      }
    }
    // Kept by an older version in capitals: still its staff member's.
    const kept = StoredChangeSchema.parse({ ...known, visit_staff: TECH.toUpperCase() });
    expect(forReader(kept, { staff: TECH }).your_visit).toBe(true);
  });
});
