import { describe, expect, it } from 'vitest';
import { applyChanges, browse, buildIndex, compactIndex, displayOf, loadIndex, search, serializeIndex } from '../index';
import { syntheticDocs } from '../testing/synthetic-docs';
import { descriptionLine } from '../build/description-line';
import { foldText } from './normalize';
import { doc, RANKING_DOCS, shownOf } from '../testing/fixtures';

const shown = shownOf;

describe('display fields', () => {
  const docs = [...RANKING_DOCS, ...syntheticDocs(1_500, 3)];

  it('keeps every document’s original number, status, customer and address (case, accents, non-Latin)', () => {
    const index = buildIndex(docs);
    for (const d of docs) expect(displayOf(index, d.uuid)).toEqual(shown(d));
    expect(displayOf(index, 'muller')?.customer).toBe('Jürgen Müller');
    expect(displayOf(index, 'muller')?.address).toBe('5 Straße des Friedens, Berlin');
    expect(displayOf(index, 'decomposed')?.customer).toBe('Rene\u0301e Dubois');
    expect(displayOf(index, 'cyrillic')?.customer).toBe('Иван Петров');
    expect(displayOf(index, 'no-such-job')).toBeNull();
  });

  it('stores each odd number, each distinct status, customer and address, and the first line of each distinct description once: one byte per Latin-1 character, UTF-8 only for texts with wider characters', () => {
    const main = serializeIndex(buildIndex(docs)).main;
    // A description is one piece per folded text, shown as its first original's first line.
    const lines = new Map<string, string>();
    for (const d of docs)
      if (!lines.has(foldText(d.description).text))
        lines.set(foldText(d.description).text, descriptionLine(d.description));
    const distinct = [...new Set(docs.flatMap((d) => [d.status, d.customer, d.address])), ...lines.values()];
    // Canonical decimal job numbers are values (number-column.ts): no display bytes.
    const texts = [...docs.map((d) => d.number).filter((n) => !/^(0|[1-9][0-9]{0,9})$/.test(n)), ...distinct];
    const chars = texts.reduce((sum, text) => sum + text.length, 0);
    expect(main.display.length).toBeGreaterThanOrEqual(chars);
    expect(main.display.length).toBeLessThan(chars * 1.01);
    // Far less than a copy per document: the synthetic customers have four jobs each (descriptions, which
    // seldom repeat there, aside).
    const copies = docs.reduce(
      (sum, d) => sum + d.number.length + d.status.length + d.customer.length + d.address.length,
      0,
    );
    const lineBytes = [...lines.values()].reduce((sum, line) => sum + new TextEncoder().encode(line).length, 0);
    expect(main.display.length - lineBytes).toBeLessThan(copies * 0.6);
    const wide = texts.filter((t) => /[^\x00-\xff]/.test(t));
    expect(wide.length).toBeGreaterThan(0);
    expect(main.displayUtf8.length).toBe(wide.length);
  });

  it('comes with every result, and the matched ranges point into it', () => {
    const index = buildIndex(docs);
    const [hit] = search(index, 'jurgen strasse');
    expect(hit?.uuid).toBe('muller');
    expect(hit?.display).toEqual(shown(RANKING_DOCS.find((d) => d.uuid === 'muller')!));
    const marked = (field: 'customer' | 'address') =>
      hit!.matches.find((m) => m.field === field)!.ranges.map(([s, e]) => hit!.display[field].slice(s, e));
    expect(marked('customer')).toEqual(['Jürgen']);
    expect(marked('address')).toEqual(['Straße']);
    const [ivan] = search(index, 'иван');
    expect(ivan?.display.customer).toBe('Иван Петров');
    expect(ivan!.matches[0]!.ranges.map(([s, e]) => ivan!.display.customer.slice(s, e))).toEqual(['Иван']);
  });

  it('round-trips through structured clone', () => {
    const loaded = loadIndex(structuredClone(serializeIndex(buildIndex(docs))));
    for (const d of docs.slice(0, 200)) expect(displayOf(loaded, d.uuid)).toEqual(shown(d));
    expect(search(loaded, 'jose')[0]?.display.customer).toBe('José García');
  });

  it('follows changes: upserts in the delta, removals, and merging into the main segment', () => {
    const index = loadIndex(structuredClone(serializeIndex(buildIndex(docs))));
    const renamed = doc('jose', {
      number: '7007',
      status: 'Completed',
      customer: 'JOSÉ Łukasz García',
      address: '10 Café Row, Ashbury',
    });
    const added = doc('new-one', {
      number: 'A-90',
      status: 'Quote',
      customer: 'Ωmega Ltd',
      address: 'Flat 2, 3 Rue de l’Église',
    });
    applyChanges(index, { upsert: [renamed, added], remove: ['smith-address'] });
    expect(index.delta).not.toBeNull();
    expect(displayOf(index, 'jose')).toEqual(shown(renamed));
    expect(displayOf(index, 'new-one')).toEqual(shown(added));
    expect(displayOf(index, 'smith-address')).toBeNull();
    expect(search(index, 'lukasz garcia')[0]?.display.customer).toBe('JOSÉ Łukasz García');

    // Another change rebuilds the delta from its live parts (stored forms carried over).
    applyChanges(index, { upsert: [doc('other', { number: '1', customer: 'Zoë' })] });
    expect(displayOf(index, 'new-one')).toEqual(shown(added));
    const again = loadIndex(structuredClone(serializeIndex(index)));
    expect(displayOf(again, 'jose')).toEqual(shown(renamed));

    compactIndex(again);
    expect(again.delta).toBeNull();
    expect(displayOf(again, 'jose')).toEqual(shown(renamed));
    expect(displayOf(again, 'new-one')).toEqual(shown(added));
    expect(displayOf(again, 'other')?.customer).toBe('Zoë');
    expect(displayOf(again, 'muller')?.customer).toBe('Jürgen Müller');
  });
});

