// Finding customers as the person types: every query word is a prefix of one of the entry's words
// (its name, its people's names and e-mails), or the typed phone number's key a prefix of one of
// its people's numbers. Each word is a range of the sorted word table, found by two binary
// searches; the entries of the smallest range are checked against the other words.
import { foldText } from '../format/normalize';
import { CUSTOMER, FIELD, type CustomerHit, type CustomerPerson, type SerializedCustomerIndex } from './types';

/** How strongly a word of each field counts (FIELD order: name, person, e-mail, phone). */
const FIELD_SCORE = [40, 30, 20, 50];
/** Past this many candidates the rest of a short prefix's range is not read: the best come first
 * (an exact word sorts before its extensions), and the list shows only a few. */
const ENOUGH = 200;

export interface CustomerQuery {
  /** The query as typed. */
  text: string;
  /** The typed phone number's key (lib/locale/phone-key.ts typedPhoneKey), when it is one. */
  phoneKey?: string | null;
}

export function searchCustomers(index: SerializedCustomerIndex, query: CustomerQuery, limit = 3): CustomerHit[] {
  const words = query.phoneKey
    ? [query.phoneKey]
    : foldText(query.text)
        .text.split(' ')
        .filter((w) => w.length > 0);
  // One letter matches half the book: wait for a second.
  if (words.length === 0 || words.join('').length < 2) return [];
  const ranges = words.map((w) => prefixRange(index, w));
  if (ranges.some(([from, to]) => from >= to)) return [];
  let driver = 0;
  ranges.forEach(([from, to], i) => {
    const [df, dt] = ranges[driver]!;
    if (to - from < dt - df) driver = i;
  });
  const others = words.filter((_, i) => i !== driver).map((w) => ` ${w}`);
  const [from, to] = ranges[driver]!;
  const word = words[driver]!;
  const best = new Map<number, CustomerHit>();
  for (let i = from; i < to && best.size < ENOUGH; i++) {
    const entry = index.wordEntries[i]!;
    const field = index.wordFields[i]!;
    const exact = index.wordStarts[i + 1]! - index.wordStarts[i]! - 1 === word.length ? 5 : 0;
    const score = FIELD_SCORE[field]! + exact + (index.kinds[entry] === CUSTOMER ? 1 : 0);
    const had = best.get(entry);
    if (had && had.score >= score) continue;
    if (!had && !others.every((w) => index.texts[entry]!.includes(w))) continue;
    best.set(entry, { entry, score, field, person: index.wordPeople[i]! });
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || compareText(index.names[a.entry]!, index.names[b.entry]!))
    .slice(0, limit);
}

/** Word positions [from, to) of the words starting with `prefix`. */
function prefixRange(index: SerializedCustomerIndex, prefix: string): [number, number] {
  const n = index.wordStarts.length - 1;
  const bound = (strict: boolean) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = comparePrefix(index, mid, prefix);
      if (c < 0 || (strict && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return [bound(false), bound(true)];
}

/** Word i's first `prefix.length` characters against `prefix`. */
function comparePrefix(index: SerializedCustomerIndex, i: number, prefix: string): number {
  const start = index.wordStarts[i]!;
  const end = index.wordStarts[i + 1]! - 1;
  const words = index.words;
  for (let k = 0; k < prefix.length; k++) {
    if (start + k >= end) return -1;
    const d = words.charCodeAt(start + k) - prefix.charCodeAt(k);
    if (d !== 0) return d;
  }
  return 0;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The people of an entry, as stored. */
export function peopleOf(index: SerializedCustomerIndex, entry: number): CustomerPerson[] {
  const lines = index.people[entry];
  if (!lines) return [];
  return lines.split('\n').map((line) => {
    const [name = '', phone = '', email = ''] = line.split('\t');
    return { name, phone, email };
  });
}

/** The uuids of an entry's jobs. */
export function jobsOf(index: SerializedCustomerIndex, entry: number): string[] {
  const list = index.jobs[entry];
  return list ? list.split(' ') : [];
}

/** Entries' texts are stored as they are; a stored index of another version is refused. */
export class CustomerIndexFormatError extends Error {
  override readonly name = 'CustomerIndexFormatError';
}

export function loadCustomerIndex(value: unknown): SerializedCustomerIndex {
  const v = value as Partial<SerializedCustomerIndex> | null | undefined;
  if (
    !v ||
    v.version !== 1 ||
    typeof v.count !== 'number' ||
    !Array.isArray(v.names) ||
    v.names.length !== v.count ||
    !(v.wordStarts instanceof Uint32Array) ||
    !(v.wordEntries instanceof Uint32Array) ||
    v.wordEntries.length + 1 !== v.wordStarts.length ||
    typeof v.words !== 'string'
  ) {
    throw new CustomerIndexFormatError('The stored customer index is of another format');
  }
  return v as SerializedCustomerIndex;
}

export { FIELD };
