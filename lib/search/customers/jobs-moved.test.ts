import { describe, expect, it } from 'vitest';
import { buildCustomerIndex } from './build';
import { jobsMovable, withJobsMoved } from './jobs-moved';
import { jobsOf } from './query';
import type { SourceCompany, SourceContact } from './types';

/** A number's key as lib/locale makes it, near enough for an index whose numbers are not what is tested. */
const keyOf = (raw: string) => raw.replace(/\D/g, '') || null;
const companies: SourceCompany[] = [
  { uuid: 'c-smith', name: 'Smith Plumbing', active: true },
  { uuid: 'c-acme', name: 'Acme Cleaning', active: true },
  { uuid: 'c-gone', name: 'Gone Pty Ltd', active: false },
];
const person = (uuid: string, kind: 'company' | 'job', owner: string, first: string, mobile: string) =>
  ({ uuid, kind, owner, first, last: 'Test', phone: '', mobile, email: '', active: true }) satisfies SourceContact;
const contacts: SourceContact[] = [
  person('cc-1', 'company', 'c-smith', 'Jane', '0427 352 568'),
  person('cc-2', 'company', 'c-acme', 'Omar', '0400 111 222'),
  // A tenant met on Acme's job j-3: a site contact, whose entry names Acme.
  person('jc-1', 'job', 'j-3', 'Tina', '0411 222 333'),
];

/** Each live job's customer, as the cache's customer source keeps it (two lists in the same order). */
const before: Array<[string, string]> = [
  ['j-1', 'c-smith'],
  ['j-2', 'c-smith'],
  ['j-3', 'c-acme'],
  ['j-4', 'c-acme'],
  ['j-5', ''],
];
const build = (jobCustomers: ReadonlyArray<[string, string]>) =>
  buildCustomerIndex({ companies, contacts, jobCustomers: new Map(jobCustomers) }, keyOf, 'AU');
const moved = (jobCustomers: ReadonlyArray<[string, string]>, customers: string[]) =>
  withJobsMoved(
    build(before),
    jobCustomers.map(([job]) => job),
    jobCustomers.map(([, customer]) => customer),
    new Set(customers),
  );

describe("the customer index with only jobs' customers changed", () => {
  it('is the index a whole build makes, for a new job, a job moved to another customer and a job gone', () => {
    const newJob: Array<[string, string]> = [...before, ['j-6', 'c-acme']];
    expect(moved(newJob, ['c-acme'])).toEqual(build(newJob));

    const j2ToAcme: Array<[string, string]> = before.map(([job, c]) => [job, job === 'j-2' ? 'c-acme' : c]);
    const index = moved(j2ToAcme, ['c-smith', 'c-acme']);
    expect(index).toEqual(build(j2ToAcme));
    // In the order of the customers' list of jobs, as a build takes them: j-2 before Acme's own j-3 and j-4.
    expect(jobsOf(index, index.ids.indexOf('c-acme'))).toEqual(['j-2', 'j-3', 'j-4']);
    expect(jobsOf(index, index.ids.indexOf('c-smith'))).toEqual(['j-1']);

    const j1Gone = before.filter(([job]) => job !== 'j-1');
    expect(moved(j1Gone, ['c-smith'])).toEqual(build(j1Gone));
  });

  it('gives a job of an inactive or unknown customer, or of none, to no entry, as a build does', () => {
    const elsewhere: Array<[string, string]> = [...before, ['j-6', 'c-gone'], ['j-7', 'c-unknown'], ['j-8', '']];
    expect(moved(elsewhere, ['c-gone', 'c-unknown', ''])).toEqual(build(elsewhere));
  });

  it('leaves the index given as it was', () => {
    const index = build(before);
    const copy = structuredClone(index);
    withJobsMoved(index, ['j-1', 'j-6'], ['c-smith', 'c-smith'], new Set(['c-smith']));
    expect(index).toEqual(copy);
  });

  it('leaves a job with a site contact of its own to a build: its contact entry names the customer', () => {
    expect(jobsMovable(new Set(['j-3']), contacts)).toBe(false);
    // A company contact's owner is a customer, never a job: no job of that uuid makes it a site contact's.
    expect(jobsMovable(new Set(['j-1', 'c-smith', 'j-6']), contacts)).toBe(true);
    // Contacts read again come as a new list: a site contact of j-6 met since is seen.
    const readAgain = [...contacts, person('jc-2', 'job', 'j-6', 'Ravi', '0422 333 444')];
    expect(jobsMovable(new Set(['j-6']), readAgain)).toBe(false);
    expect(jobsMovable(new Set(['j-6']), contacts)).toBe(true);
  });
});
