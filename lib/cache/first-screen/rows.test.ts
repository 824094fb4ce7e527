import { describe, expect, it } from 'vitest';
import { makeJob, uuidOf } from '../testing/fixtures';
import { markPieces } from './mark-pieces';
import { rowOf, toRow } from './rows';

describe('markPieces', () => {
  const cases: Array<{ text: string; ranges: Array<[number, number]>; pieces: Array<[string, boolean]> }> = [
    { text: 'Smith & Sons', ranges: [], pieces: [['Smith & Sons', false]] },
    {
      text: 'Smith & Sons',
      ranges: [[0, 5]],
      pieces: [
        ['Smith', true],
        [' & Sons', false],
      ],
    },
    {
      text: 'Smith & Sons',
      ranges: [[8, 12]],
      pieces: [
        ['Smith & ', false],
        ['Sons', true],
      ],
    },
    {
      text: '12 Elm Street',
      ranges: [
        [3, 6],
        [7, 13],
      ],
      pieces: [
        ['12 ', false],
        ['Elm', true],
        [' ', false],
        ['Street', true],
      ],
    },
    // Out of order, overlapping, empty and out-of-bounds ranges are clipped or skipped.
    {
      text: 'abcdef',
      ranges: [
        [4, 9],
        [0, 2],
        [1, 3],
        [5, 5],
      ],
      pieces: [
        ['ab', true],
        ['c', true],
        ['d', false],
        ['ef', true],
      ],
    },
    { text: '', ranges: [[0, 3]], pieces: [['', false]] },
    {
      text: '<img src=x onerror=alert(1)>',
      ranges: [[1, 4]],
      pieces: [
        ['<', false],
        ['img', true],
        [' src=x onerror=alert(1)>', false],
      ],
    },
  ];
  it.each(cases)('$text with $ranges', ({ text, ranges, pieces }) => {
    const got = markPieces(text, ranges);
    expect(got.map((p) => [p.text, p.marked])).toEqual(pieces);
    expect(got.map((p) => p.text).join('')).toBe(text);
  });
});

describe('toRow', () => {
  it('shows the job fields, the customer name, the first line of the description and the date, with their ranges', () => {
    const job = makeJob(3);
    const names = new Map([[uuidOf('company', 3), 'Customer 3']]);
    const row = toRow(job, names, {
      uuid: job.uuid,
      score: 80,
      matches: [
        { field: 'number', ranges: [[0, 2]] },
        { field: 'description', ranges: [[0, 3]] },
      ],
      display: { number: 'ignored', status: '', customer: '', address: '', line: '', day: '' },
    });
    expect(row).toEqual({
      uuid: job.uuid,
      number: '1003',
      status: 'Work Order',
      customer: 'Customer 3',
      address: '3 Elm Street',
      line: 'Job 3',
      day: '2026-02-04',
      marks: { number: [[0, 2]], line: [[0, 3]] },
    });
  });

  it('leaves the customer blank when the company is not cached or the job has none', () => {
    expect(toRow(makeJob(1), new Map()).customer).toBe('');
    expect(toRow(makeJob(1, { company_uuid: null }), new Map([[uuidOf('company', 1), 'X']])).customer).toBe('');
  });
});

describe('rowOf', () => {
  it('shows the display fields of a result as they are, with their ranges (the description’s on its line)', () => {
    const display = {
      number: 'A-12',
      status: 'Work Order',
      customer: 'Jürgen Müller',
      address: '5 Straße\nBerlin',
      line: 'Boiler service',
      day: '2026-11-28',
    };
    const row = rowOf({
      uuid: 'u1',
      score: 60,
      matches: [
        { field: 'customer', ranges: [[0, 6]] },
        { field: 'description', ranges: [[0, 3]] },
      ],
      display,
    });
    expect(row).toEqual({ uuid: 'u1', ...display, marks: { customer: [[0, 6]], line: [[0, 3]] } });
  });
});
