// Job uuids as 16 bytes each instead of 36 characters plus a 4-byte start: the cache's uuids are
// canonical lower-case UUIDs (lib/api checks them), so this stores well under half the bytes.
// Any other form (upper case, braces, a test's "a1") is kept as it is in a small
// side list (`oddUuids`), so nothing is ever lost; the string is made only when asked for (a result
// row, a change), never while searching.
import { sortedIndexOf } from './sorted-index';
import { hashText, mix } from './text-hash';
import type { SerializedSegment } from './types';

export type UuidParts = Pick<SerializedSegment, 'uuids' | 'oddUuidDocs' | 'oddUuidStarts' | 'oddUuids'>;

export const UUID_BYTES = 16;

/** Hex digit value of each code unit, or 255 (only 0-9 and a-f: upper case is not canonical). */
const HEX_VALUE = new Uint8Array(128).fill(255);
for (let c = 0; c < 10; c++) HEX_VALUE[48 + c] = c;
for (let c = 0; c < 6; c++) HEX_VALUE[97 + c] = 10 + c;
const HEX_PAIR = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
/** Where each of the 16 bytes' two digits are in `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`. */
const DIGIT_AT = Uint8Array.from([0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34]);

/** Writes the 16 bytes of a canonical uuid to `out` at `at`; false (out unchanged or partly
 * written) when `uuid` is not a canonical lower-case UUID. */
export function uuidToBytes(uuid: string, out: Uint8Array, at: number): boolean {
  if (
    uuid.length !== 36 ||
    uuid.charCodeAt(8) !== 45 ||
    uuid.charCodeAt(13) !== 45 ||
    uuid.charCodeAt(18) !== 45 ||
    uuid.charCodeAt(23) !== 45
  )
    return false;
  for (let k = 0; k < UUID_BYTES; k++) {
    const i = DIGIT_AT[k]!;
    const hi = HEX_VALUE[uuid.charCodeAt(i) & 0x7f]!;
    const lo = HEX_VALUE[uuid.charCodeAt(i + 1) & 0x7f]!;
    if (hi === 255 || lo === 255 || uuid.charCodeAt(i) > 0x7f || uuid.charCodeAt(i + 1) > 0x7f) return false;
    out[at + k] = (hi << 4) | lo;
  }
  return true;
}

