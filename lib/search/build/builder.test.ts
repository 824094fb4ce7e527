import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  buildIndex,
  compactIndex,
  createIndexBuilder,
  displayOf,
  loadIndex,
  search,
  serializeIndex,
  type SearchDoc,
  type SearchIndex,
} from '../index';
import { checkInverted, expectSameSegment, referenceIndex, trackedBuilder } from '../testing/segment-checks';
import { createRandom, syntheticDocs } from '../testing/synthetic-docs';
import { benchQueries } from '../testing/synthetic-queries';
import { doc, RANKING_DOCS, shownOf } from '../testing/fixtures';
import { sortWordIds } from './word-order';
import { countDocs } from '../format/live-docs';

function built(pages: readonly (readonly SearchDoc[])[]): SearchIndex {
  const builder = createIndexBuilder();
  for (const page of pages) builder.add(page);
  return builder.finish();
}

function pagesOf<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}

/** What the index answers (uuids, scores, matches, display) to many queries. */
function answers(index: SearchIndex, queries: readonly string[]) {
  return queries.map((query) => search(index, query, { limit: 50 }));
}

const WIDE_DOCS: SearchDoc[] = [
  ...RANKING_DOCS,
  doc('sharp-s', {
    number: 'ẞ-17',
    customer: 'Straße & Söhne GmbH',
    address: 'Große Straße 5, Köln',
    description: 'Maße prüfen, ß',
  }),
  doc('ligatures', {
    customer: 'Æther Œuvre Ørsted',
    address: 'Łódź, ul. Piłsudskiego 3',
    description: 'ﬁx the ﬂue (ligatures)',
  }),
  doc('combining', {
    customer: 'Zoe\u0308 Ame\u0301lie',
    address: 'Cafe\u0301 Ro\u0302tisserie',
    description: 'n\u0303 a\u030a',
  }),
  doc('cyrillic-2', {
    number: '№ 42',
    customer: 'Пётр Ильич Чайковский',
    address: 'Москва, ул. Тверская 1',
    description: 'Ремонт котла',
  }),
  doc('cjk-emoji', { customer: '東京 ガス 🚒', address: 'Ωmega Straße 🏠 9', description: 'Fix 🔥 alarm ☎' }),
  doc('greek', { customer: 'Σωκράτης Παπαδόπουλος', address: 'Αθήνα', description: 'ΕΛΕΓΧΟΣ' }),
  doc('latin1-only', { customer: 'Ñandú Çedilla ÿ', address: '§ 12 ½ Road', description: 'naïve façade ©' }),
  doc('blank', {}),
  doc('punctuation', { number: '--', customer: '   ', address: '...', description: '!!! ??? ###' }),
];

const QUERIES = [
  '1234',
  '#1234',
  '123',
  'smith',
  'smi bob',
  'mary smith foxton',
  'jonhson',
  'muller',
  'strasse',
  'straße',
  'grosse',
  'sohne',
  'aether',
  'oeuvre',
  'orsted',
  'lodz',
  'pilsudskiego',
  'zoe',
  'amelie',
  'cafe rotisserie',
  'петр',
  'пётр',
  'чайковский',
  'москва',
  '42',
  'σωκρατης',
  'αθηνα',
  'ελεγχος',
  'nandu',
  'cedilla',
  'naive facade',
  'boiler',
  'service',
  'kings road',
  'ashbury',
  'replace valve',
  '1',
  '70',
  'fix',
  'omega',
  '東京',
  'масса',
  'zzz',
];

