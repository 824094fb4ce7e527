// Deltas and merges: a segment built from the live documents of existing segments (their folded
// text, offset maps and display bytes carried over as they are, each distinct text looked up once
// per segment) plus a few new documents folded one by one. A whole index from new documents is
// written page by page instead (segment-writer.ts); both lay the segment out the same way
// (segment-layout.ts), and for the same documents give the same segment.
import { withRoom } from '../format/bytes';
import { isUtf8Piece, pieceDisplay } from '../format/display';
import { Inverter } from './inverter';
import { foldText } from '../format/normalize';
import { canonicalNumber, NO_NUMBER } from '../format/number-column';
import { OddNumbers, originalBytes } from './odd-numbers';
import { PieceTable } from './piece-table';
import { hashText } from '../format/text-hash';
import { rankOf } from './prepare';
import { descriptionLine } from './description-line';
import { shownPieceOf } from './shown-piece';
import { FIELD_COUNT } from '../format/scores';
import { layOutSegment } from './segment-layout';
import { numberPiece, numberValue, offsetMap, pieceEnd, pieceStart } from '../format/segment-read';
import type { SearchDoc, SerializedSegment } from '../format/types';
import { UuidColumn } from '../format/uuid-column';

export interface SegmentPart {
  seg: SerializedSegment;
  live: (local: number) => boolean;
}

/** The live documents of `parts`, then `extra` documents, as one new segment. */
export function buildSegment(parts: readonly SegmentPart[], extra: readonly SearchDoc[]): SerializedSegment {
  let count = extra.length;
  for (const { seg, live } of parts) for (let local = 0; local < seg.count; local++) if (live(local)) count++;
  const writer = new MergeWriter(count);
  for (const { seg, live } of parts) {
    // Old piece → new id, looked up once per distinct text (-1: not yet).
    const remap = new Int32Array(seg.pieceStarts.length - 1).fill(-1);
    for (let local = 0; local < seg.count; local++) if (live(local)) writer.addFromSegment(seg, local, remap);
  }
  for (const doc of extra) writer.addDoc(doc);
  return writer.finish();
}

/** Docs' columns in the order segment-layout.ts keeps them: customer, address, description, status. */
const CUSTOMER = 0;
const ADDRESS = 1;
const DESCRIPTION = 2;
const STATUS = 3;

class MergeWriter {
  private readonly uuids = new UuidColumn();
  private readonly shown = new PieceTable();
  private readonly descriptions = new PieceTable();
  private readonly ranks: Uint32Array;
  private readonly docIds: Uint32Array;
  private readonly numberValues: Uint32Array;
  private readonly oddNumbers = new OddNumbers();
  /** All four searched fields of every document back to back, for the inverter. */
  private flat = new Uint8Array(1 << 12);
  private flatAt = 0;
  private readonly flatStarts: Uint32Array;
  private docs = 0;

  constructor(private readonly count: number) {
    this.ranks = new Uint32Array(count);
    this.docIds = new Uint32Array(count * 4);
    this.numberValues = new Uint32Array(count);
    this.flatStarts = new Uint32Array(count * FIELD_COUNT + 1);
  }

  addFromSegment(seg: SerializedSegment, local: number, remap: Int32Array): void {
    const d = this.docs++;
    this.uuids.addFrom(seg, local);
    this.ranks[d] = seg.ranks[local]!;
    const value = numberValue(seg, local);
    this.numberValues[d] = value;
    // An odd number: its piece's folded text, map and display bytes as they are.
    let number = '';
    if (value === NO_NUMBER) {
      const piece = numberPiece(seg, local);
      number = seg.text.slice(pieceStart(seg, piece), pieceEnd(seg, piece));
      const shown = seg.display.subarray(seg.displayStarts[piece]!, seg.displayStarts[piece + 1]!);
      this.oddNumbers.add(d, number, offsetMap(seg, piece), shown, isUtf8Piece(seg, piece));
    }
    const row = local * 4;
    this.docIds[d * 4 + CUSTOMER] = this.shownFrom(seg, seg.docPieces[row + CUSTOMER]!, remap);
    this.docIds[d * 4 + ADDRESS] = this.shownFrom(seg, seg.docPieces[row + ADDRESS]!, remap);
    this.docIds[d * 4 + STATUS] = this.shownFrom(seg, seg.docPieces[row + STATUS]!, remap);
    this.docIds[d * 4 + DESCRIPTION] = this.descriptionFrom(seg, seg.docPieces[row + DESCRIPTION]!, remap);
    this.addFlat(d, number);
  }

