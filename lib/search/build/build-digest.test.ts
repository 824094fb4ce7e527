// The page-by-page build pinned byte for byte: the serialized index of a fixed mix of documents
// (synthetic jobs in pages, hand-made ones with wide and odd text, odd uuids, replaced and removed
// documents) must digest to what it did when the builder's speed work began. The builder is tuned
// often; a tuning must not change a single stored byte (a stored index is kept across versions).
import { describe, expect, it } from 'vitest';
import { createIndexBuilder, serializeIndex, type SearchDoc } from '../index';
import { syntheticDocs } from '../testing/synthetic-docs';
import { doc, RANKING_DOCS } from '../testing/fixtures';

/** Two 32-bit FNV-1a lanes over a stream of 32-bit words, as 16 hex digits. */
class Digest {
  private a = 0x811c9dc5;
  private b = 0x01234567;

  word(value: number): void {
    this.a = Math.imul(this.a ^ (value & 0xffff), 0x01000193);
    this.a = Math.imul(this.a ^ (value >>> 16), 0x01000193);
    this.b = Math.imul(this.b ^ value, 0x85ebca6b) ^ (this.b >>> 13);
  }

  text(value: string): void {
    this.word(value.length);
    for (let i = 0; i < value.length; i++) this.word(value.charCodeAt(i));
  }

  value(value: unknown): void {
    if (ArrayBuffer.isView(value)) {
      const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      this.text(value.constructor.name);
      this.word(bytes.length);
      for (const byte of bytes) this.word(byte);
    } else if (typeof value === 'string') this.text(value);
    else if (typeof value === 'number') this.text(String(value));
    else if (value === null || value === undefined) this.text(String(value));
    else if (value instanceof Map) this.value([...value.entries()]);
    else if (Array.isArray(value)) {
      this.word(value.length);
      for (const item of value) this.value(item);
    } else {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record).sort()) {
        this.text(key);
        this.value(record[key]);
      }
    }
  }

  hex(): string {
    return [this.a, this.b].map((lane) => (lane >>> 0).toString(16).padStart(8, '0')).join('');
  }
}

function digestOf(value: unknown): string {
  const digest = new Digest();
  digest.value(value);
  return digest.hex();
}

const ODD_DOCS: SearchDoc[] = [
  ...RANKING_DOCS,
  doc('Upper-Case-Uuid', { number: 'ẞ-17', customer: 'Straße & Söhne GmbH', address: 'Große Straße 5, Köln' }),
  doc('{braced}', { number: '0042', customer: 'Æther Œuvre Ørsted', description: 'ﬁx the ﬂue (ligatures)' }),
  doc('combining', { customer: 'Zoe\u0308 Ame\u0301lie', address: 'Cafe\u0301 Ro\u0302tisserie' }),
  doc('cyrillic', { number: '№ 42', customer: 'Пётр Ильич Чайковский', description: 'Ремонт котла' }),
];

describe('page-by-page build, byte for byte', () => {
  it('serializes a fixed mix of documents to the same bytes as before', () => {
    const docs = JSON.parse(JSON.stringify(syntheticDocs(6_000, 7))) as SearchDoc[];
    const builder = createIndexBuilder();
    // The third page (3,000-4,500) overlaps the fourth (4,000-5,000): 500 documents come again.
    for (let from = 0; from < 4_000; from += 1_500) builder.add(docs.slice(from, from + 1_500));
    builder.add(ODD_DOCS);
    builder.remove(docs[10]!.uuid);
    builder.remove('{braced}');
    builder.add([...docs.slice(4_000, 5_000), docs[20]!, docs[3_999]!, { ...docs[30]!, customer: 'Moved Owner' }]);
    builder.remove(docs[4_500]!.uuid);
    builder.add(docs.slice(5_000));
    const index = builder.finish();
    const { main } = serializeIndex(index);
    // Three removed, and 'cyrillic' here replaces the ranking set's own within the page.
    expect(main.count).toBe(6_000 + ODD_DOCS.length - 4);
    expect(digestOf(main)).toBe('aaaa483c71115971');
  });

  it('serializes a build of one large page to the same bytes as before', () => {
    const docs = JSON.parse(JSON.stringify(syntheticDocs(5_000, 42, 20))) as SearchDoc[];
    const builder = createIndexBuilder();
    builder.add(docs);
    expect(digestOf(serializeIndex(builder.finish()).main)).toBe('2e15888866b1c287');
  });
});
