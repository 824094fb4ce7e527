// The inverted index of a segment, built a page of documents at a time: `addDocs` tokenises their
// folded text into word ids (the vocabulary lives across pages) and keeps one number per distinct
// (word, field, document); `finish` sorts the vocabulary and writes the posting lists
// (posting-lists.ts). Used by the index builder page by page, and by buildSegment (deltas,
// merges) in one go.
import { withRoom } from '../format/bytes';
import { EMPTY, emptySlots, rehashedSlots } from './hash-slots';
import { isWordCode } from '../format/normalize';
import { keyOfCode, PieceWords, TOKENISE } from './piece-words';
import { FIELDS, layOut, recount, type TokenChunks, usedIds, varintBytes, writePostings } from './posting-lists';
import type { SerializedSegment } from '../format/types';
import { sortedWords, sortWordIds } from './word-order';

export type Inverted = Pick<SerializedSegment, 'words' | 'wordStarts' | 'postingStarts' | 'postings'>;

/** 1 for the bytes that belong to words (normalize.ts isWordCode), looked up in the hot loop. */
const WORD_BYTE = Uint8Array.from({ length: 256 }, (_, code) => (isWordCode(code) ? 1 : 0));
/** Documents tokenised between capacity checks (room is made for a chunk's worst case at once). */
const CHUNK_DOCS = 1024;
/** Texts whose first use also runs the replay loop (see tokenise); later ones skip it, as it only
 * costs there (synthetic jobs have a first use per job). */
const WARM_UP_TEXTS = 256;

export class Inverter {
  // The vocabulary: an open-addressing hash table of word ids; word `id` is
  // `wordBytes[wordStarts[id] .. wordStarts[id + 1])`.
  //
  // Every growing array here starts small on purpose: growing (and rehashing) then happens within
  // the first page, before the code is optimised, so the optimised code has seen it. Otherwise it
  // is thrown away at the first growth, at a measurable cost each time: the growth path had never run, or a
  // field the optimiser took for a constant was assigned a new array.
  private mask = (1 << 6) - 1;
  /** At 2 * place a word id (or EMPTY), at 2 * place + 1 its hash: a probe reads one cache line. */
  private table = emptySlots(this.mask);
  private wordStarts = new Uint32Array((1 << 5) + 1);
  private wordBytes = new Uint8Array(1 << 8);
  private words = 0;
  // Per bucket `id * 4 + field`, side by side (one cache line): at 2 * bucket the last document
  // that had the word there plus one (0: none yet, so new room needs no filling), at
  // 2 * bucket + 1 the bytes its posting list needs so far (known while adding, so finish need
  // not count them again; finish then turns it into where the list is written).
  private buckets = new Int32Array((2 * FIELDS) << 5);
  // Tokens, each a bucket (distinct within a document), in one exactly sized array per chunk of
  // documents (no doubling copies of one large array): see posting-lists.ts TokenChunks.
  private readonly chunkTokens: Uint32Array[] = [];
  private readonly chunkFirsts: number[] = [];
  private tokenEnds = new Uint32Array(1);
  /** A chunk's tokens as they are found; room for its worst case. */
  private scratch = new Uint32Array(0);
  private docs = 0;
  /** The words of the texts met so far, for the fields a writer replays (piece-words.ts). */
  readonly pieceWords = new PieceWords();

  /** Tokenises `count` more documents: field f of the k-th is
   * `bytes[fieldStarts[(first + k) * 4 + f] - offset .. fieldStarts[...+ 1] - offset - 1)` (each
   * field is followed by one separator byte), or what `slotCodes` at the same slot says
   * (piece-words.ts: a zero-filled array tokenises every field). `replayedBytes`: the folded
   * length of the replayed fields (their words need room too, but their bytes are not there). */
  addDocs(
    bytes: Uint8Array,
    fieldStarts: Uint32Array,
    slotCodes: Int32Array,
    first: number,
    offset: number,
    count: number,
    replayedBytes: number,
  ): void {
    for (let done = 0; done < count; done += CHUNK_DOCS) {
      const chunk = Math.min(CHUNK_DOCS, count - done);
      const index = this.chunkTokens.length;
      const tokens = this.tokenise(
        bytes,
        fieldStarts,
        slotCodes,
        first + done,
        offset,
        chunk,
        this.docs,
        replayedBytes,
        index,
      );
      this.chunkTokens[index] = this.scratch.slice(0, tokens);
      this.chunkFirsts.push(this.docs);
      this.docs += chunk;
    }
  }