  addDoc(doc: SearchDoc): void {
    const d = this.docs++;
    this.uuids.add(doc.uuid);
    this.ranks[d] = rankOf(doc.status, doc.date);
    const value = canonicalNumber(doc.number);
    this.numberValues[d] = value;
    let number = '';
    if (value === NO_NUMBER) {
      const folded = foldText(doc.number);
      const { bytes, utf8 } = originalBytes(doc.number);
      this.oddNumbers.add(d, folded.text, folded.map, bytes, utf8);
      number = folded.text;
    }
    // Same order as the page writer, so the same documents give the same pieces.
    this.docIds[d * 4 + CUSTOMER] = this.shownOf(doc.customer);
    this.docIds[d * 4 + ADDRESS] = this.shownOf(doc.address);
    const description = foldText(doc.description);
    this.docIds[d * 4 + DESCRIPTION] = this.descriptionOf(
      description.text,
      description.map,
      descriptionLine(doc.description),
    );
    this.docIds[d * 4 + STATUS] = this.shownOf(doc.status);
    this.addFlat(d, number);
  }

  /** The new id of a shown piece of `seg`: the same original text is the same piece. */
  private shownFrom(seg: SerializedSegment, piece: number, remap: Int32Array): number {
    let id = remap[piece]!;
    if (id >= 0) return id;
    const original = pieceDisplay(seg, piece);
    id = this.shown.findShown(original, hashText(original));
    if (id < 0) {
      const shown = seg.display.subarray(seg.displayStarts[piece]!, seg.displayStarts[piece + 1]!);
      id = this.shown.addShownStored(
        seg.text.slice(pieceStart(seg, piece), pieceEnd(seg, piece)),
        offsetMap(seg, piece),
        original,
        shown,
        isUtf8Piece(seg, piece),
      );
    }
    remap[piece] = id;
    return id;
  }

  /** A description is shared by its folded text (see piece-table.ts); its shown line's bytes are
   * carried over as they are. */
  private descriptionFrom(seg: SerializedSegment, piece: number, remap: Int32Array): number {
    let id = remap[piece]!;
    if (id >= 0) return id;
    const folded = seg.text.slice(pieceStart(seg, piece), pieceEnd(seg, piece));
    const map = offsetMap(seg, piece);
    const hash = hashText(folded);
    id = this.descriptions.findFoldedText(folded, hash, map);
    if (id < 0) {
      const shown = seg.display.subarray(seg.displayStarts[piece]!, seg.displayStarts[piece + 1]!);
      id = this.descriptions.addFoldedStored(folded, map, hash, shown, isUtf8Piece(seg, piece));
    }
    remap[piece] = id;
    return id;
  }

  private shownOf(original: string): number {
    return shownPieceOf(this.shown, original);
  }

  private descriptionOf(folded: string, map: Uint32Array | null, line: string): number {
    const hash = hashText(folded);
    const id = this.descriptions.findFoldedText(folded, hash, map);
    return id >= 0 ? id : this.descriptions.addFoldedText(folded, map, hash, line);
  }

  /** Document d's four searched fields into the inverter's input: its folded odd number (empty
   * for a value), then its customer, address and description pieces. */
  private addFlat(d: number, number: string): void {
    const ids = this.docIds;
    const need =
      number.length +
      1 +
      this.shown.foldedLength(ids[d * 4 + CUSTOMER]!) +
      this.shown.foldedLength(ids[d * 4 + ADDRESS]!) +
      this.descriptions.foldedLength(ids[d * 4 + DESCRIPTION]!);
    this.flat = withRoom(this.flat, this.flatAt + need);
    const flat = this.flat;
    const slot = d * FIELD_COUNT;
    let at = this.flatAt;
    this.flatStarts[slot] = at;
    for (let i = 0; i < number.length; i++) flat[at++] = number.charCodeAt(i);
    flat[at++] = 32;
    this.flatStarts[slot + 1] = at;
    at = this.shown.copyFolded(ids[d * 4 + CUSTOMER]!, flat, at);
    this.flatStarts[slot + 2] = at;
    at = this.shown.copyFolded(ids[d * 4 + ADDRESS]!, flat, at);
    this.flatStarts[slot + 3] = at;
    at = this.descriptions.copyFolded(ids[d * 4 + DESCRIPTION]!, flat, at);
    this.flatAt = at;
  }

  finish(): SerializedSegment {
    const { count } = this;
    this.flatStarts[count * FIELD_COUNT] = this.flatAt;
    const inverter = new Inverter();
    // Every field tokenised from its bytes (no remembered words): the slow, obvious way, which
    // the page writer's shortcut must agree with (builder.test.ts).
    inverter.addDocs(this.flat, this.flatStarts, new Int32Array(count * FIELD_COUNT), 0, 0, count, 0);
    return layOutSegment({
      count,
      uuids: this.uuids.finish(),
      ranks: this.ranks,
      numberValues: this.numberValues,
      ...this.oddNumbers.columns(),
      shown: this.shown,
      descriptions: this.descriptions,
      docIds: this.docIds,
      inverted: inverter.finish(),
    });
  }
}
