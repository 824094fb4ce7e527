import { describe, expect, it } from 'vitest';
import {
  comparableTime,
  isActivityOf,
  isAllocationOf,
  isContactOfCompany,
  isContactOfJob,
  isNoteOfJob,
  keepMatching,
} from './filter-checks';
import type { Uuid } from '../../contracts/uuid';
import { ref } from './fields';

const ME = '0b7e4c1a-1111-4a2b-9c3d-1234567890ab';
const OTHER = '0b7e4c1a-2222-4a2b-9c3d-1234567890ab';
const DAY = { from: '2026-11-21 00:00:00', to: '2026-11-22 00:00:00' };
/** A reference as the record schema reads it from the platform's answer (`ref`: lower-cased). */
const read = (uuid: string | null) => ref.read(uuid) as Uuid | null;
const activity = (staff_uuid: string | null, start_date: string | null, end_date: string | null) => ({
  staff_uuid: read(staff_uuid),
  start_date,
  end_date,
});

describe('platform times compared as the platform compares them', () => {
  it.each([
    ['2026-11-21 09:05:00', '2026-11-21 09:05:00'],
    ['2026-11-21T09:05', '2026-11-21 09:05:00'],
    ['2026-11-21 09:05:07.250', '2026-11-21 09:05:07'],
    ['2026-11-21', '2026-11-21 00:00:00'],
    [null, '0000-00-00 00:00:00'],
  ])('%s reads as %s', (input, output) => {
    expect(comparableTime(input)).toBe(output);
  });
});

describe("a job activity read's filter, checked on the client", () => {
  it.each([
    ['inside the day', activity(ME, '2026-11-21 09:00:00', '2026-11-21 10:00:00'), true],
    ['from the evening before into the day', activity(ME, '2026-11-20 22:00:00', '2026-11-21 01:00:00'), true],
    ['into the next day', activity(ME, '2026-11-21 23:00:00', '2026-11-22 01:00:00'), true],
    ['the staff uuid in upper case', activity(ME.toUpperCase(), '2026-11-21 09:00:00', '2026-11-21 10:00:00'), true],
    ["someone else's", activity(OTHER, '2026-11-21 09:00:00', '2026-11-21 10:00:00'), false],
    ['nobody’s', activity(null, '2026-11-21 09:00:00', '2026-11-21 10:00:00'), false],
    ['the day before', activity(ME, '2026-11-20 09:00:00', '2026-11-20 10:00:00'), false],
    ['ending at midnight as the day starts', activity(ME, '2026-11-20 23:00:00', '2026-11-21 00:00:00'), false],
    ['starting at the next midnight', activity(ME, '2026-11-22 00:00:00', '2026-11-22 01:00:00'), false],
    ['with a blank end (the platform compares 0000-00-00)', activity(ME, '2026-11-21 09:00:00', null), false],
  ])('%s: %s', (_label, record, kept) => {
    expect(isActivityOf(ME, DAY)(record)).toBe(kept);
    // The caller's uuid in upper case asks for the same staff member.
    expect(isActivityOf(ME.toUpperCase(), DAY)(record)).toBe(kept);
  });
});

describe('other filtered reads, checked on the client', () => {
  it('keeps only the asked-for staff member, job and company, and counts what it dropped', () => {
    const answer = {
      records: [{ staff_uuid: read(ME) }, { staff_uuid: read(OTHER) }, { staff_uuid: null }],
      skipped: [{ uuid: null, reason: 'bad' }],
    };
    expect(keepMatching(answer, isAllocationOf(ME))).toEqual({
      records: [{ staff_uuid: read(ME) }],
      skipped: answer.skipped,
      unmatched: 2,
    });
    expect(isContactOfJob(ME)({ job_uuid: read(ME) })).toBe(true);
    expect(isContactOfJob(ME)({ job_uuid: read(OTHER) })).toBe(false);
    expect(isContactOfCompany(OTHER)({ company_uuid: read(OTHER.toUpperCase()) })).toBe(true);
    expect(isContactOfCompany(OTHER)({ company_uuid: null })).toBe(false);
    expect(isNoteOfJob(ME)({ related_object: 'job', related_object_uuid: read(ME.toUpperCase()) })).toBe(true);
    expect(isNoteOfJob(ME)({ related_object: 'company', related_object_uuid: read(ME) })).toBe(false);
    expect(isNoteOfJob(ME)({ related_object: 'job', related_object_uuid: read(OTHER) })).toBe(false);
  });

  it('counts nothing dropped when the platform honoured the filter', () => {
    expect(keepMatching({ records: [{ job_uuid: read(ME) }], skipped: [] }, isContactOfJob(ME)).unmatched).toBe(0);
  });
});
