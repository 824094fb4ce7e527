// Jobs without a query (the popup's first screen): a day's jobs, or the most relevant recent ones,
// chosen by the tie-break rank every document already has (open first, then its date), and shown
// from the display fields, so no job record is read. Jobs of the same rank (an office's day of jobs
// with no time in the rank) come newest-stored first: the documents are read from the last one back,
// so a job added or changed since the full sync (the delta segment), then the later of a page, leads.
import { displayOfDoc, totalDocs, uuidOf, type SearchIndex } from '../format/index-state';
import type { SearchDisplay, SearchResult } from '../format/types';
import { findLive } from '../format/live-docs';

const OPEN_BIT = 0x8000000; // prepare.ts: open jobs have it, the rest of a rank is yyyymmdd

export interface BrowseOptions {
  /** Local day `YYYY-MM-DD`: that day's jobs only. Without it, the recent jobs. */
  day?: string;
  /** `YYYY-MM-DD` for "recent": jobs dated after it come after those up to it. Default: none. */
  today?: string;
  limit?: number;
  /** Only documents it accepts (query/filters.ts). */
  accept?: (doc: number) => boolean;
}

/** Open jobs first, then the newest date (dated up to `today` before later ones), then the
 * newest stored; for a `day`, only that day's jobs. Results have no matches and score 0. */
export function browse(index: SearchIndex, options: BrowseOptions = {}): SearchResult[] {
  const limit = options.limit ?? 20;
  const only = options.day === undefined ? -1 : dayNumber(options.day);
  const upTo = options.today === undefined ? 99_999_999 : dayNumber(options.today);
  const top: Array<{ doc: number; key: number }> = [];
  const segments = index.delta ? [index.delta, index.main] : [index.main];
  let doc = totalDocs(index) - 1;
  for (const seg of segments) {
    const ranks = seg.ranks;
    for (let local = seg.count - 1; local >= 0; local--, doc--) {
      if (index.alive[doc] !== 1 || (options.accept && !options.accept(doc))) continue;
      const rank = ranks[local]!;
      const day = rank & (OPEN_BIT - 1);
      if (only >= 0 && day !== only) continue;
      // Past and today's jobs above future ones, then open above finished, then newest.
      const key = (day <= upTo ? 2 * OPEN_BIT : 0) + rank;
      if (top.length >= limit && key <= top[top.length - 1]!.key) continue;
      let at = top.length;
      while (at > 0 && key > top[at - 1]!.key) at--;
      top.splice(at, 0, { doc, key });
      if (top.length > limit) top.pop();
    }
  }
  return top.map(({ doc }) => ({ uuid: uuidOf(index, doc), score: 0, matches: [], display: displayOfDoc(index, doc) }));
}

/** The display fields of a live job, by uuid (or global document number), or null. */
export function displayOf(index: SearchIndex, job: string | number): SearchDisplay | null {
  const doc = typeof job === 'number' ? job : findLive(index, job);
  if (doc === undefined || doc < 0 || doc >= totalDocs(index) || index.alive[doc] !== 1) return null;
  return displayOfDoc(index, doc);
}

function dayNumber(day: string): number {
  const n = Number(day.slice(0, 10).replaceAll('-', ''));
  return Number.isInteger(n) ? n : -2;
}
