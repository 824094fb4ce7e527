// Building the customer index (types.ts) from the cache's customers, contacts and jobs: one entry
// per live customer with its contacts and jobs, and one per on-site contact who is none of the
// customer's own contacts (the same person on several jobs is one entry). Every word sorted once.
import { foldText } from '../format/normalize';
import {
  CUSTOMER,
  CUSTOMER_INDEX_VERSION,
  FIELD,
  SITE_CONTACT,
  type CustomerSource,
  type SerializedCustomerIndex,
  type SourceContact,
} from './types';

/** A phone number's search key (lib/locale/phone-key.ts's phoneKey for the account's country). */
export type PhoneKeyOf = (raw: string) => string | null;

interface Entry {
  kind: number;
  id: string;
  name: string;
  note: string;
  people: SourceContact[];
  jobs: string[];
  /** Who is already listed: phone keys, e-mails and folded names. */
  known: Set<string>;
}

const fold = (text: string) => foldText(text).text.replace(/\s+/g, ' ').trim();
const personName = (c: SourceContact) => `${c.first} ${c.last}`.replace(/\s+/g, ' ').trim();

/** The contact's phone keys, mobile first: as stored with it, else worked out now. */
export function phoneKeysOf(c: SourceContact, keyOf: PhoneKeyOf): string[] {
  if (c.keys) return c.keys;
  const keys: string[] = [];
  for (const raw of [c.mobile, c.phone]) {
    const key = raw ? keyOf(raw) : null;
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

function identities(c: SourceContact, keyOf: PhoneKeyOf): string[] {
  const out: string[] = [...phoneKeysOf(c, keyOf)];
  if (c.email.trim()) out.push(c.email.trim().toLowerCase());
  const name = fold(personName(c));
  if (name) out.push(`name:${name}`);
  return out;
}

/** `textOf` writes a stored number as the account's people read it (lib/locale/phones.ts), so the
 * popup shows it without carrying the phone metadata. */
export function buildCustomerIndex(
  source: CustomerSource,
  keyOf: PhoneKeyOf,
  region: string | null,
  textOf: (raw: string) => string = (raw) => raw,
): SerializedCustomerIndex {
  const entries: Entry[] = [];
  const byCompany = new Map<string, Entry>();
  for (const company of source.companies) {
    if (!company.active || byCompany.has(company.uuid)) continue;
    const entry: Entry = {
      kind: CUSTOMER,
      id: company.uuid,
      name: company.name,
      note: '',
      people: [],
      jobs: [],
      known: new Set(),
    };
    byCompany.set(company.uuid, entry);
    entries.push(entry);
  }
  const jobContacts: SourceContact[] = [];
  for (const contact of source.contacts) {
    if (!contact.active) continue;
    if (contact.kind === 'job') {
      jobContacts.push(contact);
      continue;
    }
    const entry = byCompany.get(contact.owner);
    if (!entry) continue;
    entry.people.push(contact);
    for (const id of identities(contact, keyOf)) entry.known.add(id);
  }
  for (const [job, company] of source.jobCustomers) byCompany.get(company)?.jobs.push(job);

  // A job contact who is the customer's own contact adds nothing; anyone else is a site contact.
  const sites = new Map<string, Entry>();
  for (const contact of jobContacts) {
    const company = byCompany.get(source.jobCustomers.get(contact.owner) ?? '');
    if (company === undefined && !source.jobCustomers.has(contact.owner)) continue; // job not live
    const ids = identities(contact, keyOf);
    if (company && ids.some((id) => company.known.has(id))) continue;
    const key = `${ids[0] ?? contact.uuid}|${company?.id ?? ''}`;
    let site = sites.get(key);
    if (!site) {
      site = {
        kind: SITE_CONTACT,
        id: contact.uuid,
        name: personName(contact) || contact.email || contact.mobile || contact.phone,
        note: company ? `Site contact for ${company.name}` : 'Site contact',
        people: [contact],
        jobs: [],
        known: new Set(ids),
      };
      sites.set(key, site);
      entries.push(site);
    }
    if (!site.jobs.includes(contact.owner)) site.jobs.push(contact.owner);
  }
  return serialize(entries, keyOf, region, textOf);
}

function serialize(
  entries: readonly Entry[],
  keyOf: PhoneKeyOf,
  region: string | null,
  textOf: (raw: string) => string,
): SerializedCustomerIndex {
  const words: Array<{ word: string; entry: number; field: number; person: number }> = [];
  const texts: string[] = [];
  entries.forEach((entry, e) => {
    let text = '';
    const add = (raw: string, field: number, person: number) => {
      for (const word of fold(raw).split(' ')) {
        if (!word) continue;
        words.push({ word, entry: e, field, person });
        text += ` ${word}`;
      }
    };
    add(entry.name, FIELD.name, 0);
    entry.people.forEach((c, p) => {
      add(personName(c), FIELD.person, p + 1);
      add(c.email, FIELD.email, p + 1);
      for (const key of phoneKeysOf(c, keyOf)) words.push({ word: key, entry: e, field: FIELD.phone, person: p + 1 });
    });
    texts.push(text);
  });
  words.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : a.entry - b.entry));
  const wordStarts = new Uint32Array(words.length + 1);
  let offset = 0;
  words.forEach((w, i) => {
    wordStarts[i] = offset;
    offset += w.word.length + 1;
  });
  wordStarts[words.length] = offset;
  return {
    version: CUSTOMER_INDEX_VERSION,
    region,
    count: entries.length,
    names: entries.map((e) => e.name),
    kinds: Uint8Array.from(entries, (e) => e.kind),
    ids: entries.map((e) => e.id),
    people: entries.map((e) =>
      e.people.map((c) => [personName(c), shownNumber(c, textOf), c.email].map(clean).join('\t')).join('\n'),
    ),
    notes: entries.map((e) => e.note),
    texts,
    jobs: entries.map((e) => e.jobs.join(' ')),
    words: words.map((w) => `${w.word}\n`).join(''),
    wordStarts,
    wordEntries: Uint32Array.from(words, (w) => w.entry),
    wordFields: Uint8Array.from(words, (w) => w.field),
    wordPeople: Uint16Array.from(words, (w) => Math.min(w.person, 0xffff)),
  };
}

/** Tabs and line ends are the people list's separators. */
const clean = (text: string) => text.replace(/[\t\n\r]+/g, ' ').trim();

function shownNumber(c: SourceContact, textOf: (raw: string) => string): string {
  if (c.shown !== undefined) return c.shown;
  const raw = c.mobile || c.phone;
  return raw ? textOf(raw) : '';
}
