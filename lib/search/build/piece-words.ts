// The words of each distinct text of a segment, remembered when it is first tokenised, so a text seen again (a
// customer's name and address on each of its jobs, stock descriptions) is neither folded nor tokenised again.
// The writer tells the inverter per field slot: tokenise only, tokenise and remember, or replay. A first use comes in
// an earlier slot, and a replay emits the same buckets in the same order as tokenising again, so the posting lists
// come out the same. Only where the first use's tokens are is remembered: a copy of them was megabytes more for a
// large account, enough to bring on a full garbage collection during the build.
import { withRoom } from '../format/bytes';

/** Slot code: tokenise the field's bytes, remember nothing (also what a zero-filled array says). */
export const TOKENISE = 0;

/** Slot code: tokenise the field's bytes and remember where their words are, as text `key`'s. */
export function rememberCode(key: number): number {
  return (key + 1) * 2;
}

/** Slot code: text `key`'s remembered words are the field's (its bytes are not looked at). */
export function replayCode(key: number): number {
  return (key + 1) * 2 + 1;
}

/** The text of a remember or replay code. */
export function keyOfCode(code: number): number {
  return (code >>> 1) - 1;
}

export class PieceWords {
  // Small at first, as in inverter.ts: growing then happens within the first page, before the
  // code that reads these fields is optimised (a field first reassigned later throws that away).
  /** Per piece as the writer names it (a number per piece of each of its tables), which is also its
   * key, side by side (a replay reads one cache line, and no table from piece to key): at
   * 4 * piece the inverter's chunk its words are in, at 4 * piece + 1 where they start in it and at
   * 4 * piece + 2 how many there are (the buckets of its first use: word id * fields + that use's
   * field), at 4 * piece + 3 its folded bytes with their separator (a replay needs room for its
   * words), never 0 once claimed. */
  words = new Uint32Array(4 << 6);

  /** The key of `piece`'s remembered words, or -1 before its first use. */
  keyOf(piece: number): number {
    const at = 4 * piece + 3;
    return at < this.words.length && this.words[at] !== 0 ? piece : -1;
  }

  /** A key for `piece`, whose first use (tokenised and remembered, `foldedLength` bytes folded
   * with its separator: at least 1) is being written. */
  claim(piece: number, foldedLength: number): number {
    this.words = withRoom(this.words, 4 * piece + 4);
    this.words[4 * piece + 3] = foldedLength;
    return piece;
  }

  /** Text `key`'s words are tokens `start .. end` of chunk `chunk`. */
  record(key: number, chunk: number, start: number, end: number): void {
    const words = this.words;
    words[4 * key] = chunk;
    words[4 * key + 1] = start;
    words[4 * key + 2] = end - start;
  }

  /** The folded bytes (with the separator) of text `key`. */
  foldedLength(key: number): number {
    return this.words[4 * key + 3]!;
  }
}
