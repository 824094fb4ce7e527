// Tables keyed by uuid through a hash of its characters computed here (hashText), instead of Maps keyed by the
// string. A Map hashes a string the first time it meets it, in V8's own function, and a full sync's 100,000 uuids
// met the lookup's Maps long after the page that brought them was read: in the worker's profile that first hash,
// paid by whichever Map came first (the placement's per-batch Map, else the lookup's), was most of placing a page.
// Here the caller hashes a uuid once, while its characters are at hand, and gives the hash to every table it asks;
// a table compares the uuid's characters only where the hashes match.
import { hashText } from '../../search/format/text-hash';

/** A uuid's hash for these tables (any string: the tables do not assume the uuid shape). */
export const uuidHash = hashText;

const EMPTY = -1;
const DELETED = -2;

/** uuid → a non-negative number (a packed place), open addressing with linear probes, at most half full
 * counting deleted slots. */
export class UuidPlaces {
  private keys: Array<string | undefined> = [];
  private hashes = new Int32Array(0);
  private values = new Float64Array(0);
  private mask = -1;
  /** Live entries. */
  private live = 0;
  /** Slots not empty: live entries and deleted ones. */
  private taken = 0;

  /** `expected`: how many uuids it will likely hold (room made at once, not grown into). */
  constructor(expected = 0) {
    if (expected > 0) this.grow(expected);
  }

  get size(): number {
    return this.live;
  }

  get(uuid: string, hash: number): number | undefined {
    const slot = this.slotOf(uuid, hash);
    return slot < 0 ? undefined : this.values[slot];
  }

  set(uuid: string, hash: number, value: number): void {
    if (2 * (this.taken + 1) > this.mask + 1) this.grow(2 * (this.live + 1));
    const { hashes, values, keys, mask } = this;
    let free = -1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = values[slot]!;
      if (at === EMPTY) {
        if (free < 0) {
          free = slot;
          this.taken++;
        }
        break;
      }
      if (at === DELETED) {
        if (free < 0) free = slot;
      } else if (hashes[slot] === hash && keys[slot] === uuid) {
        values[slot] = value;
        return;
      }
    }
    hashes[free] = hash;
    values[free] = value;
    keys[free] = uuid;
    this.live++;
  }

  /** Whether the uuid was there. */
  delete(uuid: string, hash: number): boolean {
    const slot = this.slotOf(uuid, hash);
    if (slot < 0) return false;
    this.values[slot] = DELETED;
    this.keys[slot] = undefined;
    this.live--;
    return true;
  }

  clear(): void {
    this.keys = [];
    this.hashes = new Int32Array(0);
    this.values = new Float64Array(0);
    this.mask = -1;
    this.live = 0;
    this.taken = 0;
  }

  private slotOf(uuid: string, hash: number): number {
    if (this.mask < 0) return -1;
    const { hashes, values, keys, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = values[slot]!;
      if (at === EMPTY) return -1;
      if (at !== DELETED && hashes[slot] === hash && keys[slot] === uuid) return slot;
    }
  }

  /** Room for `entries` at most half full (deleted slots are dropped): rehashed from the kept hashes. */
  private grow(entries: number): void {
    let size = 16;
    while (size < 2 * entries) size *= 2;
    const { keys, hashes, values } = this;
    const mask = size - 1;
    const nextKeys = new Array<string | undefined>(size).fill(undefined);
    const nextHashes = new Int32Array(size);
    const nextValues = new Float64Array(size).fill(EMPTY);
    for (let i = 0; i < values.length; i++) {
      if (values[i]! < 0) continue;
      let slot = hashes[i]! & mask;
      while (nextValues[slot] !== EMPTY) slot = (slot + 1) & mask;
      nextKeys[slot] = keys[i];
      nextHashes[slot] = hashes[i]!;
      nextValues[slot] = values[i]!;
    }
    this.keys = nextKeys;
    this.hashes = nextHashes;
    this.values = nextValues;
    this.mask = mask;
    this.taken = this.live;
  }
}
