// Building the index while a full sync walks the jobs page by page: each page is folded,
// tokenised and reduced to compact columns as it arrives (while the sync waits on the network),
// so the SearchDoc objects die young and `finish` has little left to do (sort the vocabulary,
// write the posting lists, concatenate). buildIndex goes through here too.
import { createIndexState, type SearchIndex } from '../format/index-state';
import { SegmentWriter } from './segment-writer';
import type { SearchDoc } from '../format/types';
import { UuidTable } from './uuid-table';

export interface IndexBuilder {
  /** Adds a page of documents (of any size: they are folded PAGE_DOCS at a time). A later
   * document with the same uuid replaces an earlier one. */
  add(docs: readonly SearchDoc[]): void;
  /** Drops a document added earlier (a job that became inactive later in the walk); unknown uuids are ignored. */
  remove(uuid: string): void;
  /** Live documents so far. */
  readonly size: number;
  /** The finished index (same shape and search results as buildIndex of the live docs, in add
   * order). The builder is unusable afterwards. */
  finish(): SearchIndex;
}

/** Documents folded and tokenised together: small enough that the page's bytes stay in cache. */
const PAGE_DOCS = 1024;

export function createIndexBuilder(): IndexBuilder {
  return new Builder();
}

class Builder implements IndexBuilder {
  private writer: SegmentWriter | null = new SegmentWriter();
  /** Each live uuid's document number (in add order, counting replaced and removed ones). */
  private readonly byUuid = new UuidTable(this.writer!.uuids);
  /** Document numbers replaced or removed: left out at finish. */
  private readonly dropped: number[] = [];

  get size(): number {
    return this.byUuid.size;
  }

  add(docs: readonly SearchDoc[]): void {
    const writer = this.open();
    for (let from = 0; from < docs.length; from += PAGE_DOCS) {
      const first = writer.count;
      writer.addPage(docs, from, Math.min(docs.length, from + PAGE_DOCS));
      // After the page is written: the table reads each document's uuid from the writer's column
      // (and a duplicate within the page finds the earlier one there).
      for (let doc = first; doc < writer.count; doc++) {
        const earlier = this.byUuid.put(doc);
        if (earlier >= 0) this.dropped.push(earlier);
      }
    }
  }

  remove(uuid: string): void {
    this.open();
    const doc = this.byUuid.delete(uuid);
    if (doc >= 0) this.dropped.push(doc);
  }

  finish(): SearchIndex {
    const writer = this.open();
    this.writer = null;
    let keep: Uint8Array | null = null;
    if (this.dropped.length > 0) {
      keep = new Uint8Array(writer.count).fill(1);
      for (const doc of this.dropped) keep[doc] = 0;
    }
    const main = writer.finish(keep);
    return createIndexState(main, null, new Uint8Array(main.count).fill(1));
  }

  private open(): SegmentWriter {
    if (this.writer === null) throw new Error('IndexBuilder: already finished');
    return this.writer;
  }
}
