// A field's text cut into plain and matched pieces, for the page to render as text nodes and `<mark>`
// elements. On its own, so a page that only renders rows loads none of the row-making code.

export interface TextPiece {
  text: string;
  marked: boolean;
}

/** Splits `text` at the ranges into plain and marked pieces (rendered as text nodes and `<mark>`
 * elements, never as HTML). Ranges out of bounds, empty or overlapping are clipped or skipped. */
export function markPieces(text: string, ranges: ReadonlyArray<readonly [number, number]> = []): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const [rawStart, rawEnd] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const start = Math.max(at, Math.min(rawStart, text.length));
    const end = Math.min(rawEnd, text.length);
    if (end <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}
