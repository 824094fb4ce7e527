import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  buildIndex,
  compactIndex,
  createTypeahead,
  displayOf,
  loadIndex,
  search,
  serializeIndex,
  type SearchDoc,
  type SearchIndex,
} from '../index';
import { createRandom, pick } from '../testing/synthetic-docs';
import { doc, shownOf } from '../testing/fixtures';
import { uuidFromBytes, uuidToBytes } from '../format/uuid-column';

/** 60 customers with 20 jobs each (as the emulator seeds them): the same name, address and often
 * the same description on every job of a customer; accents and non-Latin names among them. */
function sharedDocs(): SearchDoc[] {
  const random = createRandom(11);
  const names = [
    'Jürgen Müller',
    'Иван Петров',
    'Renée Dubois',
    'Łukasz Nowak',
    '山田 太郎',
    'Straße GmbH',
    'Smith Plumbing Ltd',
    'O’Brien & Sons',
  ];
  const streets = ['Hauptstraße', 'Elm Street', 'Улица Ленина', 'Rue de l’Église', 'Østergade'];
  const customers = Array.from({ length: 60 }, (_, c) => ({
    name: `${names[c % names.length]} ${c}`,
    address: `${c + 1} ${streets[c % streets.length]}, Town ${c % 9}`,
  }));
  const descriptions = [
    'Replace boiler',
    'Fix leaking tap',
    'Service heat pump',
    'Réparer la chaudière',
    'Заменить кран',
  ];
  const docs: SearchDoc[] = [];
  for (let i = 0; i < 1_200; i++) {
    const customer = customers[Math.floor(i / 20)]!;
    docs.push({
      uuid: uuidOf(i),
      number: String(5000 + i),
      status: pick(random, ['Work Order', 'Quote', 'Completed']),
      customer: customer.name,
      address: i % 5 === 0 ? `${i} Other Road` : customer.address,
      description: pick(random, descriptions),
      date: `2025-0${1 + (i % 9)}-1${i % 10}`,
    });
  }
  return docs;
}

function uuidOf(i: number): string {
  const hex = i.toString(16).padStart(12, '0');
  return `0f0e0d0c-0b0a-4908-a706-${hex}`;
}

const QUERIES = [
  'jurgen',
  'муллер',
  'иван',
  'петров 33',
  'renee',
  'lukasz',
  'strasse',
  'hauptstrasse',
  'elm',
  'ленина',
  'eglise',
  'ostergade',
  '山田',
  'smith 6',
  'obrien',
  'boiler',
  'reparer chaudiere',
  'заменить',
  'kran',
  'town 4',
  'other road',
  '5012',
  '#5100',
  '51',
  'heat pmup',
  'jurgne',
];

/** What the index answers (uuids, scores, ranges and display) to the queries, one-off and typed. */
function answers(index: SearchIndex): unknown[] {
  return QUERIES.flatMap((query) => {
    const typeahead = createTypeahead(index);
    const typed = Array.from({ length: query.length }, (_, k) => typeahead.search(query.slice(0, k + 1)));
    return [search(index, query, { limit: 50 }), typed];
  });
}

