// Finding the documents of many uuids at once (an incremental sync's changed and deleted jobs),
// in one pass over a segment's uuid bytes. Scanning the column once per uuid costs 64 passes for
// 64 changes, and the map of every uuid string it replaced was slow to build for a large account
// in the service worker. Here each document costs one typed-array read, of the wanted uuids
// chained by their first two bytes; only a document sharing those with a wanted uuid compares
// more, and only with the wanted uuids that share them.
import { findUuid, isOddUuidDoc, UUID_BYTES, uuidToBytes, type UuidParts } from './uuid-column';

/** Calls `found(local, i)` for each document of `seg` whose uuid is `uuids[i]` (every copy, live
 * or not: the caller decides). */
export function findUuids(
  seg: UuidParts & { count: number },
  uuids: readonly string[],
  found: (local: number, i: number) => void,
): void {
  const wanted = new Uint8Array(uuids.length * UUID_BYTES);
  const which: number[] = [];
  // first[two bytes] = the first wanted uuid (its index in `which`) starting with them, then next[w].
  const first = new Int32Array(1 << 16).fill(-1);
  const next = new Int32Array(uuids.length);
  for (let i = 0; i < uuids.length; i++) {
    const w = which.length;
    const at = w * UUID_BYTES;
    if (uuidToBytes(uuids[i]!, wanted, at)) {
      which.push(i);
      const key = (wanted[at]! << 8) | wanted[at + 1]!;
      next[w] = first[key]!;
      first[key] = w;
    } else {
      // Not a canonical uuid: only the side list can have it (few, and usually none).
      findUuid(seg, uuids[i]!, (local) => {
        found(local, i);
        return false;
      });
    }
  }
  if (which.length === 0) return;
  const bytes = seg.uuids;
  for (let local = 0, at = 0; local < seg.count; local++, at += UUID_BYTES) {
    for (let w = first[(bytes[at]! << 8) | bytes[at + 1]!]!; w >= 0; w = next[w]!) {
      if (!sameUuid(bytes, at, wanted, w * UUID_BYTES)) continue;
      // An odd uuid's bytes are zeros: only a real match counts.
      if (!isOddUuidDoc(seg, local)) found(local, which[w]!);
    }
  }
}

function sameUuid(a: Uint8Array, at: number, b: Uint8Array, bt: number): boolean {
  for (let k = 0; k < UUID_BYTES; k++) if (a[at + k] !== b[bt + k]) return false;
  return true;
}
