// The job numbers of a segment being written that are not canonical decimals ("J-17", "0042", "":
// number-column.ts): kept as pieces with words, as every number used to be, so nothing is lost.
// They are rare (none among the emulator's jobs), so this is the plain way, shared by both
// writers (segment-writer.ts, segment-input.ts): their folded text, offset map and original
// bytes, by their place among the odd numbers.
import { withRoom } from '../format/bytes';
import type { SegmentColumns } from './segment-layout';

const encoder = new TextEncoder();

export type OddNumberColumns = Pick<
  SegmentColumns,
  'oddNumberDocs' | 'numbers' | 'numberEnds' | 'numberMaps' | 'numberShown' | 'numberShownEnds' | 'numberUtf8'
>;

/** A text's original as stored for display (display.ts): Latin-1 bytes, or UTF-8 for a text with
 * a character above U+00FF. */
export function originalBytes(text: string): { bytes: Uint8Array; utf8: boolean } {
  const utf8 = /[^\x00-\xff]/.test(text);
  return { bytes: utf8 ? encoder.encode(text) : Uint8Array.from(text, (c) => c.charCodeAt(0)), utf8 };
}

export class OddNumbers {
  private readonly docs: number[] = [];
  private folded = new Uint8Array(64);
  private foldedAt = 0;
  private readonly foldedEnds: number[] = [];
  private shown = new Uint8Array(64);
  private shownAt = 0;
  private readonly shownEnds: number[] = [];
  private readonly maps = new Map<number, Uint32Array>();
  private readonly utf8: number[] = [];

  /** Document d's number: its folded text and offset map, and its original as stored bytes. */
  add(d: number, folded: string, map: Uint32Array | null, shown: Uint8Array, utf8: boolean): void {
    const odd = this.docs.push(d) - 1;
    this.folded = withRoom(this.folded, this.foldedAt + folded.length + 1);
    for (let i = 0; i < folded.length; i++) this.folded[this.foldedAt++] = folded.charCodeAt(i);
    this.folded[this.foldedAt++] = 32;
    this.foldedEnds.push(this.foldedAt);
    if (map !== null) this.maps.set(odd, map);
    this.shown = withRoom(this.shown, this.shownAt + shown.length);
    this.shown.set(shown, this.shownAt);
    this.shownAt += shown.length;
    this.shownEnds.push(this.shownAt);
    if (utf8) this.utf8.push(odd);
  }

  columns(): OddNumberColumns {
    return {
      oddNumberDocs: Uint32Array.from(this.docs),
      numbers: this.folded,
      numberEnds: Uint32Array.from(this.foldedEnds),
      numberMaps: this.maps,
      numberShown: this.shown,
      numberShownEnds: Uint32Array.from(this.shownEnds),
      numberUtf8: this.utf8,
    };
  }
}
