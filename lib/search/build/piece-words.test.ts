import { describe, expect, it, vi } from 'vitest';
import { buildIndex, createIndexBuilder, search, type SearchDoc } from '../index';
import { checkInverted, expectSameSegment, referenceIndex, trackedBuilder } from '../testing/segment-checks';
import { createRandom, pick, syntheticDocs } from '../testing/synthetic-docs';
import { doc } from '../testing/fixtures';

// foldText as it is, but counted: the texts the builder folds that way (those folding alone cannot
// do), to see that a repeated one is folded once.
const foldTextCalls = vi.hoisted(() => [] as string[]);
vi.mock('../format/normalize', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../format/normalize')>();
  return {
    ...actual,
    foldText: (text: string) => {
      foldTextCalls.push(text);
      return actual.foldText(text);
    },
  };
});

// Texts repeated across many jobs, as real accounts repeat them: ones that need foldText (ß,
// ligatures, combining marks), wider than Latin-1, empty, with a word repeated in one field, a
// customer spelled as a status, the same text as a customer and as an address, and descriptions
// whose originals differ but fold alike.
const CUSTOMERS = [
  'Jürgen Müller',
  'Straße & Söhne GmbH',
  'Zoe\u0308 Ame\u0301lie',
  'Пётр Ильич Чайковский',
  '東京 ガス 🚒',
  '',
  'Smith Smith smith SMITH',
  'Completed',
  'ﬁx the ﬂue Ltd',
  'Acme Heating Ltd',
  'acme heating ltd',
  '   ',
];
const ADDRESSES = [
  'Große Straße 5, Köln',
  'Acme Heating Ltd',
  '',
  '1 1 1 High High Street',
  'Москва, ул. Тверская 1',
  'Cafe\u0301 Ro\u0302tisserie',
  '12 Elm Road, Upton',
];
const DESCRIPTIONS = [
  'Boiler service',
  'BOILER SERVICE',
  'Boiler  service',
  'boiler service boiler',
  'Maße prüfen, ß',
  'Fix 🔥 alarm ☎',
  '',
  'tap tap tap leak tap',
  'n\u0303 a\u030a',
  'Hot water system not heating, tenant reports lukewarm water only',
];

/** `count` jobs, 20 a customer as the emulator seeds them, with the texts above mixed in. */
function repeatingDocs(count: number, seed: number): SearchDoc[] {
  const random = createRandom(seed);
  // A status met before the same text comes as a customer: its piece exists, its words do not.
  const first = doc('status-first', {
    number: '1',
    status: 'Completed',
    customer: 'Kept Apart',
    description: 'Boiler service',
  });
  return [first, ...syntheticDocs(count - 1, seed, 20)].map((d, i) => ({
    ...d,
    customer: i > 0 && random() < 0.3 ? pick(random, CUSTOMERS) : d.customer,
    address: i > 0 && random() < 0.3 ? pick(random, ADDRESSES) : d.address,
    description: i > 0 && random() < 0.7 ? pick(random, DESCRIPTIONS) : d.description,
  }));
}

function pagesOf<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}

const QUERIES = [
  'muller',
  'strasse',
  'sohne',
  'zoe amelie',
  'петр',
  '東京',
  'smith',
  'completed',
  'fix flue',
  'acme heating',
  'grosse koln',
  'high street',
  'москва',
  'cafe rotisserie',
  'boiler service',
  'masse prufen',
  'alarm',
  'tap leak',
  'hot water',
];

describe('remembered words of repeated texts', () => {
  it('builds the same index as tokenising every field, page by page or all at once', () => {
    const docs = repeatingDocs(3_000, 31);
    const reference = referenceIndex(docs);
    for (const pageSize of [7, 333, 1_000, docs.length]) {
      const builder = createIndexBuilder();
      for (const page of pagesOf(docs, pageSize)) builder.add(page);
      expectSameSegment(builder.finish().main, reference.main);
    }
    const index = buildIndex(docs);
    checkInverted(index.main);
    for (const query of QUERIES)
      expect(search(index, query, { limit: 50 }), query).toEqual(search(reference, query, { limit: 50 }));
  });

  it('stays the same when the documents that first had a text are replaced or removed', () => {
    const docs = repeatingDocs(2_500, 32);
    const { builder, live, add, remove } = trackedBuilder();
    // The first users of most texts are early: replace some in the same page, some later, drop others.
    add([...docs.slice(0, 1_000), { ...docs[3]!, customer: 'Straße & Söhne GmbH', description: 'BOILER SERVICE' }]);
    add([
      { ...docs[0]!, customer: 'Completed' },
      ...docs.slice(1_000, 2_000),
      { ...docs[5]!, description: 'Moved on' },
    ]);
    for (const d of docs.slice(6, 40)) remove(d.uuid);
    remove(docs[1_000]!.uuid);
    add([...docs.slice(2_000), docs[10]!]); // back again, now at the end
    expect(builder.size).toBe(live.size);

    const index = builder.finish();
    const reference = referenceIndex([...live.values()]);
    expectSameSegment(index.main, reference.main);
    checkInverted(index.main);
  });

  it('folds a repeated text that needs foldText once, wherever it comes', () => {
    const docs = Array.from({ length: 300 }, (_, i) =>
      doc(`job-${i}`, {
        number: String(5_000 + i),
        customer: i % 2 === 0 ? 'Straße & Söhne GmbH' : 'Acme Ltd',
        address: i % 3 === 0 ? 'Große Straße 5, Köln' : 'Straße & Söhne GmbH',
        description: i % 2 === 0 ? 'Maße prüfen, ß' : 'MAßE PRÜFEN, ß',
      }),
    );
    foldTextCalls.length = 0;
    const index = buildIndex(docs);
    expect(foldTextCalls.filter((text) => text === 'Straße & Söhne GmbH')).toHaveLength(1);
    expect(foldTextCalls.filter((text) => text === 'Große Straße 5, Köln')).toHaveLength(1);
    // Two originals, one piece: each original is folded once.
    expect(foldTextCalls.filter((text) => text === 'Maße prüfen, ß')).toHaveLength(1);
    expect(foldTextCalls.filter((text) => text === 'MAßE PRÜFEN, ß')).toHaveLength(1);
    expect(search(index, 'sohne', { limit: 500 })).toHaveLength(250); // as customer or address: all but odd multiples of 3
    expect(search(index, 'masse prufen', { limit: 500 })).toHaveLength(300);
    expectSameSegment(index.main, referenceIndex(docs).main);
  });
});
