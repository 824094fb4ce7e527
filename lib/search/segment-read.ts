// Reading a segment's per-document parts back out.
import type { SerializedSegment } from './types';

/** The offset map of field slot `d * 4 + f`, or null when folded and original offsets agree. */
export function offsetMap(seg: SerializedSegment, slot: number): Uint32Array | null {
  let lo = 0;
  let hi = seg.mapKeys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (seg.mapKeys[mid]! < slot) lo = mid + 1;
    else hi = mid;
  }
  if (lo >= seg.mapKeys.length || seg.mapKeys[lo] !== slot) return null;
  return seg.mapOffsets.subarray(seg.mapStarts[lo]!, seg.mapStarts[lo + 1]!);
}

export function segmentUuid(seg: SerializedSegment, local: number): string {
  return seg.uuids.slice(seg.uuidStarts[local]!, seg.uuidStarts[local + 1]!);
}
