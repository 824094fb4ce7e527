// Narrowing a search or a browse to some jobs: by status (a prefix of its words, as people type
// "status:quote" or "status:work"), or to a set of jobs (today's, the person's own). A filter is a
// predicate on global document numbers, worked out once per query: the status of a document is a
// piece shared by many, so each distinct status is read once.
import { pieceDisplay } from '../format/display';
import { locate, totalDocs, type SearchIndex } from '../format/index-state';
import { findUuids } from '../format/find-uuids';
import { foldText } from '../format/normalize';

/** Which documents a search or browse may answer with. */
export type DocFilter = (doc: number) => boolean;

/** Jobs whose status starts with `prefix` (case, accents and spacing ignored: "work" is "Work Order"). */
export function statusFilter(index: SearchIndex, prefix: string): DocFilter {
  const wanted = fold(prefix);
  const bySegment = new Map<unknown, Map<number, boolean>>();
  return (doc) => {
    const [seg, local] = locate(index, doc);
    let known = bySegment.get(seg);
    if (!known) bySegment.set(seg, (known = new Map()));
    const piece = seg.docPieces[local * 4 + 3]!;
    let ok = known.get(piece);
    if (ok === undefined) known.set(piece, (ok = fold(pieceDisplay(seg, piece)).startsWith(wanted)));
    return ok;
  };
}

/** Only the live jobs among `uuids` (one pass over each segment's uuids, however many: a
 * customer's hundreds of jobs cost what one does). */
export function jobsFilter(index: SearchIndex, uuids: Iterable<string>): DocFilter {
  const docs = new Uint8Array(totalDocs(index));
  const wanted = [...uuids];
  for (const seg of index.delta ? [index.main, index.delta] : [index.main]) {
    const base = seg === index.main ? 0 : index.main.count;
    findUuids(seg, wanted, (local) => {
      if (index.alive[base + local] === 1) docs[base + local] = 1;
    });
  }
  return (doc) => docs[doc] === 1;
}

/** Every filter at once (none: everything). */
export function allOf(filters: readonly DocFilter[]): DocFilter | undefined {
  if (filters.length === 0) return undefined;
  return (doc) => filters.every((f) => f(doc));
}

function fold(text: string): string {
  return foldText(text).text.replace(/\s+/g, ' ').trim();
}

/** Jobs whose day (next visit, else date: the rank's day) is `day` (`YYYY-MM-DD`). */
export function dayFilter(index: SearchIndex, day: string): DocFilter {
  const wanted = Number(day.slice(0, 10).replaceAll('-', ''));
  return (doc) => {
    const [seg, local] = locate(index, doc);
    return (seg.ranks[local]! & DAY_BITS) === wanted;
  };
}

const DAY_BITS = 0x8000000 - 1; // prepare.ts: the open bit is above the date bits
