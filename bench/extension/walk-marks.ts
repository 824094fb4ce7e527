// The worker's walk marks (lib/cache/sync/walk-marks.ts), read in Chromium's service worker: where a full sync's
// first page was asked for and where its last page was stored, in ms since the epoch (the timeline's origin plus
// the mark), so that a page's clock can be set against them. The statuses the pages get are paced and cannot say.
import type { Worker } from 'playwright-core';
import { WALK_MARKS } from '../../lib/cache/sync/walk-marks';

export interface WalkEdges {
  start: number;
  end: number;
}

/** The newest sync's walk edges, or null when the worker has none. */
export type WalkMarksReader = () => Promise<WalkEdges | null>;

export function workerWalkMarks(worker: () => Promise<Worker>): WalkMarksReader {
  return async () =>
    (await worker()).evaluate((names) => {
      // No named functions inside: the bench's loader would wrap them in a helper the worker does not have.
      const [start, end] = [names.start, names.end].map((name) => {
        const mark = performance.getEntriesByName(name, 'mark')[0];
        return mark === undefined ? null : performance.timeOrigin + mark.startTime;
      });
      return start == null || end == null ? null : { start, end };
    }, WALK_MARKS);
}
