import { describe, expect, it } from 'vitest';
import { and, encodeQuery, eq, filterToString, gt, lt, ne, type Condition } from './filter';

describe('$filter builder', () => {
  it.each([
    [[eq('status', 'Quote')], "status eq 'Quote'"],
    [[ne('active', true)], "active ne '1'"],
    [
      and(gt('edit_date', '2026-01-01 00:00:00'), lt('edit_date', '2026-02-01 00:00:00')),
      "edit_date gt '2026-01-01 00:00:00' and edit_date lt '2026-02-01 00:00:00'",
    ],
    [[eq('job_address', "O'Brien St")], "job_address eq 'O''Brien St'"],
    [[eq('total_invoice_amount', 12.5)], "total_invoice_amount eq '12.5'"],
  ] as Array<[Condition[], string]>)('%j → %s', (filter, text) => {
    expect(filterToString(filter)).toBe(text);
  });

  it('flattens nested filters with and()', () => {
    expect(and([eq('a', 1), eq('b', 2)], eq('c', 3))).toHaveLength(3);
  });

  it('allows 10 conditions and refuses 11', () => {
    const ten = Array.from({ length: 10 }, (_, i) => eq(`f${i}`, i));
    expect(filterToString(ten).split(' and ')).toHaveLength(10);
    expect(() => filterToString([...ten, eq('x', 1)])).toThrow(/at most 10/);
  });

  it('refuses an empty filter, bad field names and unknown operators', () => {
    expect(() => filterToString([])).toThrow(/at least one/);
    expect(() => filterToString([eq("status' or 1 eq '1", 'x')])).toThrow(/invalid field/);
    expect(() => filterToString([{ field: 'date', op: 'ge' as never, value: 'x' }])).toThrow(/unsupported operator/);
  });

  it('URL-encodes with %20 and keeps + and quotes encoded', () => {
    const query = encodeQuery({ cursor: '-1', $filter: "note eq 'a+b c'", skip: undefined });
    expect(query).toBe("cursor=-1&%24filter=note%20eq%20'a%2Bb%20c'");
    expect(new URLSearchParams(query).get('$filter')).toBe("note eq 'a+b c'");
  });
});
