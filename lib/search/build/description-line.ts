// What a result row shows of a job's description: its first line, cut at a length a row can hold.
// A prefix of the original, so the matched ranges of a search (offsets into the original) stay
// right for it, and nothing is added, trimmed or re-spaced.

/** Characters of a description a row keeps: a row shows one line, cut with an ellipsis by the page. */
export const LINE_CHARS = 90;

/** The first line of `description` that has text (leading blank lines and spaces kept, so offsets
 * hold), at most LINE_CHARS characters. */
export function descriptionLine(description: string): string {
  let start = 0;
  while (start < description.length && /\s/.test(description[start]!)) start++;
  const newline = description.slice(start).search(/[\r\n]/);
  const end = newline < 0 ? description.length : start + newline;
  return description.slice(0, Math.min(end, start + LINE_CHARS));
}
