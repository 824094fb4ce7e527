// Case and accent folding for everything that goes into or queries the index.
//
// Folded text holds only [a-z0-9], spaces, and bytes 0x80-0xFF that encode letters outside Latin
// (Greek, Cyrillic, CJK…). Keeping it Latin-1 makes V8 store it as a one-byte string: a single
// non-Latin-1 character would double the memory and slow scans (../../../shared/TOOLCHAIN.md).
// Most text folds one code unit to one character, so offsets into the folded text are offsets into
// the original; where that is not so, `map` gives the original offset of every folded offset.

export interface FoldedText {
  text: string;
  /** Original offset of each folded offset, plus the original length at the end; null when the two
   * coincide (the common case). */
  map: Uint32Array | null;
}

/** Letters that neither lower-casing nor Unicode decomposition turns into ASCII. */
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŋ: 'n',
};

const COMBINING = /\p{M}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const ASCII_NON_WORD = /[^a-z0-9]/g;

/** True for a character that belongs to a word in folded text. */
export function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code >= 0x80;
}

/** Calls `visit` with each word of folded text[from, end) (its start and end) until one answers true; whether one
 * did. */
export function someWord(
  text: string,
  from: number,
  end: number,
  visit: (start: number, end: number) => boolean,
): boolean {
  let i = from;
  while (i < end) {
    if (!isWordCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < end && isWordCode(text.charCodeAt(i))) i++;
    if (visit(start, i)) return true;
  }
  return false;
}

/** Where the next word of folded `piece` starting with a term begins, past `after`, or -1; `spaced` is the term after
 * a space. Folded text has only spaces between words, so such a word starts right after " " + term: found by the
 * engine's own string search, about twice as fast as reading every word in a loop of ours (docs/performance.md, "The
 * twenty-ninth step"). The piece's first word has no space before it: the caller looks at it with `startsWith`.
 * `piece` is one field's text alone (a substring of the segment's text, which V8 slices without copying): a search
 * in the whole text would run on past the field, as far as the next match anywhere. */
export function nextWordStarting(piece: string, spaced: string, after: number): number {
  const space = piece.indexOf(spaced, after);
  return space < 0 ? -1 : space + 1;
}

/** Encodes one non-Latin code unit as two or three bytes in 0x80-0xFF (a prefix-free code, so
 * prefix search still works on whole characters). */
function encodeUnit(code: number): string {
  if (code < 0x2000) return String.fromCharCode(0x80 + (code >> 7), 0x80 + (code & 0x7f));
  return String.fromCharCode(0xc0 + (code >> 14), 0x80 + ((code >> 7) & 0x7f), 0x80 + (code & 0x7f));
}

const foldCache = new Map<number, string>();

/** Folds one non-ASCII code unit; '' drops it (combining accents). */
export function foldUnit(code: number): string {
  const cached = foldCache.get(code);
  if (cached !== undefined) return cached;
  let out = '';
  if (code >= 0xd800 && code <= 0xdfff) {
    out = encodeUnit(code); // half of an astral character (emoji, rare CJK): keep it searchable
  } else {
    const char = String.fromCharCode(code);
    if (COMBINING.test(char)) out = '';
    else {
      for (const part of char.normalize('NFKD')) {
        if (COMBINING.test(part)) continue;
        const lower = part.toLowerCase();
        for (const c of lower) {
          const code2 = c.charCodeAt(0);
          if (code2 < 0x80) out += /[a-z0-9]/.test(c) ? c : ' ';
          else if (SPECIAL[c] !== undefined) out += SPECIAL[c];
          else if (LETTER_OR_DIGIT.test(c)) out += encodeUnit(code2);
          else out += ' ';
        }
      }
    }
  }
  foldCache.set(code, out);
  return out;
}

/** Folds text for indexing or querying: lower case, no accents, punctuation as spaces. */
export function foldText(text: string): FoldedText {
  if (ASCII_ONLY.test(text)) return { text: text.toLowerCase().replace(ASCII_NON_WORD, ' '), map: null };
  let out = '';
  const offsets: number[] = [];
  let identity = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let folded: string;
    if (code < 0x80) {
      const lower = code >= 65 && code <= 90 ? code + 32 : code;
      folded = isWordCode(lower) ? String.fromCharCode(lower) : ' ';
    } else folded = foldUnit(code);
    if (folded.length !== 1) identity = false;
    out += folded;
    for (let k = 0; k < folded.length; k++) offsets.push(i);
  }
  if (identity) return { text: out, map: null };
  offsets.push(text.length);
  return { text: out, map: Uint32Array.from(offsets) };
}

/** The words of a query, folded; '#', punctuation and extra spaces are ignored. */
export function queryTerms(query: string): string[] {
  return foldText(query)
    .text.split(' ')
    .filter((word) => word.length > 0);
}
