import { describe, expect, it } from 'vitest';
import { createIndexBuilder, search, type SearchDoc } from '../index';
import { expectSameSegment, referenceIndex } from '../testing/segment-checks';
import { syntheticDocs } from '../testing/synthetic-docs';

describe('statuses in a page-by-page build', () => {
  it('gives the pieces and ranks of the general way, past the kept statuses and where a status is also a customer', () => {
    const docs: SearchDoc[] = syntheticDocs(3_000, 11).map((d, i) => ({
      ...d,
      // 40 distinct statuses (more than are kept), open and closed ones, spelled as customers too.
      status: i % 7 === 0 ? ` Completed ${i % 40}` : i % 5 === 0 ? 'cancelled' : `Stage ${i % 40}`,
      customer: i % 11 === 0 ? `Stage ${(i + 3) % 40}` : d.customer,
    }));
    const builder = createIndexBuilder();
    for (let from = 0; from < docs.length; from += 700) builder.add(docs.slice(from, from + 700));
    const index = builder.finish();
    expectSameSegment(index.main, referenceIndex(docs).main);
    const hits = search(index, 'stage', { limit: 5 });
    expect(hits.length).toBe(5);
    expect(hits.every((hit) => hit.display.customer.startsWith('Stage'))).toBe(true);
  });
});
