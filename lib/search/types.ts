// Public types of the offline quick-search index. The cache maps jobs and companies to `SearchDoc`;
// everything else here is what the popup, the omnibox and the background see.

/** One job as the search index sees it. Only `number`, `customer`, `address` and `description` are
 * searched; `status` and `date` only break ties (open jobs first, then the newest). */
export interface SearchDoc {
  uuid: string;
  /** The job number people say (`generated_job_id`). */
  number: string;
  status: string;
  /** The customer's (company's) name. */
  customer: string;
  address: string;
  description: string;
  /** `YYYY-MM-DD…`; blank or `0000-00-00 00:00:00` counts as no date. */
  date?: string | undefined;
}

/** The searched fields, in ranking order. */
export const SEARCH_FIELDS = ['number', 'customer', 'address', 'description'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export interface SearchMatch {
  field: SearchField;
  /** Half-open `[start, end)` offsets into the original text of the field, sorted, not overlapping. */
  ranges: [number, number][];
}

export interface SearchResult {
  uuid: string;
  /** Higher is better; results come sorted by it (ties: open jobs first, then newest). */
  score: number;
  matches: SearchMatch[];
}

export interface SearchOptions {
  /** How many results to return; 20 when absent. */
  limit?: number;
}

export interface SearchChanges {
  upsert?: readonly SearchDoc[];
  /** UUIDs of jobs to drop (deleted or made inactive). Unknown UUIDs are ignored. */
  remove?: readonly string[];
}

/** One immutable index segment: nothing but strings and typed arrays, so it survives structured
 * clone (IndexedDB, postMessage) unchanged and loads without parsing. */
export interface SerializedSegment {
  /** Number of documents. */
  count: number;
  /** All UUIDs concatenated; `uuidStarts` has count + 1 entries. */
  uuids: string;
  uuidStarts: Uint32Array;
  /** Normalised fields of every document, each followed by one space; Latin-1 only. */
  text: string;
  /** Start of field f of document d at `d * 4 + f`; count * 4 + 1 entries. */
  fieldStarts: Uint32Array;
  /** Tie-break key per document (open first, then newest). */
  ranks: Uint32Array;
  /** Sorted distinct words, concatenated; `wordStarts` has words + 1 entries. */
  words: string;
  wordStarts: Uint32Array;
  /** Postings of word w in field f are the bytes `postings[postingStarts[w*4+f] .. postingStarts[w*4+f+1])`:
   * ascending document numbers as varint gaps (the first gap counts from -1). */
  postingStarts: Uint32Array;
  postings: Uint8Array;
  /** Fields whose normalised text is not offset-for-offset the original (combining accents, ß,
   * non-Latin letters): key `d * 4 + f`, and the original offset of each normalised offset. */
  mapKeys: Uint32Array;
  mapStarts: Uint32Array;
  mapOffsets: Uint32Array;
}

export interface SerializedSearchIndex {
  format: 'fieldside-search';
  version: 1;
  main: SerializedSegment;
  /** Documents added or changed since the main segment was built; merged lazily. */
  delta: SerializedSegment | null;
  /** 1 for a live document, 0 for a removed or replaced one; main documents first, then delta. */
  alive: Uint8Array;
}
