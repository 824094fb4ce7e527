// 200 mixed queries over synthetic jobs, as people type them into the popup: job numbers, name
// fragments, address words, description words, and 40 queries with one typo whose intended job
// is known (so a benchmark or test can check it is found).
import { pick } from './synthetic-docs';
import type { SearchDoc } from '../format/types';

export type QueryKind = 'number' | 'name' | 'address' | 'description' | 'typo';

export interface BenchQuery {
  kind: QueryKind;
  text: string;
  /** For typo queries: the uuid of the job the person is looking for. */
  intended?: string;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ADDRESS = /(\d+) (\S+) (\S+), (\S+)$/;

/** One typo (swap, substitution, deletion or insertion) after the first letter, that does not
 * merely shorten the word (that would be a prefix match, not a typo). */
export function withTypo(word: string, random: () => number): string {
  for (;;) {
    const i = 1 + Math.floor(random() * (word.length - 1));
    const kind = Math.floor(random() * 4);
    const letter = pick(random, LETTERS.split(''));
    const typo =
      kind === 0 && i + 1 < word.length
        ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
        : kind === 1
          ? word.slice(0, i) + letter + word.slice(i + 1)
          : kind === 2
            ? word.slice(0, i) + word.slice(i + 1)
            : word.slice(0, i) + letter + word.slice(i);
    if (typo !== word && !word.startsWith(typo)) return typo;
  }
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function benchQueries(docs: readonly SearchDoc[], random: () => number): BenchQuery[] {
  const out: BenchQuery[] = [];
  const job = (): SearchDoc => pick(random, docs);
  const where = (doc: SearchDoc) => ADDRESS.exec(doc.address);
  const person = (doc: SearchDoc): boolean =>
    words(doc.customer).length === 2 && !/\b(inc|co|ltd|llc|group|hotel|cafe|gym|garage)\b/i.test(doc.customer);
  for (let i = 0; i < 30; i++) out.push({ kind: 'number', text: job().number });
  for (let i = 0; i < 10; i++) out.push({ kind: 'number', text: `#${job().number}` });
  for (let i = 0; i < 10; i++) out.push({ kind: 'number', text: job().number.slice(0, 3 + (i % 2)) });
  for (let i = 0; i < 20; i++) {
    const [first = '', last = ''] = words(job().customer);
    out.push({ kind: 'name', text: `${first} ${last.slice(0, 3)}` });
  }
  for (let i = 0; i < 15; i++) out.push({ kind: 'name', text: words(job().customer).at(-1) ?? '' });
  for (let i = 0; i < 15; i++) out.push({ kind: 'name', text: words(job().customer).slice(0, 2).join(' ') });
  for (let i = 0; i < 40; i++) {
    const m = where(job());
    if (!m) continue;
    const text = i % 4 === 0 ? m[4]! : i % 4 === 1 ? `${m[2]} ${m[3]}` : `${m[1]} ${m[2]}`;
    out.push({ kind: 'address', text: text.toLowerCase() });
  }
  for (let i = 0; i < 20; i++) {
    const w = words(job().description).filter((x) => x.length > 3);
    out.push({ kind: 'description', text: w.slice(1, 1 + (i % 2) + 1).join(' ') });
  }
  let made = 0;
  while (made < 40) {
    const doc = job();
    const m = where(doc);
    const customer = words(doc.customer);
    if (!m) continue;
    let text: string | null = null;
    if (made % 3 === 0 && person(doc) && customer[1]!.length >= 5)
      text = `${customer[0]} ${withTypo(customer[1]!, random)}`;
    else if (made % 3 === 1 && customer[0]!.length >= 5)
      text = `${withTypo(customer[0]!, random)} ${m[2]!.toLowerCase()}`;
    else if (made % 3 === 2 && m[2]!.length >= 5) text = `${m[1]} ${withTypo(m[2]!.toLowerCase(), random)}`;
    if (text === null) continue;
    out.push({ kind: 'typo', text, intended: doc.uuid });
    made++;
  }
  return out;
}
