// The distinct texts of a segment being written: each status, customer, address (with its original for display) or
// description is stored once and documents point at it by id (types.ts, pieces); a lookup per field is the price.
// An open-addressing table of (piece, hash) pairs, side by side, a match confirmed against the piece's stored bytes:
// a Map keyed by the strings cost a cache miss on its table, its entry and the key string, a large share of a build.
// A shown piece is found by its original text (two spellings that fold alike are two pieces: each shows as it is);
// a description, whose original is kept only as its first line (what a row shows), by its folded text and offset map.
import { latin1Bytes, withRoom } from '../format/bytes';
import { copyInto, WIDE } from './fold-bytes';
import { EMPTY, emptySlots, rehashedSlots } from './hash-slots';
import { hashText } from '../format/text-hash';

const encoder = new TextEncoder();

export class PieceTable {
  // Small at first, so that growing is seen (and optimised for) within the first page.
  private mask = (1 << 6) - 1;
  /** At 2 * place a piece id (or EMPTY), at 2 * place + 1 its hash. */
  private table = emptySlots(this.mask);
  /** Pieces in the table. */
  private indexed = 0;
  /** The originals of shown pieces stored as UTF-8, to compare with (rare). */
  private readonly wide = new Map<number, string>();
  private folded = new Uint8Array(1 << 12);
  private foldedEnds = new Uint32Array(1 << 8);
  private shown = new Uint8Array(1 << 12);
  private shownEnds = new Uint32Array(1 << 8);
  private pieces = 0;
  /** Offset maps and UTF-8 display bytes, by piece id (both rare). */
  readonly maps = new Map<number, Uint32Array>();
  readonly utf8: number[] = [];

  get size(): number {
    return this.pieces;
  }

