// Builds one immutable segment from an input already folded (the live documents of existing
// segments plus a few new ones: deltas and merges): the folded text of every document (for
// checking candidates and marking matches) and an inverted index from sorted words to documents,
// per field. A whole index from new documents is written page by page instead (segment-writer.ts).
import { Inverter } from './inverter';
import type { SegmentInput } from './segment-input';
import type { SerializedSegment } from './types';

export function buildSegment(input: SegmentInput): SerializedSegment {
  const count = input.uuids.length;
  const uuidStarts = new Uint32Array(count + 1);
  for (let d = 0, pos = 0; d < count; d++) {
    pos += input.uuids[d]!.length;
    uuidStarts[d + 1] = pos;
  }
  const inverter = new Inverter();
  inverter.addDocs(input.bytes, input.fieldStarts, 0, 0, count);
  return {
    count,
    uuids: input.uuids.join(''),
    uuidStarts,
    text: input.text,
    fieldStarts: input.fieldStarts,
    ranks: input.ranks,
    ...inverter.finish(),
    ...mapColumns(input.maps),
    display: input.display.display,
    displayStarts: input.display.displayStarts,
    displayUtf8: input.display.displayUtf8,
  };
}

/** The offset maps (by field slot) as the segment stores them: sorted slots, and each map's
 * offsets back to back. */
export function mapColumns(maps: ReadonlyMap<number, Uint32Array>): Pick<SerializedSegment, 'mapKeys' | 'mapStarts' | 'mapOffsets'> {
  const mapKeys = Uint32Array.from([...maps.keys()].sort((a, b) => a - b));
  const mapStarts = new Uint32Array(mapKeys.length + 1);
  mapKeys.forEach((key, i) => (mapStarts[i + 1] = mapStarts[i]! + maps.get(key)!.length));
  const mapOffsets = new Uint32Array(mapStarts[mapKeys.length]!);
  mapKeys.forEach((key, i) => mapOffsets.set(maps.get(key)!, mapStarts[i]!));
  return { mapKeys, mapStarts, mapOffsets };
}
