// The customer index: the account's customers (companies) and the people to reach them (company
// contacts, and the on-site contacts of jobs who are no company's contact), found by name, phone
// number or e-mail, each with the uuids of their jobs. Built by the background from the cache's
// customer records, stored beside the job index, read as it is by the popup.

/** Stored form's version: loadCustomerIndex refuses any other, and the cache rebuilds it. */
export const CUSTOMER_INDEX_VERSION = 1;

/** A contact as the index takes it: a company contact (`owner` its company) or a job contact
 * (`owner` its job). */
export interface SourceContact {
  uuid: string;
  kind: 'company' | 'job';
  owner: string;
  first: string;
  last: string;
  phone: string;
  mobile: string;
  email: string;
  active: boolean;
  /** The keys of its numbers (mobile, then phone) and the number as shown, when worked out already
   * (the sync does it once per contact read: a phone number's parse is the dearest part of a build). */
  keys?: string[];
  shown?: string;
}

export interface SourceCompany {
  uuid: string;
  name: string;
  active: boolean;
}

/** What the index is built from. */
export interface CustomerSource {
  companies: Iterable<SourceCompany>;
  contacts: Iterable<SourceContact>;
  /** Each live job's customer: job uuid → company uuid. */
  jobCustomers: ReadonlyMap<string, string>;
}

/** The entry kinds: a customer (company), or a site contact met on jobs only. */
export const CUSTOMER = 0;
export const SITE_CONTACT = 1;

/** Which field of an entry a word comes from. */
export const FIELD = { name: 0, person: 1, email: 2, phone: 3 } as const;

/**
 * Entry e is `names[e]` (`kinds[e]`, `ids[e]`: the company uuid, or the first job contact's uuid),
 * its people `people[e]` (one line each: name, phone, e-mail, tab-separated), its searchable words
 * `texts[e]` (folded, space-led), its jobs `jobs[e]` (space-separated uuids), and a line about it
 * `notes[e]` (a site contact's customer). Word i of the sorted word table is
 * `words.slice(wordStarts[i], wordStarts[i + 1] - 1)` (each ends in "\n"), of entry `wordEntries[i]`,
 * field `wordFields[i]`, person `wordPeople[i]` (0: the entry's name). Phone words are keys (`+` and
 * digits, lib/locale/phone-key.ts).
 */
export interface SerializedCustomerIndex {
  version: typeof CUSTOMER_INDEX_VERSION;
  /** The account's country the phone keys were made for. */
  region: string | null;
  count: number;
  names: string[];
  kinds: Uint8Array;
  ids: string[];
  people: string[];
  notes: string[];
  texts: string[];
  jobs: string[];
  words: string;
  wordStarts: Uint32Array;
  wordEntries: Uint32Array;
  wordFields: Uint8Array;
  wordPeople: Uint16Array;
}

/** One person of an entry, as a row shows them. */
export interface CustomerPerson {
  name: string;
  phone: string;
  email: string;
}

/** A customer found: the entry, which person and field matched, and the match's strength. */
export interface CustomerHit {
  entry: number;
  score: number;
  field: number;
  /** 0: the entry's own name; p ≥ 1: person p − 1. */
  person: number;
}