  /** The shown piece whose original is `text` (its hash: hashText), or -1. */
  findShown(text: string, hash: number): number {
    const { table, mask } = this;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const id = table[2 * at]!;
      if (id === EMPTY) return -1;
      if (table[2 * at + 1] === hash && this.shows(id, text)) return id;
    }
  }

  /** The piece whose folded text is `bytes[from .. to)` (hash: hashBytes) with offset map `map`, or -1. */
  findFolded(bytes: Uint8Array, from: number, to: number, hash: number, map: Uint32Array | null): number {
    const { table, mask } = this;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const id = table[2 * at]!;
      if (id === EMPTY) return -1;
      if (table[2 * at + 1] === hash && this.foldsTo(id, bytes, from, to) && this.hasMap(id, map)) return id;
    }
  }

  /** findFolded with the folded text as a (Latin-1) string. */
  findFoldedText(folded: string, hash: number, map: Uint32Array | null): number {
    const { table, mask } = this;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const id = table[2 * at]!;
      if (id === EMPTY) return -1;
      if (table[2 * at + 1] === hash && this.foldsToText(id, folded) && this.hasMap(id, map)) return id;
    }
  }

  /** A new shown piece: folded text `bytes[from .. to)`, its offset map, its original (hash: hashText). */
  addShown(
    bytes: Uint8Array,
    from: number,
    to: number,
    map: Uint32Array | null,
    original: string,
    hash: number,
  ): number {
    const id = this.addPiece(bytes, from, to, map, null, false);
    this.addOriginal(id, original);
    this.index(id, hash);
    return id;
  }

  /** A new shown piece carried over from a segment: its original's stored bytes. */
  addShownStored(folded: string, map: Uint32Array | null, original: string, shown: Uint8Array, utf8: boolean): number {
    const bytes = latin1Bytes(folded);
    const id = this.addPiece(bytes, 0, bytes.length, map, shown, utf8);
    if (utf8) this.wide.set(id, original);
    this.index(id, hashText(original));
    return id;
  }

  /** A new description piece, found by its folded text and offset map; `line` is what a row shows of
   * it (its first line: description-line.ts). */
  addFolded(bytes: Uint8Array, from: number, to: number, map: Uint32Array | null, hash: number, line: string): number {
    const id = this.addPiece(bytes, from, to, map, null, false);
    this.addOriginal(id, line);
    this.index(id, hash);
    return id;
  }

  addFoldedText(folded: string, map: Uint32Array | null, hash: number, line: string): number {
    const bytes = latin1Bytes(folded);
    return this.addFolded(bytes, 0, bytes.length, map, hash, line);
  }

  /** A description piece carried over from a segment: its shown line's stored bytes. */
  addFoldedStored(folded: string, map: Uint32Array | null, hash: number, shown: Uint8Array, utf8: boolean): number {
    const bytes = latin1Bytes(folded);
    const id = this.addPiece(bytes, 0, bytes.length, map, shown, utf8);
    this.index(id, hash);
    return id;
  }

  /** Whether piece `id` has offset map `map` (both none, or the same offsets). */
  private hasMap(id: number, map: Uint32Array | null): boolean {
    if (this.maps.size === 0) return map === null;
    const own = this.maps.get(id) ?? null;
    if (own === null || map === null) return own === map;
    return own.length === map.length && own.every((offset, i) => offset === map[i]);
  }

  private shows(id: number, text: string): boolean {
    const from = id === 0 ? 0 : this.shownEnds[id - 1]!;
    const to = this.shownEnds[id]!;
    if (this.wide.size > 0 && this.wide.has(id)) return this.wide.get(id) === text;
    if (to - from !== text.length) return false;
    const shown = this.shown;
    for (let i = 0; i < text.length; i++) if (shown[from + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  private foldsTo(id: number, bytes: Uint8Array, from: number, to: number): boolean {
    const start = id === 0 ? 0 : this.foldedEnds[id - 1]!;
    if (this.foldedEnds[id]! - 1 - start !== to - from) return false;
    const folded = this.folded;
    for (let i = 0; i < to - from; i++) if (folded[start + i] !== bytes[from + i]) return false;
    return true;
  }

  private foldsToText(id: number, text: string): boolean {
    const start = id === 0 ? 0 : this.foldedEnds[id - 1]!;
    if (this.foldedEnds[id]! - 1 - start !== text.length) return false;
    const folded = this.folded;
    for (let i = 0; i < text.length; i++) if (folded[start + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  private index(id: number, hash: number): void {
    const { mask } = this;
    let at = hash & mask;
    while (this.table[2 * at] !== EMPTY) at = (at + 1) & mask;
    this.table[2 * at] = id;
    this.table[2 * at + 1] = hash;
    if (++this.indexed * 2 > this.mask) this.rehash();
  }

  private rehash(): void {
    this.mask = this.mask * 2 + 1;
    this.table = rehashedSlots(this.table, this.mask);
  }

  private addPiece(
    bytes: Uint8Array,
    from: number,
    to: number,
    map: Uint32Array | null,
    shown: Uint8Array | null,
    utf8: boolean,
  ): number {
    const id = this.pieces++;
    this.foldedEnds = withRoom(this.foldedEnds, id + 1);
    this.shownEnds = withRoom(this.shownEnds, id + 1);
    const at = id === 0 ? 0 : this.foldedEnds[id - 1]!;
    this.folded = withRoom(this.folded, at + to - from + 1);
    this.folded.set(bytes.subarray(from, to), at);
    this.folded[at + to - from] = 32;
    this.foldedEnds[id] = at + to - from + 1;
    if (map !== null) this.maps.set(id, map);
    const shownAt = id === 0 ? 0 : this.shownEnds[id - 1]!;
    if (shown !== null) {
      this.shown = withRoom(this.shown, shownAt + shown.length);
      this.shown.set(shown, shownAt);
      if (utf8) this.utf8.push(id);
    }
    this.shownEnds[id] = shownAt + (shown?.length ?? 0);
    return id;
  }

  /** Appends piece `id`'s folded text and the space after it to `out` at `at`; returns the new end. */
  copyFolded(id: number, out: Uint8Array, at: number): number {
    const folded = this.folded;
    const end = this.foldedEnds[id]!;
    let i = id === 0 ? 0 : this.foldedEnds[id - 1]!;
    while (i < end) out[at++] = folded[i++]!;
    return at;
  }

  /** A new table of pieces `ids` of this one, in that order (a builder's documents were dropped:
   * the pieces only they had go, and the rest are numbered as if those documents never came). Not indexed: a picked
   * table is only laid out, never looked up. */
  picked(ids: ArrayLike<number>): PieceTable {
    const out = new PieceTable();
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const foldedFrom = id === 0 ? 0 : this.foldedEnds[id - 1]!;
      const shownFrom = id === 0 ? 0 : this.shownEnds[id - 1]!;
      const shown = this.shown.subarray(shownFrom, this.shownEnds[id]!);
      out.addPiece(
        this.folded,
        foldedFrom,
        this.foldedEnds[id]! - 1,
        this.maps.get(id) ?? null,
        shown,
        this.utf8.includes(id),
      );
    }
    return out;
  }

  /** Bytes of piece `id`'s folded text and the space after it. */
  foldedLength(id: number): number {
    return this.foldedEnds[id]! - (id === 0 ? 0 : this.foldedEnds[id - 1]!);
  }

  /** Folded text of every piece, back to back (each followed by a space; the buffer may be longer),
   * and where each piece ends in it. */
  foldedColumn(): { bytes: Uint8Array; ends: Uint32Array } {
    return { bytes: this.folded, ends: this.foldedEnds.subarray(0, this.pieces) };
  }

  /** Original text of every piece, back to back (the buffer may be longer), and where each ends. */
  shownColumn(): { bytes: Uint8Array; ends: Uint32Array } {
    return { bytes: this.shown, ends: this.shownEnds.subarray(0, this.pieces) };
  }

  private addOriginal(id: number, original: string): void {
    const from = id === 0 ? 0 : this.shownEnds[id - 1]!;
    this.shown = withRoom(this.shown, from + original.length);
    if ((copyInto(original, this.shown, from) & WIDE) === 0) {
      this.shownEnds[id] = from + original.length;
      return;
    }
    const bytes = encoder.encode(original);
    this.shown = withRoom(this.shown, from + bytes.length);
    this.shown.set(bytes, from);
    this.shownEnds[id] = from + bytes.length;
    this.utf8.push(id);
    this.wide.set(id, original);
  }
}
