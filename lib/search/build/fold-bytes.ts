// Folding one field straight into bytes, a character at a time through a table: the builder's
// hot loop (every character of every job). It gives the same text as foldText wherever
// folding keeps one character per character (all of ASCII, é → e, ü → u…); for anything else (ß,
// combining accents, non-Latin letters) it says so, and the caller folds that field with foldText,
// which also makes the offset map.
import { foldUnit, isWordCode } from '../format/normalize';

/** The field needs foldText (its folded length or offsets differ). */
export const NEEDS_FOLD_TEXT = 1;
/** The field has a character above U+00FF: its display bytes must be UTF-8. */
export const WIDE = 2;

// Per UTF-16 code unit: the folded byte in the low 8 bits, and flags above it, so the loop only
// ORs the entries together and looks at the flags once per field.
const WIDE_BIT = WIDE << 8;
const COMPLEX_BIT = NEEDS_FOLD_TEXT << 8;
/** Not looked up yet: the 128 KB table is filled lazily, a character the first time it is seen. */
const UNKNOWN_BIT = 0x400;
const TABLE = new Uint16Array(0x10000).fill(UNKNOWN_BIT);
for (let c = 0; c < 0x80; c++) {
  const lower = c >= 65 && c <= 90 ? c + 32 : c;
  TABLE[c] = isWordCode(lower) ? lower : 32;
}

function learn(text: string): void {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (TABLE[code] !== UNKNOWN_BIT) continue;
    const folded = foldUnit(code);
    const simple = folded.length === 1 && folded.charCodeAt(0) < 0x80;
    TABLE[code] = (simple ? folded.charCodeAt(0) : COMPLEX_BIT | 32) | (code > 0xff ? WIDE_BIT : 0);
  }
}

/** Writes the folded `text` to `folded` at `at` (text.length bytes). Returns NEEDS_FOLD_TEXT or 0. */
export function foldInto(text: string, folded: Uint8Array, at: number): number {
  let flags = 0;
  for (let i = 0; i < text.length; i++) {
    const entry = TABLE[text.charCodeAt(i)]!;
    flags |= entry;
    folded[at + i] = entry;
  }
  if (flags & UNKNOWN_BIT) {
    learn(text);
    return foldInto(text, folded, at);
  }
  return (flags >>> 8) & NEEDS_FOLD_TEXT;
}

/** Copies `text` to `shown` at `at`, one byte per character. Returns WIDE (a character above
 * U+00FF: the copy is wrong and must be redone) or 0. */
export function copyInto(text: string, shown: Uint8Array, at: number): number {
  let any = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    any |= code;
    shown[at + i] = code;
  }
  return any > 0xff ? WIDE : 0;
}
