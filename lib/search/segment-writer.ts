// A segment written a page of documents at a time: each page is folded straight into bytes (one
// pass over its characters, which also copies the display fields), tokenised into the inverter,
// and kept only as compact columns (one folded string and one uuid string per page, exactly sized
// typed arrays for the rest), so no SearchDoc outlives its page. `finish` then only sorts the
// vocabulary, writes the posting lists and concatenates the pages' columns.
import { latin1String, withRoom } from './bytes';
import { copyInto, foldAndCopyInto, foldInto, NEEDS_FOLD_TEXT, WIDE } from './fold-bytes';
import { Inverter } from './inverter';
import { mapColumns } from './build-segment';
import { foldText } from './normalize';
import { rankOf } from './prepare';
import { FIELD_COUNT } from './scores';
import type { SearchDoc, SerializedSegment } from './types';

const encoder = new TextEncoder();

/** One page's columns. Starts are absolute (offsets into the whole segment's uuids, text and
 * display), so finishing is plain copies; each starts array has one more entry, the page's end. */
interface Page {
  first: number;
  count: number;
  uuids: string;
  uuidStarts: Uint32Array;
  /** Folded number, customer, address and description of each document, each followed by a space. */
  text: string;
  fieldStarts: Uint32Array;
  ranks: Uint32Array;
  display: Uint8Array;
  displayStarts: Uint32Array;
}

export class SegmentWriter {
  private readonly inverter = new Inverter();
  private readonly pages: Page[] = [];
  private docs = 0;
  private uuidLength = 0;
  private textLength = 0;
  private displayLength = 0;
  /** Offset maps and UTF-8 display fields, by slot of the whole segment (both rare). */
  private readonly maps = new Map<number, Uint32Array>();
  private readonly displayUtf8: number[] = [];
  // The page being written: its folded bytes and display bytes (both reused from page to page),
  // how far each has got, the room each needs (planned at the start, grown by longer fields), and
  // its starts arrays (indexed by the page's own slots, offsets into the page's own bytes while it
  // is written). Optimised code counts on a field it reads keeping its value until the field first
  // changes, and is thrown away then (20-60 ms each time): so the folding code reads no field that
  // changes only from page to page, and the rest start with values the first page changes.
  private folded = new Uint8Array(0);
  private foldedAt = 0;
  private foldedEnd = 0;
  private shown = new Uint8Array(0);
  private shownAt = 0;
  private shownEnd = 0;
  private fieldStarts = new Uint32Array(0);
  private displayStarts = new Uint32Array(0);
  /** The page's first slot in the whole segment (-1: changed by the first page, see above). */
  private slotBase = -1;

  get count(): number {
    return this.docs;
  }

  /** Adds `docs[from .. to)`. */
  addPage(docs: readonly SearchDoc[], from: number, to: number): void {
    const count = to - from;
    const first = this.docs;
    // Room for the usual case (folding keeps the length, display bytes are Latin-1); the rare
    // fields that grow make more room as they come.
    let searched = 0;
    let shown = 0;
    for (let i = from; i < to; i++) {
      const doc = docs[i]!;
      searched += doc.number.length + doc.customer.length + doc.address.length + doc.description.length + FIELD_COUNT;
      shown += doc.number.length + doc.status.length + doc.customer.length + doc.address.length;
    }
    this.folded = withRoom(this.folded, searched);
    this.foldedEnd = searched;
    this.foldedAt = 0;
    this.shown = withRoom(this.shown, shown);
    this.shownEnd = shown;
    this.shownAt = 0;
    const fieldStarts = (this.fieldStarts = new Uint32Array(count * FIELD_COUNT + 1));
    const displayStarts = (this.displayStarts = new Uint32Array(count * FIELD_COUNT + 1));
    const uuidStarts = new Uint32Array(count + 1);
    const ranks = new Uint32Array(count);
    this.slotBase = first * FIELD_COUNT;

    const uuids: string[] = new Array(count);
    let uuidAt = this.uuidLength;
    uuidStarts[0] = uuidAt;
    for (let k = 0; k < count; k++) {
      const doc = docs[from + k]!;
      uuids[k] = doc.uuid;
      uuidAt += doc.uuid.length;
      uuidStarts[k + 1] = uuidAt;
      ranks[k] = rankOf(doc.status, doc.date);
      // Display order: number, status, customer, address; searched order: number, customer,
      // address, description. Written in this order, both columns grow front to back.
      const slot = k * FIELD_COUNT;
      this.searchedAndShown(doc.number, slot, slot);
      this.shownOnly(doc.status, slot + 1);
      this.searchedAndShown(doc.customer, slot + 1, slot + 2);
      this.searchedAndShown(doc.address, slot + 2, slot + 3);
      this.searchedOnly(doc.description, slot + 3);
    }
    fieldStarts[count * FIELD_COUNT] = this.foldedAt;
    displayStarts[count * FIELD_COUNT] = this.shownAt;
    shift(fieldStarts, this.textLength);
    shift(displayStarts, this.displayLength);

    this.inverter.addDocs(this.folded, fieldStarts, 0, this.textLength, count);
    this.pages.push({
      first,
      count,
      uuids: uuids.join(''),
      uuidStarts,
      text: latin1String(this.folded.subarray(0, this.foldedAt)),
      fieldStarts,
      ranks,
      display: this.shown.slice(0, this.shownAt),
      displayStarts,
    });
    this.docs += count;
    this.uuidLength = uuidAt;
    this.textLength += this.foldedAt;
    this.displayLength += this.shownAt;
  }

