// What a result row shows of a job's description: its first line, cut at a length a row can hold.
// A prefix of the original, so the matched ranges of a search (offsets into the original) stay
// right for it, and nothing is added, trimmed or re-spaced. By character codes (no regular
// expression, no substring but the result): the builder takes the line of every new description.

/** Characters of a description a row keeps: a row shows one line, cut with an ellipsis by the page. */
export const LINE_CHARS = 90;

/** The first line of `description` that has text (leading blank lines and spaces kept, so offsets
 * hold), at most LINE_CHARS characters. */
export function descriptionLine(description: string): string {
  const length = description.length;
  let start = 0;
  while (start < length && isSpace(description.charCodeAt(start))) start++;
  let end = start;
  const last = Math.min(length, start + LINE_CHARS);
  while (end < last) {
    const code = description.charCodeAt(end);
    if (code === 10 || code === 13) break;
    end++;
  }
  return end === length ? description : description.slice(0, end);
}

/** Whether a code unit is white space as `\s` has it (ECMAScript WhiteSpace and LineTerminator). */
function isSpace(code: number): boolean {
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
