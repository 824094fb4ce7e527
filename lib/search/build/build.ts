// Building an index from scratch, and folding the delta segment back into the main one.
import { createIndexBuilder } from './builder';
import type { SearchIndex } from '../format/index-state';
import { buildSegment } from './segment-input';
import type { SearchDoc } from '../format/types';

/** Builds the index of `docs`; a later document with the same uuid replaces an earlier one. The
 * same path as a sync's page-by-page build (builder.ts), with all the pages at once. */
export function buildIndex(docs: readonly SearchDoc[]): SearchIndex {
  const builder = createIndexBuilder();
  builder.add(docs);
  return builder.finish();
}

export function lastOfEachUuid(docs: readonly SearchDoc[]): readonly SearchDoc[] {
  if (new Set(docs.map((doc) => doc.uuid)).size === docs.length) return docs; // the usual case
  const last = new Map<string, number>();
  docs.forEach((doc, i) => last.set(doc.uuid, i));
  return docs.filter((doc, i) => last.get(doc.uuid) === i);
}

/** Rebuilds one main segment from the live documents plus `extra` (drops tombstones, empties the
 * delta). applyChanges does it by itself once the delta grows; call it when idle to do it sooner. */
export function compactIndex(index: SearchIndex, extra: readonly SearchDoc[] = []): void {
  const { main: oldMain, delta, alive } = index;
  const parts = [{ seg: oldMain, live: (local: number) => alive[local] === 1 }];
  if (delta) parts.push({ seg: delta, live: (local: number) => alive[oldMain.count + local] === 1 });
  const main = buildSegment(parts, extra);
  index.main = main;
  index.delta = null;
  index.alive = new Uint8Array(main.count).fill(1);
  index.generation++;
  index.runtime = { scratch: null };
}
