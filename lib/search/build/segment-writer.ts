// A segment written a page of documents at a time: each page folded straight into bytes, tokenised into the
// inverter, and kept only as compact columns (job numbers as values, uuids as bytes, ranks, and per document the ids
// of its texts in tables of distinct texts, piece-table.ts), so no SearchDoc outlives its page. A text met before is
// neither folded nor tokenised again (piece-words.ts). `finish` sorts the vocabulary, writes the posting lists and
// lays the columns out (segment-layout.ts).
import { latin1String, withRoom } from '../format/bytes';
import { foldInto, NEEDS_FOLD_TEXT } from './fold-bytes';
import { Inverter } from './inverter';
import { keptDocs } from './kept-docs';
import { foldText } from '../format/normalize';
import { canonicalNumber, NO_NUMBER } from '../format/number-column';
import { OddNumbers, originalBytes } from './odd-numbers';
import { PieceTable } from './piece-table';
import { hashBytes, hashText } from '../format/text-hash';
import { rememberCode, replayCode, TOKENISE } from './piece-words';
import { rankOf } from './prepare';
import { descriptionLine } from './description-line';
import { RecentTexts } from './recent-texts';
import { FIELD_COUNT } from '../format/scores';
import { layOutSegment, type SegmentColumns } from './segment-layout';
import { shownPieceOf } from './shown-piece';
import type { SearchDoc, SerializedSegment } from '../format/types';
import { UuidColumn } from '../format/uuid-column';

export class SegmentWriter {
  private readonly inverter = new Inverter();
  /** Read by the builder's uuid table (uuid-table.ts) to find a document's earlier copy. */
  readonly uuids = new UuidColumn();
  private readonly shownPieces = new PieceTable();
  private readonly descriptions = new PieceTable();
  /** Recent descriptions by their original (recent-texts.ts): the index keeps only their folded
   * text, so without it a description would be folded to be found. */
  private readonly recentDescriptions = new RecentTexts(1 << 12);
  private readonly pieceWords = this.inverter.pieceWords;
  private docs = 0;
  // Per-document columns of the whole segment, grown a page at a time.
  private ranks = new Uint32Array(0);
  private docIds = new Uint32Array(0);
  private numberValues = new Uint32Array(0);
  private readonly oddNumbers = new OddNumbers();
  // The page being written: all four searched fields of each document folded back to back (what
  // the inverter tokenises; reused from page to page), how far it has got, the room it needs
  // (planned at the start, grown by longer fields), and where each field starts in it. Optimised
  // code counts on a field it reads keeping its value until the field first changes, and is
  // thrown away then, at a measurable cost each time: so the folding code reads no field that changes only
  // from page to page, and the rest start with values the first page changes.
  private folded = new Uint8Array(0);
  private foldedAt = 0;
  private foldedEnd = 0;
  private fieldStarts = new Uint32Array(0);
  /** Per field slot of the page, what the inverter does with it (piece-words.ts). */
  private slotCodes = new Int32Array(0);
  /** Folded bytes of the page's replayed fields (not in `folded`, but their words need room). */
  private replayedBytes = 0;
  /** The offset map of the field just folded, or null. */
  private foldedMap: Uint32Array | null = null;

  get count(): number {
    return this.docs;
  }

  /** Adds `docs[from .. to)`. */
  addPage(docs: readonly SearchDoc[], from: number, to: number): void {
    const count = to - from;
    const first = this.docs;
    // Room for the usual case (folding keeps the length, numbers are Latin-1); the rare fields
    // that grow make more room as they come.
    let searched = 0;
    for (let i = from; i < to; i++) {
      const doc = docs[i]!;
      searched += doc.number.length + doc.customer.length + doc.address.length + doc.description.length + FIELD_COUNT;
    }
    this.folded = withRoom(this.folded, searched);
    this.foldedEnd = searched;
    this.foldedAt = 0;
    const end = first + count;
    this.ranks = withRoom(this.ranks, end);
    this.docIds = withRoom(this.docIds, end * 4);
    this.numberValues = withRoom(this.numberValues, end);
    const fieldStarts = (this.fieldStarts = new Uint32Array(count * FIELD_COUNT + 1));
    this.slotCodes = withRoom(this.slotCodes, count * FIELD_COUNT);
    this.slotCodes.fill(TOKENISE, 0, count * FIELD_COUNT);
    this.replayedBytes = 0;
    const { ranks, docIds } = this;
    for (let k = 0; k < count; k++) {
      const doc = docs[from + k]!;
      const d = first + k;
      this.uuids.add(doc.uuid);
      ranks[d] = rankOf(doc.status, doc.date);
      const slot = k * FIELD_COUNT;
      this.number(doc.number, slot, d);
      docIds[d * 4] = this.shown(doc.customer, slot + 1);
      docIds[d * 4 + 1] = this.shown(doc.address, slot + 2);
      docIds[d * 4 + 2] = this.description(doc.description, slot + 3);
      docIds[d * 4 + 3] = this.status(doc.status);
    }
    fieldStarts[count * FIELD_COUNT] = this.foldedAt;
    this.inverter.addDocs(this.folded, fieldStarts, this.slotCodes, 0, 0, count, this.replayedBytes);
    this.docs += count;
  }