  /** Tokenises a chunk of documents (numbered from `firstDoc`) into `scratch`; returns how many
   * tokens it has. Only the loop is in here (bookkeeping after it would be code the optimiser has
   * not seen yet), and it reads no field that changes only between chunks (optimised code counts
   * on such a field staying as it was, and is thrown away when it changes). */
  private tokenise(
    bytes: Uint8Array,
    fieldStarts: Uint32Array,
    slotCodes: Int32Array,
    first: number,
    offset: number,
    count: number,
    firstDoc: number,
    replayedBytes: number,
    chunk: number,
  ): number {
    const slots = count * FIELDS;
    const pageBytes = fieldStarts[(first + count) * FIELDS]! - fieldStarts[first * FIELDS]! + replayedBytes;
    // At most one token per two bytes (a letter and a separator), and room for one more write
    // per field (the replay loop's): no capacity checks per token.
    this.scratch = withRoom(this.scratch, (pageBytes >>> 1) + slots);
    this.tokenEnds = withRoom(this.tokenEnds, firstDoc + count + 1);
    // Texts first used in this chunk are read back from its tokens as from an earlier chunk's.
    this.chunkTokens[chunk] = this.scratch;
    let { table, mask, wordStarts, wordBytes, buckets } = this;
    const { scratch: tokens, tokenEnds, chunkTokens, pieceWords } = this;
    let n = 0;
    // This loop sees every token of every job: hashes are computed in place and
    // words compared byte by byte, so no substring is made per occurrence.
    for (let local = 0; local < count; local++) {
      const doc = firstDoc + local;
      for (let field = 0; field < FIELDS; field++) {
        const slot = (first + local) * FIELDS + field;
        const slotCode = slotCodes[slot]!;
        if ((slotCode & 1) === 0) {
          // The field's bytes: a job number, or a text's first use.
          const fieldFirst = n;
          const end = fieldStarts[slot + 1]! - offset - 1;
          let i = fieldStarts[slot]! - offset;
          while (i < end) {
            let code = bytes[i]!;
            if (WORD_BYTE[code] === 0) {
              i++;
              continue;
            }
            const start = i;
            let hash = 0x811c9dc5;
            do {
              hash = Math.imul(hash ^ code, 0x01000193);
              code = bytes[++i]!;
            } while (i < end && WORD_BYTE[code] === 1);
            const length = i - start;
            let at = hash & mask;
            let id = table[2 * at]!;
            while (id !== EMPTY) {
              if (table[2 * at + 1] === hash) {
                const other = wordStarts[id]!;
                if (wordStarts[id + 1]! - other === length) {
                  let k = 0;
                  while (k < length && wordBytes[other + k] === bytes[start + k]) k++;
                  if (k === length) break;
                }
              }
              at = (at + 1) & mask;
              id = table[2 * at]!;
            }
            if (id === EMPTY) {
              id = this.addWord(bytes, start, length, hash, at);
              ({ table, mask, wordStarts, wordBytes, buckets } = this);
            }
            const bucket = id * FIELDS + field;
            const last = buckets[2 * bucket]! - 1;
            if (last === doc) continue; // already listed for this field of this document
            buckets[2 * bucket + 1]! += varintBytes(doc - last);
            buckets[2 * bucket] = doc + 1;
            tokens[n++] = bucket;
          }
          if (slotCode === TOKENISE) continue;
          pieceWords.record(keyOfCode(slotCode), chunk, fieldFirst, n);
          if (keyOfCode(slotCode) >= WARM_UP_TEXTS) continue;
        }
        // A text: the words recorded for it, listed for this field of this document. Right after
        // the first use of one of the first WARM_UP_TEXTS texts (just tokenised) that lists nothing
        // more, but runs all the same, so this code has run from the first page on whatever the
        // data (optimised code is thrown away at the first code it has not seen run, which cost
        // this loop dearly where synthetic jobs first repeated a text late). Hence no branch: a word
        // listed already (last === doc) adds no bytes (a gap of 0 takes 0), and its token is
        // overwritten by the next.
        const key = keyOfCode(slotCode);
        const from = chunkTokens[pieceWords.chunks[key]!]!;
        for (let t = pieceWords.starts[key]!, to = t + pieceWords.lengths[key]!; t < to; t++) {
          const bucket = (from[t]! & ~(FIELDS - 1)) + field;
          const last = buckets[2 * bucket]! - 1;
          buckets[2 * bucket + 1]! += varintBytes(doc - last);
          buckets[2 * bucket] = doc + 1;
          tokens[n] = bucket;
          n += (last - doc) >>> 31;
        }
      }
      tokenEnds[doc + 1] = n;
    }
    return n;
  }

  /** A new word at table place `at`; grows the arrays and the table as needed. */
  private addWord(bytes: Uint8Array, start: number, length: number, hash: number, at: number): number {
    const id = this.words++;
    if (this.words === this.wordStarts.length - 1) {
      const capacity = (this.wordStarts.length - 1) * 2;
      this.wordStarts = withRoom(this.wordStarts, capacity + 1);
      this.buckets = withRoom(this.buckets, 2 * capacity * FIELDS);
    }
    const from = this.wordStarts[id]!;
    this.wordBytes = withRoom(this.wordBytes, from + length);
    this.wordBytes.set(bytes.subarray(start, start + length), from);
    this.wordStarts[id + 1] = from + length;
    this.table[2 * at] = id;
    this.table[2 * at + 1] = hash;
    if (this.words * 2 > this.mask) this.rehash();
    return id;
  }

  private rehash(): void {
    this.mask = this.mask * 2 + 1;
    this.table = rehashedSlots(this.table, this.mask);
  }

  /** The sorted words and their posting lists. `renumber` (when some documents were dropped) gives
   * each added document's final number, or -1 to leave it out; words then found only in dropped
   * documents are left out too. The inverter is spent afterwards. (One loop per method: a long
   * function run once would be optimised loop by loop, and thrown away after each.) */
  finish(renumber: Int32Array | null = null): Inverted {
    const { buckets, words } = this;
    const tokens: TokenChunks = {
      chunkTokens: this.chunkTokens,
      chunkFirsts: this.chunkFirsts,
      tokenEnds: this.tokenEnds,
      docs: this.docs,
    };
    let ids: Uint32Array;
    if (renumber === null) {
      ids = new Uint32Array(words);
      for (let id = 0; id < ids.length; id++) ids[id] = id;
    } else {
      recount(tokens, buckets, words, renumber);
      ids = usedIds(buckets, words);
    }
    const order = sortWordIds(this.wordBytes, this.wordStarts, ids);
    const postingStarts = layOut(buckets, order);
    return {
      ...sortedWords(this.wordBytes, this.wordStarts, order),
      postingStarts,
      postings: writePostings(tokens, buckets, renumber, postingStarts[order.length * FIELDS]!),
    };
  }
}
