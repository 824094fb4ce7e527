// Public types of the offline quick-search index. The cache maps jobs and companies to `SearchDoc`;
// everything else here is what the popup, the omnibox and the background see.
import type { SearchDisplay } from './display';

export type { DisplayField, SearchDisplay } from './display';

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
  /** The job's number, status, customer and address as the platform has them (not folded): a
   * result row needs no other read. `matches` ranges are offsets into these strings. */
  display: SearchDisplay;
}

export interface SearchOptions {
  /** How many results to return; 20 when absent. */
  limit?: number;
  /** Only documents it accepts (global document numbers: query/filters.ts makes them). */
  accept?: (doc: number) => boolean;
}

export interface SearchChanges {
  upsert?: readonly SearchDoc[];
  /** UUIDs of jobs to drop (deleted or made inactive). Unknown UUIDs are ignored. */
  remove?: readonly string[];
}

/** One immutable index segment: nothing but strings and typed arrays, so it survives structured
 * clone (IndexedDB, postMessage) unchanged and loads without parsing.
 *
 * Text is stored as PIECES, each distinct string once: real jobs repeat a lot (a customer's name
 * and address on each of its jobs, a handful of statuses, stock descriptions), so a document points
 * at its pieces instead of carrying copies. Piece p's folded text is
 * `text[pieceStarts[p] .. pieceStarts[p + 1] - 1)` (each piece is followed by one space). A job
 * number that is a canonical decimal ("1234": number-column.ts) is no piece and no words, only a
 * value in `numberValues`; pieces 0 .. odd - 1 are the other documents' numbers ("J-17", "0042":
 * piece i is document oddNumberDocs[i]'s); then come the distinct statuses, customers and
 * addresses ("shown" pieces: they also have display bytes); then the distinct descriptions
 * (searched; a row shows their first line). Read them through segment-read.ts, the one place that knows this
 * layout. Posting lists stay per document. */
export interface SerializedSegment {
  /** Number of documents. */
  count: number;
  /** 16 bytes per document: its canonical uuid (uuid-column.ts); zeros for an odd one. */
  uuids: Uint8Array;
  /** Documents whose uuid is not a canonical lower-case UUID (sorted), and those uuids as they
   * are, concatenated (`oddUuidStarts` has one more entry). Usually empty. */
  oddUuidDocs: Uint32Array;
  oddUuidStarts: Uint32Array;
  oddUuids: string;
  /** Per document, its job number when a canonical decimal below 2^32 - 1, else 0xFFFFFFFF. */
  numberValues: Uint32Array;
  /** The documents with a value in `numberValues`, ordered by it (then by document): exact,
   * prefix and typo lookups are binary searches. Empty when that order is document order and every
   * document has a value (jobs are usually numbered as they are created). */
  numberOrder: Uint32Array;
  /** Documents whose job number is not a value (sorted): their numbers are pieces 0 .. length - 1. */
  oddNumberDocs: Uint32Array;
  /** Folded text of every piece, each followed by one space; Latin-1 only. */
  text: string;
  /** Start of each piece in `text`, plus the end: (odd numbers + shown + descriptions + 1) entries. */
  pieceStarts: Uint32Array;
  /** Per document, the pieces of its customer, address, description and status, at `d * 4 + k`. */
  docPieces: Uint32Array;
  /** Tie-break key per document (open first, then newest). */
  ranks: Uint32Array;
  /** Sorted distinct words, concatenated; `wordStarts` has words + 1 entries. */
  words: string;
  wordStarts: Uint32Array;
  /** Postings of word w in field f are the bytes `postings[postingStarts[w*4+f] .. postingStarts[w*4+f+1])`:
   * ascending document numbers as varint gaps (the first gap counts from -1). */
  postingStarts: Uint32Array;
  postings: Uint8Array;
  /** Pieces whose folded text is not offset-for-offset the original (combining accents, ß,
   * non-Latin letters), sorted, and the original offset of each folded offset. */
  mapKeys: Uint32Array;
  mapStarts: Uint32Array;
  mapOffsets: Uint32Array;
  /** Original text of every piece (of a description: its first line) as bytes, back to back (see
   * display.ts): piece p is `display[displayStarts[p] .. displayStarts[p + 1])`, one byte per
   * character, or UTF-8 for the pieces in `displayUtf8`. */
  display: Uint8Array;
  displayStarts: Uint32Array;
  /** Sorted pieces whose display bytes are UTF-8 (the text has a character above U+00FF). */
  displayUtf8: Uint32Array;
}

export interface SerializedSearchIndex {
  format: 'fieldside-search';
  /** 2 added the display fields, 3 stores each distinct text once (pieces) and uuids as bytes,
   * 4 canonical job numbers as values (numberValues), 5 the first line of each description as display
   * bytes; loadIndex refuses other versions, so caches rebuild. */
  version: 5;
  main: SerializedSegment;
  /** Documents added or changed since the main segment was built; merged lazily. */
  delta: SerializedSegment | null;
  /** 1 for a live document, 0 for a removed or replaced one; main documents first, then delta. */
  alive: Uint8Array;
  /** The first screen as of serializing (a few rows, outside the big main segment): the popup
   * shows it while the index loads when it has no first screen of its own yet. Optional. */
  preview?: IndexPreview;
}

/** A day's jobs (or, when there are none, the recent ones) at the time the index was stored. */
export interface IndexPreview {
  /** The local day `YYYY-MM-DD` it was made on. */
  day: string;
  /** True when `jobs` are that day's jobs, false when they are the recent ones. */
  onDay: boolean;
  jobs: Array<SearchDisplay & { uuid: string }>;
}
