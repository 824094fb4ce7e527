// A piece table's rare traits per piece id, in one byte each, and what goes with them: offset maps,
// UTF-8 display bytes, originals kept as strings. A lookup reads the byte and asks a Map only for a
// piece that has the trait, instead of probing the Maps on every lookup (they hold something as
// soon as one text in the account needs them: an offset map, a character above U+00FF).
import { withRoom } from '../format/bytes';

/** Its original is kept as a string (its shown bytes are UTF-8, compared as a string). */
const WIDE_ORIGINAL = 1;
/** It has an offset map. */
export const HAS_MAP = 2;
/** Its display bytes are UTF-8. */
export const UTF8 = 4;

export class PieceTraits {
  // Small at first, so that growing is seen (and optimised for) within the first page.
  private traits = new Uint8Array(1 << 8);
  /** Offset maps and UTF-8 display bytes, by piece id. */
  readonly maps = new Map<number, Uint32Array>();
  readonly utf8: number[] = [];
  private readonly wide = new Map<number, string>();

  /** Whether piece `id` has `trait`. */
  has(id: number, trait: number): boolean {
    return (this.traits[id]! & trait) !== 0;
  }

  /** Piece `id` (new) has no traits so far. */
  added(id: number): void {
    this.traits = withRoom(this.traits, id + 1);
  }

  setMap(id: number, map: Uint32Array): void {
    this.maps.set(id, map);
    this.traits[id]! |= HAS_MAP;
  }

  markUtf8(id: number): void {
    this.utf8.push(id);
    this.traits[id]! |= UTF8;
  }

  /** Keeps piece `id`'s original as a string (its shown bytes are UTF-8). */
  keepWide(id: number, original: string): void {
    this.wide.set(id, original);
    this.traits[id]! |= WIDE_ORIGINAL;
  }

  /** Piece `id`'s original if kept as a string, else undefined (compare its shown bytes). */
  wideOriginal(id: number): string | undefined {
    return (this.traits[id]! & WIDE_ORIGINAL) === 0 ? undefined : this.wide.get(id);
  }
}