describe('pieces: each distinct text stored once', () => {
  const docs = sharedDocs();

  it('stores each distinct customer, address, status and description once', () => {
    const main = serializeIndex(buildIndex(docs)).main;
    const distinct = new Set(docs.flatMap((d) => [d.status, d.customer, d.address])).size;
    const descriptions = new Set(docs.map((d) => d.description)).size;
    // The job numbers are values (number-column.ts), not pieces.
    expect(main.pieceStarts.length - 1).toBe(distinct + descriptions);
    // Every piece shows: a description as its first line.
    expect(main.displayStarts.length - 1).toBe(distinct + descriptions);
    // Folded text: the distinct texts, not a copy per document.
    const copies = docs.reduce(
      (sum, d) => sum + d.number.length + d.customer.length + d.address.length + d.description.length + 4,
      0,
    );
    expect(main.text.length).toBeLessThan(copies / 4);
  });

  it('finds and shows every document as a copy per document did (accents, non-Latin, typos)', () => {
    const index = buildIndex(docs);
    for (const d of docs) expect(displayOf(index, d.uuid)).toEqual(shownOf(d));
    const [ivan] = search(index, 'иван петров 33');
    expect(ivan?.display.customer).toBe('Иван Петров 33');
    expect(
      ivan!.matches.find((m) => m.field === 'customer')!.ranges.map(([s, e]) => ivan!.display.customer.slice(s, e)),
    ).toEqual(['Иван', 'Петров', '33']);
    const strasse = search(index, 'hauptstrasse');
    expect(strasse.length).toBe(20);
    expect(strasse.every((r) => r.display.address.includes('Hauptstraße'))).toBe(true);
    const range = strasse[0]!.matches.find((m) => m.field === 'address')!.ranges[0]!;
    expect(strasse[0]!.display.address.slice(...range)).toBe('Hauptstraße');
    // Every job of customer 0 (20), one in five at another address: all found by the shared name.
    expect(search(index, 'jurgen muller 0', { limit: 100 }).length).toBe(20);
  });

  it('gives the same answers after a store and load', () => {
    const index = buildIndex(docs);
    expect(answers(loadIndex(structuredClone(serializeIndex(index))))).toEqual(answers(index));
  });

  it('follows a changed customer into the delta and through compaction, as a fresh build would', () => {
    const renamed = docs
      .filter((d) => d.customer === 'Jürgen Müller 0')
      .map((d) => ({ ...d, customer: 'Jürgen Müller-Schmidt' }));
    const moved = docs.slice(100, 110).map((d) => ({ ...d, address: 'Новая улица 1' }));
    const removed = docs.slice(300, 320).map((d) => d.uuid);
    const index = buildIndex(docs);
    applyChanges(index, { upsert: [...renamed, ...moved], remove: removed });
    expect(index.delta).not.toBeNull();
    const changed = new Map([...renamed, ...moved].map((d) => [d.uuid, d]));
    const expected = docs
      .filter((d) => !removed.includes(d.uuid) && !changed.has(d.uuid))
      .concat([...changed.values()]);
    const fresh = buildIndex(expected);
    expect(answers(index)).toEqual(answers(fresh));
    expect(search(index, 'schmidt', { limit: 50 }).map((r) => r.display.customer)).toEqual(
      Array(renamed.length).fill('Jürgen Müller-Schmidt'),
    );
    expect(displayOf(index, docs[105]!.uuid)?.address).toBe('Новая улица 1');
    compactIndex(index);
    expect(index.delta).toBeNull();
    expect(answers(index)).toEqual(answers(fresh));
    // The old name is gone from the stored texts once no document has it.
    const main = serializeIndex(index).main;
    expect(main.pieceStarts.length - 1).toBe(
      new Set(expected.flatMap((d) => [d.status, d.customer, d.address])).size +
        new Set(expected.map((d) => d.description)).size,
    );
  });
});

describe('uuids as bytes', () => {
  it('round-trips canonical uuids and refuses any other form', () => {
    const bytes = new Uint8Array(16);
    const uuid = '23926b26-8aba-4b17-9a35-2d00597f5a93';
    expect(uuidToBytes(uuid, bytes, 0)).toBe(true);
    expect(uuidFromBytes(bytes, 0)).toBe(uuid);
    for (const odd of [
      '23926B26-8ABA-4B17-9A35-2D00597F5A93',
      '{23926b26-8aba-4b17-9a35-2d00597f5a93}',
      '23926b26-8aba-4b17-9a35-2d00597f5a9g',
      '23926b268aba4b179a352d00597f5a93',
      'a1',
      '',
    ]) {
      expect(uuidToBytes(odd, bytes, 0), odd).toBe(false);
    }
  });

  it('keeps odd uuids as they are, side by side with canonical ones, through changes and compaction', () => {
    const job = (uuid: string, number: string, customer: string) =>
      doc(uuid, { number, customer, address: `${number} Elm St`, description: 'boiler' });
    const docs = [
      job('23926b26-8aba-4b17-9a35-2d00597f5a93', '1', 'Alice Smith'),
      job('ODD-Upper', '2', 'Bob Smith'),
      job('00000000-0000-0000-0000-000000000000', '3', 'Carol Smith'),
      job('', '4', 'Dan Smith'),
    ];
    const index = buildIndex(docs);
    expect(
      search(index, 'smith')
        .map((r) => r.uuid)
        .sort(),
    ).toEqual(docs.map((d) => d.uuid).sort());
    expect(displayOf(index, 'ODD-Upper')?.customer).toBe('Bob Smith');
    expect(displayOf(index, '00000000-0000-0000-0000-000000000000')?.customer).toBe('Carol Smith');
    expect(displayOf(index, '')?.customer).toBe('Dan Smith');
    applyChanges(index, {
      upsert: [{ ...docs[1]!, customer: 'Bob Jones' }],
      remove: ['00000000-0000-0000-0000-000000000000'],
    });
    expect(displayOf(index, 'ODD-Upper')?.customer).toBe('Bob Jones');
    expect(displayOf(index, '00000000-0000-0000-0000-000000000000')).toBeNull();
    compactIndex(index);
    const loaded = loadIndex(structuredClone(serializeIndex(index)));
    expect(
      search(loaded, 'smith')
        .map((r) => r.uuid)
        .sort(),
    ).toEqual(['', '23926b26-8aba-4b17-9a35-2d00597f5a93']);
    expect(search(loaded, 'jones')[0]?.uuid).toBe('ODD-Upper');
  });
});