  /** Whether document `doc` (already added) has this uuid; makes no substring. */
  hasUuid(doc: number, uuid: string): boolean {
    const { pages } = this;
    let lo = 0;
    let hi = pages.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (pages[mid]!.first <= doc) lo = mid;
      else hi = mid - 1;
    }
    const page = pages[lo]!;
    const starts = page.uuidStarts;
    const local = doc - page.first;
    return starts[local + 1]! - starts[local]! === uuid.length && page.uuids.startsWith(uuid, starts[local]! - starts[0]!);
  }

  private searchedAndShown(text: string, slot: number, shownSlot: number): void {
    this.fieldStarts[slot] = this.foldedAt;
    this.displayStarts[shownSlot] = this.shownAt;
    const flags = foldAndCopyInto(text, this.folded, this.foldedAt, this.shown, this.shownAt);
    this.pastFolded(text, slot, flags);
    this.pastShown(text, shownSlot, flags);
  }

  private searchedOnly(text: string, slot: number): void {
    this.fieldStarts[slot] = this.foldedAt;
    this.pastFolded(text, slot, foldInto(text, this.folded, this.foldedAt));
  }

  private shownOnly(text: string, shownSlot: number): void {
    this.displayStarts[shownSlot] = this.shownAt;
    this.pastShown(text, shownSlot, copyInto(text, this.shown, this.shownAt));
  }

  /** Moves past a field just folded (folding it again with foldText if it needs that). */
  private pastFolded(text: string, slot: number, flags: number): void {
    if ((flags & NEEDS_FOLD_TEXT) === 0) this.foldedAt += text.length;
    else this.refold(text, slot);
    this.folded[this.foldedAt++] = 32;
  }

  private refold(text: string, slot: number): void {
    const field = foldText(text);
    const longer = field.text.length - text.length;
    if (longer > 0) {
      this.foldedEnd += longer;
      this.folded = withRoom(this.folded, this.foldedEnd);
    }
    for (let i = 0; i < field.text.length; i++) this.folded[this.foldedAt + i] = field.text.charCodeAt(i);
    this.foldedAt += field.text.length;
    if (field.map) this.maps.set(this.slotBase + slot, field.map);
  }

  /** Moves past a display field just copied (copying it again as UTF-8 if it has a wide character). */
  private pastShown(text: string, shownSlot: number, flags: number): void {
    if ((flags & WIDE) === 0) this.shownAt += text.length;
    else this.reshow(text, shownSlot);
  }

  private reshow(text: string, shownSlot: number): void {
    const bytes = encoder.encode(text);
    const longer = bytes.length - text.length;
    if (longer > 0) {
      this.shownEnd += longer;
      this.shown = withRoom(this.shown, this.shownEnd);
    }
    this.shown.set(bytes, this.shownAt);
    this.shownAt += bytes.length;
    this.displayUtf8.push(this.slotBase + shownSlot);
  }

  /** The finished segment. With `keep` (1 per added document to keep, 0 to drop), the dropped
   * documents leave no trace: the rest are renumbered, and words only they had are left out. */
  finish(keep: Uint8Array | null = null): SerializedSegment {
    if (keep === null) return this.segment();
    const renumber = new Int32Array(this.docs);
    const runs: number[] = []; // [from, to) of kept documents, in pairs
    let kept = 0;
    for (let d = 0; d < this.docs; d++) {
      if (keep[d] === 0) {
        renumber[d] = -1;
        continue;
      }
      if (runs[runs.length - 1] === d) runs[runs.length - 1] = d + 1;
      else runs.push(d, d + 1);
      renumber[d] = kept++;
    }
    return this.segment({ renumber, runs, kept });
  }

  private segment(dropping?: { renumber: Int32Array; runs: number[]; kept: number }): SerializedSegment {
    const inverted = this.inverter.finish(dropping?.renumber ?? null);
    const { pages } = this;
    const whole: SerializedSegment = {
      count: this.docs,
      uuids: pages.map((page) => page.uuids).join(''),
      uuidStarts: joinStarts(pages, (page) => page.uuidStarts, 1, this.docs),
      text: pages.map((page) => page.text).join(''),
      fieldStarts: joinStarts(pages, (page) => page.fieldStarts, FIELD_COUNT, this.docs),
      ranks: joinRanks(pages, this.docs),
      ...inverted,
      ...mapColumns(this.maps),
      display: joinBytes(pages.map((page) => page.display), this.displayLength),
      displayStarts: joinStarts(pages, (page) => page.displayStarts, FIELD_COUNT, this.docs),
      displayUtf8: Uint32Array.from(this.displayUtf8),
    };
    if (dropping === undefined) return whole;
    const { renumber, runs, kept } = dropping;
    const newSlot = (slot: number): number => renumber[slot >>> 2]! * FIELD_COUNT + (slot & 3);
    const keptSlots = (slots: Iterable<number>): number[] => [...slots].filter((slot) => renumber[slot >>> 2]! >= 0);
    const ranks = new Uint32Array(kept);
    for (let r = 0; r < runs.length; r += 2) ranks.set(whole.ranks.subarray(runs[r]!, runs[r + 1]!), renumber[runs[r]!]!);
    const maps = new Map<number, Uint32Array>();
    for (const slot of keptSlots(this.maps.keys())) maps.set(newSlot(slot), this.maps.get(slot)!);
    return {
      count: kept,
      uuids: keptString(whole.uuids, whole.uuidStarts, 1, runs),
      uuidStarts: keptStarts(whole.uuidStarts, 1, runs, kept),
      text: keptString(whole.text, whole.fieldStarts, FIELD_COUNT, runs),
      fieldStarts: keptStarts(whole.fieldStarts, FIELD_COUNT, runs, kept),
      ranks,
      ...inverted,
      ...mapColumns(maps),
      display: keptBytes(whole.display, whole.displayStarts, FIELD_COUNT, runs),
      displayStarts: keptStarts(whole.displayStarts, FIELD_COUNT, runs, kept),
      displayUtf8: Uint32Array.from(keptSlots(this.displayUtf8), newSlot),
    };
  }
}

