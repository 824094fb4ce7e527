// The stored form: one plain object of strings and typed arrays, so IndexedDB keeps it as is and
// loading it is a structured clone plus a few length checks, not a parse or a rebuild.
import { browse } from './query/browse';
import { createIndexState, type SearchIndex } from './format/index-state';
import type { IndexPreview, SerializedSearchIndex, SerializedSegment } from './format/types';

export class SearchIndexFormatError extends Error {
  override readonly name = 'SearchIndexFormatError';
}

/** Type guard that also works on errors that crossed a message boundary (no prototype there). */
export function isSearchIndexFormatError(error: unknown): error is SearchIndexFormatError {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'SearchIndexFormatError';
}

/** The index as one structured-clone-friendly value, with the first screen of `today` (the
 * account's, `YYYY-MM-DD`) as its preview when given. Segments are shared, not copied: they are
 * immutable, and storing or posting the value copies them anyway. */
export function serializeIndex(index: SearchIndex, today?: string): SerializedSearchIndex {
  return {
    format: 'fieldside-search',
    version: 5,
    main: index.main,
    delta: index.delta,
    alive: index.alive.slice(),
    ...(today === undefined ? {} : { preview: previewOf(index, today) }),
  };
}

const PREVIEW_JOBS = 20;

/** Today's jobs, else the recent ones (browse.ts), for the popup to paint before it loads the index. */
export function previewOf(index: SearchIndex, day: string): IndexPreview {
  const onDay = browse(index, { day, limit: PREVIEW_JOBS });
  const found = onDay.length > 0 ? onDay : browse(index, { today: day, limit: PREVIEW_JOBS });
  return { day, onDay: onDay.length > 0, jobs: found.map((r) => ({ uuid: r.uuid, ...r.display })) };
}

/** Checks the shape cheaply (a stored value may come from an older or broken build) and wraps it.
 * Throws SearchIndexFormatError; the caller then rebuilds the index from the cached jobs. */
export function loadIndex(value: unknown): SearchIndex {
  const v = value as Partial<SerializedSearchIndex> | null;
  if (typeof v !== 'object' || v === null || v.format !== 'fieldside-search' || v.version !== 5) {
    throw new SearchIndexFormatError('Not a Fieldside search index of version 5');
  }
  const main = checkSegment(v.main, 'main');
  const delta = v.delta === null ? null : checkSegment(v.delta, 'delta');
  const total = main.count + (delta?.count ?? 0);
  if (!(v.alive instanceof Uint8Array) || v.alive.length !== total) {
    throw new SearchIndexFormatError('Search index: alive flags do not match the documents');
  }
  return createIndexState(main, delta, v.alive.slice());
}

const U32 = [
  'oddUuidDocs',
  'oddUuidStarts',
  'numberValues',
  'numberOrder',
  'oddNumberDocs',
  'pieceStarts',
  'docPieces',
  'ranks',
  'wordStarts',
  'postingStarts',
  'mapKeys',
  'mapStarts',
  'mapOffsets',
  'displayStarts',
  'displayUtf8',
] as const;
const U8 = ['uuids', 'postings', 'display'] as const;

function checkSegment(value: unknown, name: string): SerializedSegment {
  const fail = (why: string): never => {
    throw new SearchIndexFormatError(`Search index ${name} segment: ${why}`);
  };
  if (typeof value !== 'object' || value === null) return fail('missing');
  const seg = value as SerializedSegment;
  if (!Number.isInteger(seg.count) || seg.count < 0) fail('bad count');
  for (const key of ['oddUuids', 'text', 'words'] as const)
    if (typeof seg[key] !== 'string') fail(`${key} is not a string`);
  for (const key of U32) if (!(seg[key] instanceof Uint32Array)) fail(`${key} is not a Uint32Array`);
  for (const key of U8) if (!(seg[key] instanceof Uint8Array)) fail(`${key} is not a Uint8Array`);
  const words = seg.wordStarts.length - 1;
  const pieces = seg.pieceStarts.length - 1;
  const shownPieces = seg.displayStarts.length - 1;
  const odd = seg.oddNumberDocs.length;
  const consistent =
    seg.uuids.length === seg.count * 16 &&
    seg.oddUuidStarts.length === seg.oddUuidDocs.length + 1 &&
    seg.oddUuidStarts[seg.oddUuidDocs.length] === seg.oddUuids.length &&
    seg.numberValues.length === seg.count &&
    odd <= seg.count &&
    (seg.numberOrder.length === seg.count - odd || (seg.numberOrder.length === 0 && odd === 0)) &&
    seg.docPieces.length === seg.count * 4 &&
    seg.ranks.length === seg.count &&
    words >= 0 &&
    seg.wordStarts[words] === seg.words.length &&
    seg.postingStarts.length === words * 4 + 1 &&
    seg.postingStarts[words * 4] === seg.postings.length &&
    pieces >= odd &&
    seg.pieceStarts[pieces] === seg.text.length &&
    seg.mapStarts.length === seg.mapKeys.length + 1 &&
    seg.mapStarts[seg.mapKeys.length] === seg.mapOffsets.length &&
    shownPieces >= odd &&
    shownPieces === pieces &&
    seg.displayStarts[shownPieces] === seg.display.length;
  // Lengths only, not every document's pieces: a loop over all of them ran cold (not yet
  // optimised) on the popup's load and took a large share of its cold-load budget.
  if (!consistent) fail('lengths do not agree');
  return seg;
}

/** Approximate stored size in bytes (strings are one byte per character: they are Latin-1). */
export function indexBytes(value: SerializedSearchIndex): number {
  const segBytes = (seg: SerializedSegment | null): number =>
    seg === null
      ? 0
      : seg.oddUuids.length +
        seg.text.length +
        seg.words.length +
        U8.reduce((sum, key) => sum + seg[key].byteLength, 0) +
        U32.reduce((sum, key) => sum + seg[key].byteLength, 0);
  return segBytes(value.main) + segBytes(value.delta) + value.alive.byteLength;
}