describe('createIndexBuilder', () => {
  const synthetic = syntheticDocs(2_000, 21);
  const syntheticQueries = [...QUERIES, ...benchQueries(synthetic, createRandom(5)).map((q) => q.text)];

  it.each([
    ['ranking fixtures', RANKING_DOCS, QUERIES],
    ['accents, ß, ligatures, combining marks, Cyrillic, Greek, CJK, emoji, blank fields', WIDE_DOCS, QUERIES],
    ['synthetic jobs', synthetic, syntheticQueries],
    [
      'synthetic jobs with the odd ones in between',
      [...synthetic.slice(0, 1_500), ...WIDE_DOCS, ...synthetic.slice(1_500)],
      syntheticQueries,
    ],
  ])('builds the same index as folding each document on its own: %s', (_, docs, queries) => {
    const reference = referenceIndex(docs);
    for (const pageSize of docs.length > 100 ? [7, 1_000] : [1, 7]) {
      const index = built(pagesOf(docs, pageSize));
      expectSameSegment(index.main, reference.main);
      expect(index.delta).toBeNull();
      expect(countDocs(index)).toBe(docs.length);
    }
    const index = built([docs]);
    checkInverted(index.main);
    expect(answers(index, queries)).toEqual(answers(reference, queries));
    for (const d of docs.slice(0, 200)) expect(displayOf(index, d.uuid)).toEqual(shownOf(d));
  });

  it('builds an empty index', () => {
    const index = built([]);
    expectSameSegment(index.main, referenceIndex([]).main);
    expect(search(index, 'smith')).toEqual([]);
    expect(loadIndex(structuredClone(serializeIndex(index))).main.count).toBe(0);
    expectSameSegment(built([[], []]).main, index.main);
  });

  it('replaces a document added again (in the same page or a later one) and drops removed ones', () => {
    const docs = syntheticDocs(3_000, 8);
    const { builder, live, add, remove } = trackedBuilder();
    add(docs.slice(0, 1_000));
    add([
      ...docs.slice(1_000, 2_000),
      { ...docs[10]!, customer: 'Quentin Zebedee', description: 'Moved to a later page' },
    ]);
    add([
      { ...docs[2_000]!, customer: 'First Copy' },
      ...docs.slice(2_000, 2_500),
      { ...docs[2_001]!, address: 'Second Copy Road' },
    ]);
    remove(docs[20]!.uuid);
    remove(docs[1_500]!.uuid);
    remove('no-such-uuid');
    remove(docs[20]!.uuid); // twice
    add([docs[1_500]!, ...docs.slice(2_500)]); // back again, now at the end
    remove(docs[2_999]!.uuid); // the very last document
    expect(builder.size).toBe(live.size);

    const index = builder.finish();
    const reference = referenceIndex([...live.values()]);
    expectSameSegment(index.main, reference.main);
    checkInverted(index.main);
    const queries = [
      'quentin zebedee',
      'first copy',
      'second copy',
      'later page',
      docs[20]!.number,
      docs[1_500]!.number,
      docs[2_999]!.number,
      'smith',
      'boiler',
      'elm',
    ];
    expect(answers(index, queries)).toEqual(answers(reference, queries));
    expect(search(index, 'zebedee').map((r) => r.uuid)).toEqual([docs[10]!.uuid]);
    expect(search(index, docs[20]!.number).map((r) => r.uuid)).not.toContain(docs[20]!.uuid);
    expect(countDocs(index)).toBe(live.size);
  });

  it('leaves out the words that only dropped documents had', () => {
    const builder = createIndexBuilder();
    builder.add([
      doc('a', { number: '1', customer: 'Kept Name' }),
      doc('b', { number: '2', customer: 'Vanishing Xylophone' }),
    ]);
    builder.add([
      doc('b', { number: '2', customer: 'Kept Again' }),
      doc('c', { number: '3', customer: 'Removed Quokka' }),
    ]);
    builder.remove('c');
    const index = builder.finish();
    expect(index.main.words).not.toMatch(/xylophone|quokka|vanishing|removed/);
    expectSameSegment(
      index.main,
      referenceIndex([
        doc('a', { number: '1', customer: 'Kept Name' }),
        doc('b', { number: '2', customer: 'Kept Again' }),
      ]).main,
    );
    expect(search(index, 'xylophone')).toEqual([]);
  });

  it('keeps up with many removals and re-adds (its uuid table)', () => {
    const docs = syntheticDocs(12_000, 4);
    const builder = createIndexBuilder();
    builder.add(docs.slice(0, 8_000));
    for (const d of docs.slice(0, 6_000)) builder.remove(d.uuid);
    expect(builder.size).toBe(2_000);
    builder.add(docs.slice(0, 3_000)); // back again, after the others
    builder.add(docs.slice(8_000));
    for (const d of docs.slice(0, 1_000)) builder.remove(d.uuid);
    const live = [...docs.slice(6_000, 8_000), ...docs.slice(1_000, 3_000), ...docs.slice(8_000)];
    expect(builder.size).toBe(live.length);
    expectSameSegment(builder.finish().main, referenceIndex(live).main);
  });

  it('makes an index that round-trips, takes changes and compacts like any other', () => {
    const docs = [...RANKING_DOCS, ...syntheticDocs(3_000, 6)];
    const index = built(pagesOf(docs, 1_000));
    const loaded = loadIndex(structuredClone(serializeIndex(index)));
    expect(answers(loaded, QUERIES)).toEqual(answers(index, QUERIES));

    const reference = referenceIndex(docs);
    const steps = [
      {
        upsert: [
          doc('new-1', { number: '8001', customer: 'Nina Smith', description: 'boiler' }),
          { ...docs[100]!, customer: 'Renamed Customer' },
        ],
        remove: ['johnson', 'muller'],
      },
      { upsert: syntheticDocs(2_500, 99), remove: [docs[200]!.uuid] }, // past the merge threshold
    ];
    for (const step of steps) {
      applyChanges(loaded, step);
      applyChanges(reference, step);
      expect(answers(loaded, [...QUERIES, 'renamed', 'nina'])).toEqual(
        answers(reference, [...QUERIES, 'renamed', 'nina']),
      );
      expect(countDocs(loaded)).toBe(countDocs(reference));
    }
    compactIndex(loaded);
    expect(loaded.delta).toBeNull();
    expect(answers(loaded, QUERIES)).toEqual(answers(reference, QUERIES));
  });

  it('buildIndex is the builder with every document at once', () => {
    const docs = [...syntheticDocs(2_000, 2), { ...RANKING_DOCS[0]!, uuid: syntheticDocs(1, 2)[0]!.uuid }];
    expectSameSegment(buildIndex(docs).main, built([docs]).main);
    expectSameSegment(buildIndex(docs).main, referenceIndex(docs).main); // the duplicate uuid: the last copy wins
  });

  it('cannot be used after finish', () => {
    const builder = createIndexBuilder();
    builder.add(RANKING_DOCS);
    builder.finish();
    expect(() => builder.finish()).toThrow(/finished/);
    expect(() => builder.add(RANKING_DOCS)).toThrow(/finished/);
    expect(() => builder.remove('jose')).toThrow(/finished/);
  });
});

