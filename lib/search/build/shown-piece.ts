// Finding or adding a shown text (a status, customer or address) by its original, when it is not
// folded as part of a page: every status (statuses are shown, never searched), and the texts a
// delta or merge carries over (segment-input.ts). The page-by-page writer folds customers and
// addresses into its page instead (segment-writer.ts).
import { foldText } from '../format/normalize';
import type { PieceTable } from './piece-table';
import { hashText } from '../format/text-hash';

/** The piece id of `original` in `table`, added (folded on its own) the first time. */
export function shownPieceOf(table: PieceTable, original: string): number {
  const hash = hashText(original);
  const id = table.findShown(original, hash);
  if (id >= 0) return id;
  const folded = foldText(original);
  const bytes = Uint8Array.from(folded.text, (c) => c.charCodeAt(0));
  return table.addShown(bytes, 0, bytes.length, folded.map, original, hash);
}