/** The canonical string of the 16 bytes at `at`. */
export function uuidFromBytes(bytes: Uint8Array, at: number): string {
  const h = (k: number): string => HEX_PAIR[bytes[at + k]!]!;
  return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${h(6)}${h(7)}-${h(8)}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`;
}

/** Whether document `local`'s uuid is kept in the side list (its bytes are zeros). */
export function isOddUuidDoc(seg: UuidParts, local: number): boolean {
  return seg.oddUuidDocs.length > 0 && sortedIndexOf(seg.oddUuidDocs, local) >= 0;
}

/** Document `local`'s uuid. */
export function uuidAt(seg: UuidParts, local: number): string {
  if (seg.oddUuidDocs.length > 0) {
    const odd = sortedIndexOf(seg.oddUuidDocs, local);
    if (odd >= 0) return seg.oddUuids.slice(seg.oddUuidStarts[odd]!, seg.oddUuidStarts[odd + 1]!);
  }
  return uuidFromBytes(seg.uuids, local * UUID_BYTES);
}

const probe = new Uint8Array(UUID_BYTES);

/** Calls `found(local)` for each document that has `uuid`, until it returns true; makes no string
 * per document (a change finds its document this way). */
export function findUuid(seg: UuidParts & { count: number }, uuid: string, found: (local: number) => boolean): void {
  if (uuidToBytes(uuid, probe, 0)) {
    const bytes = seg.uuids;
    const first = probe[0]!;
    for (let local = 0, at = 0; local < seg.count; local++, at += UUID_BYTES) {
      if (bytes[at] !== first || !sameBytes(bytes, at)) continue;
      // An odd uuid's bytes are zeros: only a real match counts.
      if (isOddUuidDoc(seg, local)) continue;
      if (found(local)) return;
    }
    return;
  }
  const { oddUuids, oddUuidStarts, oddUuidDocs } = seg;
  for (let odd = 0; odd < oddUuidDocs.length; odd++) {
    const start = oddUuidStarts[odd]!;
    if (oddUuidStarts[odd + 1]! - start === uuid.length && oddUuids.startsWith(uuid, start) && found(oddUuidDocs[odd]!))
      return;
  }
}

function sameBytes(bytes: Uint8Array, at: number): boolean {
  for (let k = 1; k < UUID_BYTES; k++) if (bytes[at + k] !== probe[k]) return false;
  return true;
}

/** The uuids of a segment being written, document by document. */
export class UuidColumn {
  private bytes = new Uint8Array(UUID_BYTES * 64);
  private count = 0;
  private readonly oddDocs: number[] = [];
  private readonly odd: string[] = [];

  get size(): number {
    return this.count;
  }

  add(uuid: string): void {
    const at = this.count * UUID_BYTES;
    if (at + UUID_BYTES > this.bytes.length) this.grow();
    if (!uuidToBytes(uuid, this.bytes, at)) {
      this.bytes.fill(0, at, at + UUID_BYTES);
      this.oddDocs.push(this.count);
      this.odd.push(uuid);
    }
    this.count++;
  }

  /** Copies document `local`'s uuid from a segment (no string made unless it is an odd one). */
  addFrom(seg: UuidParts, local: number): void {
    if (seg.oddUuidDocs.length > 0 && sortedIndexOf(seg.oddUuidDocs, local) >= 0) {
      this.add(uuidAt(seg, local));
      return;
    }
    const at = this.count * UUID_BYTES;
    if (at + UUID_BYTES > this.bytes.length) this.grow();
    this.bytes.set(seg.uuids.subarray(local * UUID_BYTES, local * UUID_BYTES + UUID_BYTES), at);
    this.count++;
  }

  /** Whether document `doc` (already added) has `uuid`; makes no string. */
  has(doc: number, uuid: string): boolean {
    const odd = this.oddIndex(doc);
    if (odd >= 0) return this.odd[odd] === uuid;
    if (!uuidToBytes(uuid, probe, 0)) return false;
    const at = doc * UUID_BYTES;
    return this.bytes[at] === probe[0] && sameBytes(this.bytes, at);
  }

  /** A hash of document `doc`'s uuid (already added): the same as `hashOf` of that uuid. Read from
   * the 16 bytes `add` wrote, so the uuid string is not gone over again. */
  hashAt(doc: number): number {
    const odd = this.oddIndex(doc);
    return odd >= 0 ? hashText(this.odd[odd]!) : hashOfBytes(this.bytes, doc * UUID_BYTES);
  }

  /** A hash of `uuid` (see hashAt). */
  hashOf(uuid: string): number {
    return uuidToBytes(uuid, probe, 0) ? hashOfBytes(probe, 0) : hashText(uuid);
  }

  /** Whether documents `a` and `b` (both already added) have the same uuid. */
  same(a: number, b: number): boolean {
    const oddA = this.oddIndex(a);
    const oddB = this.oddIndex(b);
    if (oddA >= 0 || oddB >= 0) return oddA >= 0 && oddB >= 0 && this.odd[oddA] === this.odd[oddB];
    const bytes = this.bytes;
    for (let k = 0, at = a * UUID_BYTES, other = b * UUID_BYTES; k < UUID_BYTES; k++)
      if (bytes[at + k] !== bytes[other + k]) return false;
    return true;
  }

  /** Document `doc`'s place among the odd uuids, or -1. */
  private oddIndex(doc: number): number {
    return this.oddDocs.length > 0 ? this.oddDocs.indexOf(doc) : -1;
  }

  /** The column, keeping only the documents `keep` says (1 each; null: all). */
  finish(keep: Uint8Array | null = null): UuidParts {
    let uuids = this.bytes.slice(0, this.count * UUID_BYTES);
    let oddDocs = this.oddDocs;
    let odd = this.odd;
    if (keep !== null) {
      const renumber = new Int32Array(this.count);
      let kept = 0;
      for (let d = 0; d < this.count; d++) renumber[d] = keep[d] === 1 ? kept++ : -1;
      const out = new Uint8Array(kept * UUID_BYTES);
      for (let d = 0; d < this.count; d++) {
        if (renumber[d]! >= 0)
          out.set(uuids.subarray(d * UUID_BYTES, d * UUID_BYTES + UUID_BYTES), renumber[d]! * UUID_BYTES);
      }
      uuids = out;
      const keptOdd = oddDocs.map((_, i) => i).filter((i) => renumber[oddDocs[i]!]! >= 0);
      odd = keptOdd.map((i) => this.odd[i]!);
      oddDocs = keptOdd.map((i) => renumber[this.oddDocs[i]!]!);
    }
    const oddUuidStarts = new Uint32Array(odd.length + 1);
    odd.forEach((uuid, i) => (oddUuidStarts[i + 1] = oddUuidStarts[i]! + uuid.length));
    return { uuids, oddUuidDocs: Uint32Array.from(oddDocs), oddUuidStarts, oddUuids: odd.join('') };
  }

  private grow(): void {
    const bigger = new Uint8Array(this.bytes.length * 2);
    bigger.set(this.bytes);
    this.bytes = bigger;
  }
}

/** FNV-1a over the four 32-bit words of the 16 bytes at `at`, then text-hash.ts's mix. */
function hashOfBytes(bytes: Uint8Array, at: number): number {
  let hash = 0x811c9dc5;
  for (let k = at; k < at + UUID_BYTES; k += 4)
    hash = Math.imul(
      hash ^ (bytes[k]! | (bytes[k + 1]! << 8) | (bytes[k + 2]! << 16) | (bytes[k + 3]! << 24)),
      0x01000193,
    );
  return mix(hash);
}
