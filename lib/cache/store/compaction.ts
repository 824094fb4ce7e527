// Reclaims the slots that incremental syncs leave behind: a changed job is appended to the tail
// segment and its old copy is only marked superseded (segment-writer.ts), so over weeks the
// segments fill with dead copies. Once they pass a share of all slots, every job segment is
// rewritten densely, in one transaction (all or nothing, like every other write).
import { jobChunk, SEGMENT_SIZE, SUPERSEDED, type Lookup } from './lookup';
import type { CacheDatabase, JobSegment, LookupChunk } from './schema';
import { gatherJobs, jobCount, segmentColumns, storedColumns, type JobColumns } from './segment-codec';

/** Compaction starts when superseded copies exceed this share of the stored slots... */
export const COMPACT_SHARE = 0.2;
/** ...and at least one segment's worth (small caches are not worth the rewrite). */
export const COMPACT_MIN = SEGMENT_SIZE;

export function needsCompaction(lookup: Lookup): boolean {
  const { all, superseded } = lookup.slots();
  return superseded >= COMPACT_MIN && superseded > all * COMPACT_SHARE;
}

/** Rewrites the job segments without superseded copies. Returns how many slots it freed. */
export async function compactJobs(db: CacheDatabase, lookup: Lookup): Promise<number> {
  const tx = db.transaction(['jobSegments', 'jobLookup'], 'readwrite');
  const segments = tx.objectStore('jobSegments');
  const chunks = tx.objectStore('jobLookup');
  const old = await segments.getAll();
  // The slots that stay, in order; copied column by column, without building the jobs.
  const kept: Array<{ columns: JobColumns; position: number }> = [];
  for (const seg of old) {
    const chunk = lookup.jobChunk(seg.id);
    const columns = segmentColumns(seg.columns, chunk);
    for (let position = 0; position < seg.count; position++)
      if (chunk?.active[position] !== SUPERSEDED) kept.push({ columns, position });
  }
  const dense: JobSegment[] = [];
  const newChunks: LookupChunk[] = [];
  for (let i = 0; i < kept.length; i += SEGMENT_SIZE) {
    const columns = gatherJobs(kept.slice(i, i + SEGMENT_SIZE));
    newChunks.push(jobChunk(dense.length, columns));
    dense.push({ id: dense.length, count: jobCount(columns), columns: storedColumns(columns) });
  }
  const freed = old.reduce((n, seg) => n + seg.count, 0) - kept.length;
  await Promise.all([
    segments.clear(),
    chunks.clear(),
    ...dense.map((seg) => segments.put(seg, seg.id)),
    ...newChunks.map((chunk) => chunks.put(chunk, chunk.segment)),
    tx.done,
  ]);
  lookup.clearJobs();
  for (const chunk of newChunks) lookup.putJobChunk(chunk);
  return freed;
}