describe('browse (jobs without a query)', () => {
  const docs = [
    doc('done-today', { number: '1', status: 'Completed', date: '2026-03-04 08:00:00' }),
    doc('open-today', { number: '2', date: '2026-03-04 15:00:00' }),
    doc('open-yesterday', { number: '3', date: '2026-03-03 09:00:00' }),
    doc('open-next-week', { number: '4', date: '2026-03-11 09:00:00' }),
    doc('undated', { number: '5', date: '' }),
    doc('removed-today', { number: '6', date: '2026-03-04 09:00:00' }),
  ];

  it("lists a day's jobs, open ones first, with their display fields", () => {
    const index = buildIndex(docs);
    applyChanges(index, { remove: ['removed-today'] });
    const day = browse(index, { day: '2026-03-04' });
    expect(day.map((r) => r.uuid)).toEqual(['open-today', 'done-today']);
    expect(day[0]?.display.number).toBe('2');
  });

  it('lists recent jobs: open before finished, up to today before later, newest first', () => {
    const index = buildIndex(docs);
    // Both open today: the later stored first (the next test).
    expect(browse(index, { today: '2026-03-04', limit: 4 }).map((r) => r.uuid)).toEqual([
      'removed-today',
      'open-today',
      'open-yesterday',
      'undated',
    ]);
    expect(browse(index, { limit: 2 }).map((r) => r.uuid)).toEqual(['open-next-week', 'removed-today']);
  });

  it('lists jobs of the same day and state newest stored first: one added or changed since the sync leads', () => {
    const sameDay = ['1489', '1490', '1491'].map((number) =>
      doc(`job-${number}`, { number, date: '2026-03-04 00:00:00' }),
    );
    const index = buildIndex(sameDay);
    // An office's "Recent jobs" with no times: #1491 (the page's last) before #1489, not the other way round.
    expect(browse(index, { today: '2026-03-04' }).map((r) => r.display.number)).toEqual(['1491', '1490', '1489']);
    applyChanges(index, {
      upsert: [
        doc('job-1492', { number: '1492', date: '2026-03-04 00:00:00' }),
        { ...sameDay[0]!, description: 'Changed' },
      ],
    });
    expect(browse(index, { day: '2026-03-04' }).map((r) => r.display.number)).toEqual(['1489', '1492', '1491', '1490']);
    expect(browse(index, { today: '2026-03-04', limit: 2 }).map((r) => r.display.number)).toEqual(['1489', '1492']);
  });
});
