import { describe, expect, it } from 'vitest';
import { findUuids } from './find-uuids';
import { buildIndex } from '../index';
import { syntheticDocs } from '../testing/synthetic-docs';
import { doc } from '../testing/fixtures';

/** Every (document, wanted index) pair findUuids reports, sorted. */
function pairs(seg: Parameters<typeof findUuids>[0], uuids: string[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  findUuids(seg, uuids, (local, i) => void out.push([local, i]));
  return out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

describe('findUuids', () => {
  it('finds each wanted uuid, canonical or odd, in one pass, and nothing else', () => {
    const zero = '00000000-0000-0000-0000-000000000000';
    const docs = [
      ...syntheticDocs(3_000, 9),
      doc('Odd-Upper', { customer: 'Odd One' }), // not canonical: kept in the side list, its bytes zeros
      doc('a1', { customer: 'Short One' }),
      doc(zero, { customer: 'All Zeros' }), // canonical: must not match the odd documents' zero bytes
    ];
    const seg = buildIndex(docs).main; // documents in the order given
    const picked = [5, 17, 999, 1_000, 2_999].map((k) => docs[k]!.uuid);
    const wanted = [
      ...picked,
      'Odd-Upper',
      zero,
      'a1',
      'no-such-uuid',
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
      picked[0]!,
    ];
    // Each wanted uuid that exists is reported at the document that has it (a uuid listed twice,
    // twice); the missing ones not at all.
    const expected = wanted
      .map((uuid, i): [number, number] => [docs.findIndex((d) => d.uuid === uuid), i])
      .filter(([local]) => local >= 0)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(pairs(seg, wanted)).toEqual(expected);
    expect(expected).toHaveLength(9);
  });

  it('answers nothing for no uuids, and for an empty segment', () => {
    const seg = buildIndex(syntheticDocs(50, 2)).main;
    expect(pairs(seg, [])).toEqual([]);
    expect(pairs(buildIndex([]).main, ['0b3c1f4e-1111-4222-8333-944455556666', 'odd'])).toEqual([]);
  });
});
