import { markPieces } from '@/lib/cache/first-screen/mark-pieces';

/** Text with its matched parts in `<mark>`: every piece is a text node (platform data is never HTML). */
export function Marked({
  text,
  ranges,
}: {
  text: string;
  ranges: ReadonlyArray<readonly [number, number]> | undefined;
}) {
  return (
    <>{markPieces(text, ranges).map((piece, i) => (piece.marked ? <mark key={i}>{piece.text}</mark> : piece.text))}</>
  );
}
