// One-typo matching: a word matches term t (of at least MIN_TYPO_LENGTH characters) when one of
// its prefixes p, at least MIN_TYPO_LENGTH long, is one edit from t (substitution, insertion,
// deletion or swap of neighbours). Prefixes, not whole words, so a typo is forgiven while the
// word is still being typed. The index finds such words by walking its sorted words
// (typo-words.ts, tested against looking up every edit variant of t, `typoVariants`); a
// candidate's own text is checked with `typoPrefixLength`, and all of them agree.
export const MIN_TYPO_LENGTH = 4;

/** All strings one edit from `term`, at least MIN_TYPO_LENGTH long, that are not `term` or an
 * extension of it (those are exact or prefix matches already). The rule in its plainest form:
 * tests check the faster paths against it. */
export function typoVariants(term: string, alphabet: string): string[] {
  const n = term.length;
  const out = new Set<string>();
  if (n - 1 >= MIN_TYPO_LENGTH) {
    for (let i = 0; i < n; i++) out.add(term.slice(0, i) + term.slice(i + 1));
  }
  for (let i = 0; i + 1 < n; i++) {
    if (term[i] !== term[i + 1]) out.add(term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2));
  }
  for (let i = 0; i < n; i++) {
    const head = term.slice(0, i);
    const tail = term.slice(i + 1);
    for (const c of alphabet) if (c !== term[i]) out.add(head + c + tail);
  }
  for (let i = 0; i < n; i++) {
    const head = term.slice(0, i);
    const tail = term.slice(i);
    for (const c of alphabet) out.add(head + c + tail);
  }
  out.delete(term);
  return [...out].filter((v) => !v.startsWith(term));
}

/** Length of a prefix of text[start, end) one edit from `term`, or 0. Call it only when the word
 * does not start with `term` (that is an exact or prefix match, not a typo). */
export function typoPrefixLength(text: string, start: number, end: number, term: string): number {
  const n = term.length;
  const m = end - start;
  if (n < MIN_TYPO_LENGTH) return 0;
  if (m >= n && substitutedOrSwapped(text, start, term)) return n;
  if (m >= n + 1 && oneExtra(text, start, n + 1, term, 0, n)) return n + 1;
  if (n - 1 >= MIN_TYPO_LENGTH && m >= n - 1 && oneExtra(term, 0, n, text, start, n - 1)) return n - 1;
  return 0;
}

/** text[start, start + n) differs from term in one place, or by two neighbours swapped. */
function substitutedOrSwapped(text: string, start: number, term: string): boolean {
  let first = -1;
  for (let i = 0; i < term.length; i++) {
    if (text.charCodeAt(start + i) === term.charCodeAt(i)) continue;
    if (first >= 0) {
      if (i !== first + 1) return false;
      const swapped =
        text.charCodeAt(start + first) === term.charCodeAt(i) && text.charCodeAt(start + i) === term.charCodeAt(first);
      if (!swapped) return false;
      for (let j = i + 1; j < term.length; j++) {
        if (text.charCodeAt(start + j) !== term.charCodeAt(j)) return false;
      }
      return true;
    }
    first = i;
  }
  return first >= 0;
}

/** a[aStart, aStart + aLength) is b[bStart, bStart + aLength - 1) with one character inserted. */
function oneExtra(a: string, aStart: number, aLength: number, b: string, bStart: number, bLength: number): boolean {
  let i = 0;
  while (i < bLength && a.charCodeAt(aStart + i) === b.charCodeAt(bStart + i)) i++;
  for (let j = i; j < bLength; j++) {
    if (a.charCodeAt(aStart + j + 1) !== b.charCodeAt(bStart + j)) return false;
  }
  return aLength === bLength + 1;
}