describe('sortWordIds', () => {
  const encoder = new TextEncoder();
  function sortedByBytes(words: string[]): string[] {
    const parts = words.map((w) => Uint8Array.from(w, (c) => c.charCodeAt(0)));
    const starts = new Uint32Array(words.length + 1);
    parts.forEach((p, i) => (starts[i + 1] = starts[i]! + p.length));
    const bytes = new Uint8Array(starts[words.length]!);
    parts.forEach((p, i) => bytes.set(p, starts[i]!));
    const order = sortWordIds(bytes, starts, Uint32Array.from(words.keys()));
    return Array.from(order, (id) => words[id]!);
  }

  it('orders words as a string sort does: by byte, shorter prefixes first, long shared prefixes', () => {
    const random = createRandom(17);
    const letters = 'ab0z\x80\xff';
    const words = new Set<string>();
    for (let i = 0; i < 3_000; i++) {
      const length = 1 + Math.floor(random() * 14);
      words.add(Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join(''));
    }
    for (let n = 1; n <= 200; n++) words.add(`commonprefix${n}`); // a run longer than the small-run sort
    for (const n of [1, 12, 123, 1234, 12345, 123456, 1234567, 12345678, 123456789]) words.add(String(n));
    const list = [...words];
    expect(sortedByBytes(list)).toEqual(list.slice().sort());
    expect(sortedByBytes([])).toEqual([]);
    expect(sortedByBytes(['b'])).toEqual(['b']);
    expect(encoder.encode('x').length).toBe(1);
  });
});