  /** The job number: a value (an empty field in the page, so it has no words), or an odd one
   * (rare) folded into the page (searched) and kept with its original (odd-numbers.ts). */
  private number(text: string, slot: number, d: number): void {
    const value = canonicalNumber(text);
    this.numberValues[d] = value;
    const start = (this.fieldStarts[slot] = this.foldedAt);
    if (value === NO_NUMBER) {
      this.pastFolded(text, foldInto(text, this.folded, this.foldedAt));
      const { bytes, utf8 } = originalBytes(text);
      this.oddNumbers.add(d, latin1String(this.folded.subarray(start, this.foldedAt - 1)), this.foldedMap, bytes, utf8);
    } else this.folded[this.foldedAt++] = 32;
  }

  /** A customer or address: its piece id (a new piece the first time), replayed if met before,
   * else folded into the page. */
  private shown(text: string, slot: number): number {
    const hash = hashText(text);
    let id = this.shownPieces.findShown(text, hash);
    // Pieces as PieceWords knows them: shown ones even, descriptions odd. (A shown piece met only
    // as a status has no words yet: statuses are not searched.)
    if (id >= 0 && this.replayed(2 * id, slot, this.shownPieces.foldedLength(id))) return id;
    const start = (this.fieldStarts[slot] = this.foldedAt);
    this.pastFolded(text, foldInto(text, this.folded, this.foldedAt));
    if (id < 0) id = this.shownPieces.addShown(this.folded, start, this.foldedAt - 1, this.foldedMap, text, hash);
    this.remembered(2 * id, slot);
    return id;
  }

  private description(text: string, slot: number): number {
    const recent = this.recentDescriptions.find(text);
    if (recent >= 0 && this.replayed(2 * recent + 1, slot, this.descriptions.foldedLength(recent))) return recent;
    const start = (this.fieldStarts[slot] = this.foldedAt);
    this.pastFolded(text, foldInto(text, this.folded, this.foldedAt));
    const end = this.foldedAt - 1;
    const hash = hashBytes(this.folded, start, end);
    let id = this.descriptions.findFolded(this.folded, start, end, hash, this.foldedMap);
    if (id < 0) id = this.descriptions.addFolded(this.folded, start, end, this.foldedMap, hash, descriptionLine(text));
    this.recentDescriptions.add(text, id);
    // Another original that folds alike ("Boiler", "boiler") is the same piece, words and all.
    const key = this.pieceWords.keyOf(2 * id + 1);
    if (key >= 0) this.slotCodes[slot] = replayCode(key);
    else this.remembered(2 * id + 1, slot);
    return id;
  }

  /** Whether `piece`'s words are known by the time `slot` is tokenised (its first use came
   * before); if so the slot replays them, and gets only its separator in the page. */
  private replayed(piece: number, slot: number, foldedLength: number): boolean {
    const key = this.pieceWords.keyOf(piece);
    if (key < 0) return false;
    this.fieldStarts[slot] = this.foldedAt;
    this.folded[this.foldedAt++] = 32;
    this.slotCodes[slot] = replayCode(key);
    this.replayedBytes += foldedLength;
    return true;
  }

  /** The first use of `piece`: `slot`, folded into the page, is tokenised and its words kept. */
  private remembered(piece: number, slot: number): void {
    this.slotCodes[slot] = rememberCode(this.pieceWords.claim(piece));
  }

  /** A status is shown, not searched: only its piece (a handful of distinct ones). */
  private status(text: string): number {
    return shownPieceOf(this.shownPieces, text);
  }

  /** Moves past a field just folded (folding it again with foldText if it needs that), and the
   * space after it; `foldedMap` is its offset map. */
  private pastFolded(text: string, flags: number): void {
    this.foldedMap = null;
    if ((flags & NEEDS_FOLD_TEXT) === 0) this.foldedAt += text.length;
    else this.refold(text);
    this.folded[this.foldedAt++] = 32;
  }

  private refold(text: string): void {
    const field = foldText(text);
    const longer = field.text.length - text.length;
    if (longer > 0) {
      this.foldedEnd += longer;
      this.folded = withRoom(this.folded, this.foldedEnd);
    }
    for (let i = 0; i < field.text.length; i++) this.folded[this.foldedAt + i] = field.text.charCodeAt(i);
    this.foldedAt += field.text.length;
    this.foldedMap = field.map;
  }

  /** The finished segment. With `keep` (1 per added document to keep, 0 to drop), the dropped
   * documents leave no trace: the rest are renumbered, and words and texts only they had are left
   * out. */
  finish(keep: Uint8Array | null = null): SerializedSegment {
    const count = this.docs;
    let renumber: Int32Array | null = null;
    if (keep !== null) {
      renumber = new Int32Array(count);
      let kept = 0;
      for (let d = 0; d < count; d++) renumber[d] = keep[d] === 1 ? kept++ : -1;
    }
    const columns: SegmentColumns = {
      count,
      uuids: this.uuids.finish(keep),
      ranks: this.ranks.slice(0, count),
      numberValues: this.numberValues.slice(0, count),
      ...this.oddNumbers.columns(),
      shown: this.shownPieces,
      descriptions: this.descriptions,
      docIds: this.docIds.slice(0, count * 4),
      inverted: this.inverter.finish(renumber),
    };
    return layOutSegment(renumber === null ? columns : keptDocs(columns, renumber));
  }
}
