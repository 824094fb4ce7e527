// Writing an inverter's posting lists (inverter.ts) once all documents are tokenised: from the
// tokens kept per chunk of documents (each a bucket `word id * FIELDS + field`, distinct within a
// document) and the per-bucket counts gathered while tokenising. One loop per function: each runs
// once per build, cold (a long function would be optimised loop by loop, and thrown away after each).

/** Fields per document; `slot & 3` is the field of a slot. */
export const FIELDS = 4;

/** Bytes of a posting-list gap (1 or more) as a varint, 7 bits a byte; 0 for a gap of 0 (the
 * inverter's replay loop counts on it). Branch-free: optimised code compiled before the first
 * 2-byte gap was seen would otherwise be thrown away there. */
export function varintBytes(gap: number): number {
  return ((38 - Math.clz32(gap)) / 7) | 0;
}

/** The tokens of `docs` documents, an exactly sized array per chunk: the chunk starting at
 * document `chunkFirsts[c]` has `chunkTokens[c]`, and document d's end in its chunk's array is
 * `tokenEnds[d + 1]` (its start: the previous document's end, or 0 for the chunk's first). The
 * buckets array holds, per bucket b, at 2b the last document listed plus one and at 2b + 1 its
 * list's size in bytes (then, from layOut on, where its list is written next). */
export interface TokenChunks {
  chunkTokens: readonly Uint32Array[];
  chunkFirsts: readonly number[];
  tokenEnds: Uint32Array;
  docs: number;
}

/** Posting-list sizes again for the kept documents (gaps change with the numbering). */
export function recount(chunks: TokenChunks, buckets: Int32Array, words: number, renumber: Int32Array): void {
  const { chunkTokens, chunkFirsts, tokenEnds } = chunks;
  buckets.fill(0, 0, 2 * words * FIELDS);
  for (let c = 0; c < chunkTokens.length; c++) {
    const tokens = chunkTokens[c]!;
    const next = c + 1 < chunkFirsts.length ? chunkFirsts[c + 1]! : chunks.docs;
    for (let d = chunkFirsts[c]!, t = 0; d < next; d++) {
      const doc = renumber[d]!;
      const end = tokenEnds[d + 1]!;
      if (doc < 0) t = end;
      for (; t < end; t++) {
        const bucket = tokens[t]!;
        buckets[2 * bucket + 1]! += varintBytes(doc - (buckets[2 * bucket]! - 1));
        buckets[2 * bucket] = doc + 1;
      }
    }
  }
}

/** The words with a posting in any field. */
export function usedIds(buckets: Int32Array, words: number): Uint32Array {
  const used: number[] = [];
  for (let id = 0; id < words; id++) {
    const b = 2 * id * FIELDS;
    if (buckets[b + 1]! + buckets[b + 3]! + buckets[b + 5]! + buckets[b + 7]! > 0) used.push(id);
  }
  return Uint32Array.from(used);
}

/** Where each posting list starts, in sorted-word order; each bucket's byte count becomes where
 * its list is written next (and its last document is reset for writing). */
export function layOut(buckets: Int32Array, order: Uint32Array): Uint32Array {
  const postingStarts = new Uint32Array(order.length * FIELDS + 1);
  let at = 0;
  for (let w = 0; w < order.length; w++) {
    for (let field = 0; field < FIELDS; field++) {
      const bucket = order[w]! * FIELDS + field;
      postingStarts[w * FIELDS + field] = at;
      const size = buckets[2 * bucket + 1]!;
      buckets[2 * bucket] = 0;
      buckets[2 * bucket + 1] = at;
      at += size;
    }
  }
  postingStarts[order.length * FIELDS] = at;
  return postingStarts;
}

/** Posting lists hold the gaps between ascending document numbers as varints (7 bits a byte,
 * high bit = more): about 1.3 bytes a posting instead of 4; lists are only walked front to back. */
export function writePostings(
  chunks: TokenChunks,
  buckets: Int32Array,
  renumber: Int32Array | null,
  size: number,
): Uint8Array {
  const { chunkTokens, chunkFirsts, tokenEnds } = chunks;
  const postings = new Uint8Array(size);
  for (let c = 0; c < chunkTokens.length; c++) {
    const tokens = chunkTokens[c]!;
    const next = c + 1 < chunkFirsts.length ? chunkFirsts[c + 1]! : chunks.docs;
    for (let d = chunkFirsts[c]!, t = 0; d < next; d++) {
      const doc = renumber === null ? d : renumber[d]!;
      const end = tokenEnds[d + 1]!;
      if (doc < 0) t = end;
      for (; t < end; t++) {
        const bucket = tokens[t]!;
        let gap = doc - (buckets[2 * bucket]! - 1);
        buckets[2 * bucket] = doc + 1;
        let to = buckets[2 * bucket + 1]!;
        while (gap >= 0x80) {
          postings[to++] = (gap & 0x7f) | 0x80;
          gap >>>= 7;
        }
        postings[to++] = gap;
        buckets[2 * bucket + 1] = to;
      }
    }
  }
  return postings;
}
