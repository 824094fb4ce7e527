// Builds one immutable segment: the folded text of every document (for checking candidates and
// marking matches) and an inverted index from sorted words to documents, per field.
import { isWordCode } from './normalize';
import { FIELD_COUNT } from './scores';
import type { SegmentInput } from './segment-input';
import type { SerializedSegment } from './types';

export function buildSegment(input: SegmentInput): SerializedSegment {
  const count = input.uuids.length;
  const uuidStarts = new Uint32Array(count + 1);
  for (let d = 0, pos = 0; d < count; d++) {
    pos += input.uuids[d]!.length;
    uuidStarts[d + 1] = pos;
  }
  const mapKeys = Uint32Array.from([...input.maps.keys()].sort((a, b) => a - b));
  const mapStarts = new Uint32Array(mapKeys.length + 1);
  mapKeys.forEach((key, i) => (mapStarts[i + 1] = mapStarts[i]! + input.maps.get(key)!.length));
  const mapOffsets = new Uint32Array(mapStarts[mapKeys.length]!);
  mapKeys.forEach((key, i) => mapOffsets.set(input.maps.get(key)!, mapStarts[i]!));
  return {
    count,
    uuids: input.uuids.join(''),
    uuidStarts,
    text: input.text,
    fieldStarts: input.fieldStarts,
    ranks: input.ranks,
    ...invert(input.text, input.bytes, input.fieldStarts, count),
    mapKeys,
    mapStarts,
    mapOffsets,
    display: input.display.display,
    displayStarts: input.display.displayStarts,
    displayUtf8: input.display.displayUtf8,
  };
}

type Inverted = Pick<SerializedSegment, 'words' | 'wordStarts' | 'postingStarts' | 'postings'>;

/** Tokenises the folded text once (a hash table over positions in the text, so no substring is
 * made per word occurrence), then counting-sorts the tokens into per-word, per-field posting
 * lists of ascending, distinct document numbers. */
function invert(text: string, bytes: Uint8Array, fieldStarts: Uint32Array, count: number): Inverted {
  // The vocabulary: an open-addressing hash table of word ids, each word remembered by the
  // position of its first occurrence. Inlined here: this loop sees every token (2.3 million at
  // 100,000 jobs) and is most of the build time.
  // Sized for one distinct word per job (every job number is one) plus the shared words.
  const expected = count + (1 << 14);
  let mask = (1 << Math.ceil(Math.log2(expected * 2 + 1))) - 1;
  let table = new Int32Array(mask + 1).fill(-1);
  let firstAt = new Uint32Array(expected);
  let lengths = new Uint32Array(expected);
  let hashes = new Uint32Array(expected);
  let size = 0;
  let tokenWords = new Uint32Array(Math.max(16, text.length >> 2));
  let tokenSlots = new Uint32Array(tokenWords.length);
  let tokens = 0;
  const slots = count * FIELD_COUNT;
  for (let slot = 0; slot < slots; slot++) {
    const end = fieldStarts[slot + 1]! - 1;
    let i = fieldStarts[slot]!;
    while (i < end) {
      let code = bytes[i]!;
      if (!isWordCode(code)) {
        i++;
        continue;
      }
      const start = i;
      let hash = 0x811c9dc5;
      do {
        hash = Math.imul(hash ^ code, 0x01000193);
        code = bytes[++i]!;
      } while (i < end && isWordCode(code));
      hash >>>= 0;
      const length = i - start;
      let at = hash & mask;
      let id = table[at]!;
      while (id !== -1) {
        if (hashes[id] === hash && lengths[id] === length) {
          const other = firstAt[id]!;
          let k = 0;
          while (k < length && bytes[other + k] === bytes[start + k]) k++;
          if (k === length) break;
        }
        at = (at + 1) & mask;
        id = table[at]!;
      }
      if (id === -1) {
        if (size === firstAt.length) {
          firstAt = grow(firstAt);
          lengths = grow(lengths);
          hashes = grow(hashes);
        }
        id = size++;
        firstAt[id] = start;
        lengths[id] = length;
        hashes[id] = hash;
        table[at] = id;
        if (size * 2 > mask) {
          mask = mask * 2 + 1;
          table = new Int32Array(mask + 1).fill(-1);
          for (let w = 0; w < size; w++) {
            let slotAt = hashes[w]! & mask;
            while (table[slotAt] !== -1) slotAt = (slotAt + 1) & mask;
            table[slotAt] = w;
          }
        }
      }
      if (tokens === tokenWords.length) {
        tokenWords = grow(tokenWords);
        tokenSlots = grow(tokenSlots);
      }
      tokenWords[tokens] = id;
      tokenSlots[tokens] = slot;
      tokens++;
    }
  }
  const found = Array.from({ length: size }, (_, id) => text.slice(firstAt[id]!, firstAt[id]! + lengths[id]!));
  const sorted = found.slice().sort();
  const position = new Map<string, number>();
  sorted.forEach((word, w) => position.set(word, w));
  const rename = Uint32Array.from(found, (word) => position.get(word)!);
  const wordStarts = new Uint32Array(sorted.length + 1);
  sorted.forEach((word, w) => (wordStarts[w + 1] = wordStarts[w]! + word.length));

  // Posting lists hold the gaps between ascending document numbers as varints (7 bits a byte,
  // high bit = more): about 1.3 bytes a posting instead of 4, so the stored index is a quarter
  // smaller and loads faster; lists are only ever walked front to back. Tokens arrive in document
  // order, so "same document as the last posting" finds repeats.
  const buckets = sorted.length * FIELD_COUNT;
  const lastDoc = new Int32Array(buckets).fill(-1);
  const postingStarts = new Uint32Array(buckets + 1);
  for (let t = 0; t < tokens; t++) {
    const slot = tokenSlots[t]!;
    const bucket = rename[tokenWords[t]!]! * FIELD_COUNT + (slot & 3);
    const doc = slot >>> 2;
    const gap = doc - lastDoc[bucket]!;
    if (gap === 0) {
      tokenWords[t] = 0xffffffff;
      continue;
    }
    lastDoc[bucket] = doc;
    tokenWords[t] = bucket;
    postingStarts[bucket + 1]! += gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : 4;
  }
  for (let b = 0; b < buckets; b++) postingStarts[b + 1]! += postingStarts[b]!;
  const postings = new Uint8Array(postingStarts[buckets]!);
  const fill = postingStarts.slice(0, buckets);
  lastDoc.fill(-1);
  for (let t = 0; t < tokens; t++) {
    const bucket = tokenWords[t]!;
    if (bucket === 0xffffffff) continue;
    const doc = tokenSlots[t]! >>> 2;
    let gap = doc - lastDoc[bucket]!;
    lastDoc[bucket] = doc;
    let at = fill[bucket]!;
    while (gap >= 0x80) {
      postings[at++] = (gap & 0x7f) | 0x80;
      gap >>>= 7;
    }
    postings[at++] = gap;
    fill[bucket] = at;
  }
  return { words: sorted.join(''), wordStarts, postingStarts, postings };
}

function grow(array: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
