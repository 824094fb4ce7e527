import { describe, expect, it } from 'vitest';
import { applyChanges, browse, buildIndex, createTypeahead, search } from '..';
import { doc } from '../testing/fixtures';
import { allOf, jobsFilter, statusFilter } from './filters';

const docs = [
  doc('a', { number: '101', customer: 'Nina Ryan', status: 'Work Order', date: '2026-11-28' }),
  doc('b', { number: '102', customer: 'Nina Ryan', status: 'Completed', date: '2026-11-20' }),
  doc('c', { number: '103', customer: 'Nina Ryan', status: 'Quote', date: '2026-11-25' }),
  doc('d', { number: '104', customer: 'Harbour Bakery', status: 'Work Order', date: '2026-11-28' }),
];

describe('filters people type', () => {
  it('status: a prefix of the status, in any case', () => {
    const index = buildIndex(docs);
    const uuids = (accept: ((d: number) => boolean) | undefined) =>
      search(index, 'nina', { accept }).map((r) => r.uuid);
    expect(uuids(statusFilter(index, 'work'))).toEqual(['a']);
    expect(uuids(statusFilter(index, 'QUOTE'))).toEqual(['c']);
    expect(uuids(statusFilter(index, 'work order'))).toEqual(['a']);
    expect(uuids(statusFilter(index, 'cancelled'))).toEqual([]);
  });

  it('a set of jobs, and both at once, also without a query and as the person types', () => {
    const index = buildIndex(docs);
    const mine = jobsFilter(index, ['a', 'b', 'd', 'not-a-job']);
    expect(
      browse(index, { accept: mine })
        .map((r) => r.uuid)
        .sort(),
    ).toEqual(['a', 'b', 'd']);
    const open = allOf([mine, statusFilter(index, 'work')])!;
    expect(
      browse(index, { accept: open })
        .map((r) => r.uuid)
        .sort(),
    ).toEqual(['a', 'd']);
    const typing = createTypeahead(index);
    expect(typing.search('ni', { accept: open }).map((r) => r.uuid)).toEqual(['a']);
    expect(typing.search('nina', { accept: open }).map((r) => r.uuid)).toEqual(['a']);
    expect(
      typing
        .search('nina')
        .map((r) => r.uuid)
        .sort(),
    ).toEqual(['a', 'b', 'c']);
    expect(allOf([])).toBeUndefined();
  });

  it('follows changes in the delta', () => {
    const index = buildIndex(docs);
    applyChanges(index, { upsert: [{ ...docs[2]!, status: 'Work Order' }] });
    expect(
      search(index, 'nina', { accept: statusFilter(index, 'work') })
        .map((r) => r.uuid)
        .sort(),
    ).toEqual(['a', 'c']);
  });
});