/** Adds `base` to every entry: page offsets into segment offsets. */
function shift(starts: Uint32Array, base: number): void {
  for (let i = 0; i < starts.length; i++) starts[i]! += base;
}

/** The pages' `per`-a-document starts (or values) back to back, plus the end (the last page's). */
function joinStarts(pages: readonly Page[], column: (page: Page) => Uint32Array, per: number, count: number): Uint32Array {
  const out = new Uint32Array(count * per + 1);
  for (const page of pages) out.set(column(page).subarray(0, page.count * per), page.first * per);
  const last = pages[pages.length - 1];
  if (last !== undefined) out[count * per] = column(last)[last.count * per]!;
  return out;
}

function joinRanks(pages: readonly Page[], count: number): Uint32Array {
  const out = new Uint32Array(count);
  for (const page of pages) out.set(page.ranks, page.first);
  return out;
}

function joinBytes(parts: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// Dropping documents: each column is `per` entries a document, entry i spanning
// `[starts[i], starts[i + 1])` of its string or bytes; `runs` are the kept documents.

/** The kept entries' starts, shifted to close the gaps, plus the end. */
function keptStarts(starts: Uint32Array, per: number, runs: readonly number[], kept: number): Uint32Array {
  const out = new Uint32Array(kept * per + 1);
  let at = 0;
  let pos = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const from = runs[r]! * per;
    const to = runs[r + 1]! * per;
    const shift = pos - starts[from]!;
    for (let i = from; i < to; i++) out[at++] = starts[i]! + shift;
    pos += starts[to]! - starts[from]!;
  }
  out[at] = pos;
  return out;
}

function keptString(whole: string, starts: Uint32Array, per: number, runs: readonly number[]): string {
  const parts: string[] = [];
  for (let r = 0; r < runs.length; r += 2) parts.push(whole.slice(starts[runs[r]! * per], starts[runs[r + 1]! * per]));
  return parts.join('');
}

function keptBytes(whole: Uint8Array, starts: Uint32Array, per: number, runs: readonly number[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let r = 0; r < runs.length; r += 2) parts.push(whole.subarray(starts[runs[r]! * per], starts[runs[r + 1]! * per]));
  return joinBytes(parts, parts.reduce((sum, part) => sum + part.length, 0));
}
