// Incremental updates: changed and new documents go to a small delta segment, replaced and
// removed ones become tombstones. The big main segment is never rebuilt for a few changes.
import { findLive } from '../format/live-docs';
import { compactIndex, lastOfEachUuid } from './build';
import type { SearchIndex } from '../format/index-state';
import { findUuids } from '../format/find-uuids';
import { buildSegment } from './segment-input';
import type { SearchChanges } from '../format/types';

/** The delta is merged into the main segment once it holds more than this share of it. */
const MERGE_SHARE = 0.05;
const MERGE_MIN = 2_000;

export function applyChanges(index: SearchIndex, changes: SearchChanges): SearchIndex {
  const upserts = lastOfEachUuid(changes.upsert ?? []);
  // Removed and replaced documents become tombstones. A few (the usual incremental sync) are each
  // found by a scan of the uuid bytes that is cheap from its first run; more in one pass over each
  // segment however many (find-uuids.ts; the map of every uuid string it replaced was slow).
  const touched = [...(changes.remove ?? []), ...upserts.map((doc) => doc.uuid)];
  const mainCount = index.main.count;
  if (touched.length <= FEW_CHANGES) {
    for (const uuid of touched) {
      const doc = findLive(index, uuid);
      if (doc !== undefined) index.alive[doc] = 0;
    }
  } else {
    findUuids(index.main, touched, (local) => void (index.alive[local] = 0));
    if (index.delta) findUuids(index.delta, touched, (local) => void (index.alive[mainCount + local] = 0));
  }
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
  return index;
}

const FEW_CHANGES = 64;

function withDelta(alive: Uint8Array, mainCount: number, deltaCount: number): Uint8Array {
  const next = new Uint8Array(mainCount + deltaCount).fill(1);
  next.set(alive.subarray(0, mainCount));
  return next;
}
