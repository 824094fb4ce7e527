import type { SearchIndex } from './index-state';
import { findUuid } from './uuid-column';

// Which documents of an index are live: a uuid's current copy (a change appends a new copy and
// marks the old one dead) and how many there are.

/** The live document with this uuid, found by scanning the segments' uuids (uuid-column.ts). */
export function findLive(index: SearchIndex, uuid: string): number | undefined {
  const segments = index.delta ? [index.delta, index.main] : [index.main];
  for (const seg of segments) {
    const base = seg === index.main ? 0 : index.main.count;
    let doc: number | undefined;
    findUuid(seg, uuid, (local) => {
      if (index.alive[base + local] !== 1) return false;
      doc = base + local;
      return true;
    });
    if (doc !== undefined) return doc;
  }
  return undefined;
}

/** Live document count. */
export function countDocs(index: SearchIndex): number {
  let live = 0;
  for (let i = 0; i < index.alive.length; i++) live += index.alive[i]!;
  return live;
}
