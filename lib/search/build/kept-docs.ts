// A finished page-by-page segment without the documents a build dropped (replaced by a later
// copy, or removed): the rest renumbered, and the pieces only dropped documents had left out, so
// the segment is the one the live documents alone would have made.
import type { SegmentColumns } from './segment-layout';

/** The columns of the documents `renumber` keeps (its entry for a dropped one is -1). */
export function keptDocs(c: SegmentColumns, renumber: Int32Array): SegmentColumns {
  let kept = 0;
  for (let d = 0; d < c.count; d++) if (renumber[d]! >= 0) kept++;
  const ranks = new Uint32Array(kept);
  const docIds = new Uint32Array(kept * 4);
  const numberValues = new Uint32Array(kept);
  for (let d = 0; d < c.count; d++) {
    const to = renumber[d]!;
    if (to < 0) continue;
    ranks[to] = c.ranks[d]!;
    numberValues[to] = c.numberValues[d]!;
    docIds.set(c.docIds.subarray(d * 4, d * 4 + 4), to * 4);
  }
  // The odd numbers are by their place among the odd ones: renumbered among the kept ones.
  const oddRenumber = new Int32Array(c.oddNumberDocs.length);
  const oddNumberDocs: number[] = [];
  for (let o = 0; o < c.oddNumberDocs.length; o++) {
    const to = renumber[c.oddNumberDocs[o]!]!;
    oddRenumber[o] = to < 0 ? -1 : oddNumberDocs.push(to) - 1;
  }
  const numbers = keptPieces(c.numbers, c.numberEnds, oddRenumber, oddNumberDocs.length);
  const shown = keptPieces(c.numberShown, c.numberShownEnds, oddRenumber, oddNumberDocs.length);
  const numberMaps = new Map<number, Uint32Array>();
  for (const [o, map] of c.numberMaps) if (oddRenumber[o]! >= 0) numberMaps.set(oddRenumber[o]!, map);
  // The tables again with only the kept documents' pieces, numbered in order of first use.
  const shownIds = keptIds(docIds, [0, 1, 3], c.shown.size);
  const descriptionIds = keptIds(docIds, [2], c.descriptions.size);
  return {
    ...c,
    shown: c.shown.picked(shownIds),
    descriptions: c.descriptions.picked(descriptionIds),
    count: kept,
    ranks,
    docIds,
    numberValues,
    oddNumberDocs: Uint32Array.from(oddNumberDocs),
    numbers: numbers.bytes,
    numberEnds: numbers.ends,
    numberMaps,
    numberShown: shown.bytes,
    numberShownEnds: shown.ends,
    numberUtf8: c.numberUtf8.filter((o) => oddRenumber[o]! >= 0).map((o) => oddRenumber[o]!),
  };
}

/** The pieces the documents use in columns `columns` of `docIds` (4 a document), in order of
 * first use; renumbers them in `docIds`. */
function keptIds(docIds: Uint32Array, columns: readonly number[], size: number): number[] {
  const renumber = new Int32Array(size).fill(-1);
  const order: number[] = [];
  for (let at = 0; at < docIds.length; at += 4) {
    for (const k of columns) {
      const id = docIds[at + k]!;
      if (renumber[id]! < 0) {
        renumber[id] = order.length;
        order.push(id);
      }
      docIds[at + k] = renumber[id]!;
    }
  }
  return order;
}

/** Pieces (bytes, where each ends), keeping those `renumber` keeps. */
function keptPieces(
  bytes: Uint8Array,
  ends: Uint32Array,
  renumber: Int32Array,
  kept: number,
): { bytes: Uint8Array; ends: Uint32Array } {
  const out = new Uint8Array(ends.length > 0 ? ends[ends.length - 1]! : 0);
  const outEnds = new Uint32Array(kept);
  let at = 0;
  for (let d = 0; d < ends.length; d++) {
    if (renumber[d]! < 0) continue;
    const start = d === 0 ? 0 : ends[d - 1]!;
    out.set(bytes.subarray(start, ends[d]!), at);
    at += ends[d]! - start;
    outEnds[renumber[d]!] = at;
  }
  return { bytes: out, ends: outEnds };
}
