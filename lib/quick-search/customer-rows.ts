// Customers as the popup lists them: the customer (or site contact), the person whose name, number
// or e-mail matched (else the first), how many jobs they have, and the typed words marked.
import { foldText } from '../search/format/normalize';
import { FIELD, jobsOf, peopleOf } from '../search/customers/query';
import { SITE_CONTACT, type CustomerHit, type SerializedCustomerIndex } from '../search/customers/types';
import { toUuid, type Uuid } from '../../contracts/uuid';

type Ranges = ReadonlyArray<readonly [number, number]>;

export interface CustomerRow {
  /** Unique among rows: `customer:<entry's id>`. */
  key: string;
  /** The entry in the customer index. */
  entry: number;
  kind: 'customer' | 'site';
  /** The customer's company uuid (a new job is made for it); null for a site contact, who has none of their own. */
  uuid: Uuid | null;
  name: string;
  /** What a site contact is ("Site contact for Acme Cleaning"); '' for a customer. */
  note: string;
  person: { name: string; phone: string; email: string } | null;
  /** Which of the person's fields matched. */
  matched: 'name' | 'person' | 'email' | 'phone';
  jobs: number;
  marks: { name?: Ranges; person?: Ranges; email?: Ranges };
}

const MATCHED = ['name', 'person', 'email', 'phone'] as const;

export function customerRowOf(index: SerializedCustomerIndex, hit: CustomerHit, query: string): CustomerRow {
  const people = peopleOf(index, hit.entry);
  const person = hit.person > 0 ? (people[hit.person - 1] ?? null) : (people[0] ?? null);
  const words = foldText(query)
    .text.split(' ')
    .filter((w) => w.length > 0);
  const name = index.names[hit.entry]!;
  const phoneHit = hit.field === FIELD.phone;
  return {
    key: `customer:${index.ids[hit.entry]!}`,
    entry: hit.entry,
    kind: index.kinds[hit.entry] === SITE_CONTACT ? 'site' : 'customer',
    uuid: index.kinds[hit.entry] === SITE_CONTACT ? null : toUuid(index.ids[hit.entry]!),
    name,
    note: index.notes[hit.entry] ?? '',
    person,
    matched: MATCHED[hit.field] ?? 'name',
    jobs: jobsOf(index, hit.entry).length,
    marks: phoneHit
      ? {}
      : {
          name: wordMarks(name, words),
          ...(person ? { person: wordMarks(person.name, words), email: wordMarks(person.email, words) } : {}),
        },
  };
}

/** Where the typed words start words of `text` (folding keeps offsets for Latin text). */
export function wordMarks(text: string, words: readonly string[]): Ranges {
  const folded = foldText(text).text;
  if (folded.length !== text.length) return [];
  const ranges: Array<[number, number]> = [];
  for (const word of words) {
    let at = folded.indexOf(word);
    while (at >= 0) {
      if (at === 0 || folded[at - 1] === ' ') {
        ranges.push([at, at + word.length]);
        break;
      }
      at = folded.indexOf(word, at + 1);
    }
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}
