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
  /** Per piece as the writer names it (a number per piece of each of its tables), its key plus
   * one: 0 until its first use. */
  private keys = new Int32Array(1 << 6);
  private count = 0;
  /** Text `key`'s words are `lengths[key]` tokens of the inverter's chunk `chunks[key]` from
   * `starts[key]`: the buckets of its first use (word id * fields + that use's field). */
  chunks = new Uint32Array(1 << 6);
  starts = new Uint32Array(1 << 6);
  lengths = new Uint32Array(1 << 6);

  /** The key of `piece`'s remembered words, or -1 before its first use. */
  keyOf(piece: number): number {
    return piece < this.keys.length ? this.keys[piece]! - 1 : -1;
  }

  /** A key for `piece`, whose first use (tokenised and remembered) is being written. */
  claim(piece: number): number {
    this.keys = withRoom(this.keys, piece + 1);
    const key = this.count++;
    this.keys[piece] = key + 1;
    return key;
  }

  /** Text `key`'s words are tokens `start .. end` of chunk `chunk`. */
  record(key: number, chunk: number, start: number, end: number): void {
    this.chunks = withRoom(this.chunks, key + 1);
    this.starts = withRoom(this.starts, key + 1);
    this.lengths = withRoom(this.lengths, key + 1);
    this.chunks[key] = chunk;
    this.starts[key] = start;
    this.lengths[key] = end - start;
  }
}
