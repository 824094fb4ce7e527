// Incremental updates: changed and new documents go to a small delta segment, replaced and
// removed ones become tombstones. The big main segment is never rebuilt for a few changes.
import { compactIndex, lastOfEachUuid } from './build';
import type { SearchIndex } from './index-state';
import { buildSegment } from './segment-input';
import { segmentUuid } from './segment-read';
import { findUuid } from './uuid-column';
import type { SearchChanges } from './types';

/** The delta is merged into the main segment once it holds more than this share of it. */
const MERGE_SHARE = 0.05;
const MERGE_MIN = 2_000;

export function applyChanges(index: SearchIndex, changes: SearchChanges): SearchIndex {
  const upserts = lastOfEachUuid(changes.upsert ?? []);
  const touched = [...(changes.remove ?? []), ...upserts.map((doc) => doc.uuid)];
  // A few changes (the usual incremental sync) find their documents by scanning the uuid bytes;
  // many build a map once (about 100 ms at 100,000 documents) and keep it.
  const byUuid = index.runtime.uuidToDoc ?? (touched.length > FEW_CHANGES ? uuidToDoc(index) : null);
  for (const uuid of touched) {
    const doc = byUuid ? byUuid.get(uuid) : findLive(index, uuid);
    if (doc === undefined) continue;
    index.alive[doc] = 0;
    byUuid?.delete(uuid);
  }
  const mainCount = index.main.count;
  const { delta, alive } = index;
  let kept = 0;
  for (let local = 0; local < (delta?.count ?? 0); local++) kept += alive[mainCount + local]!;
  if (kept + upserts.length > Math.max(MERGE_MIN, mainCount * MERGE_SHARE)) {
    compactIndex(index, upserts);
    return index;
  }
  const parts = delta ? [{ seg: delta, live: (local: number) => alive[mainCount + local] === 1 }] : [];
  index.delta = kept + upserts.length > 0 ? buildSegment(parts, upserts) : null;
  index.alive = withDelta(alive, mainCount, index.delta?.count ?? 0);
  index.generation++;
  index.runtime.scratch = null;
  if (byUuid) for (let local = 0; local < (index.delta?.count ?? 0); local++) byUuid.set(segmentUuid(index.delta!, local), mainCount + local);
  return index;
}

const FEW_CHANGES = 64;

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

function withDelta(alive: Uint8Array, mainCount: number, deltaCount: number): Uint8Array {
  const next = new Uint8Array(mainCount + deltaCount).fill(1);
  next.set(alive.subarray(0, mainCount));
  return next;
}

function uuidToDoc(index: SearchIndex): Map<string, number> {
  if (index.runtime.uuidToDoc) return index.runtime.uuidToDoc;
  const map = new Map<string, number>();
  const segments = index.delta ? [index.main, index.delta] : [index.main];
  let doc = 0;
  for (const seg of segments) {
    for (let local = 0; local < seg.count; local++, doc++) {
      if (index.alive[doc] === 1) map.set(segmentUuid(seg, local), doc);
    }
  }
  index.runtime.uuidToDoc = map;
  return map;
}
