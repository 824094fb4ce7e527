// "Popup open to first result row": the popup's own mark (`fieldside:first-results`, and `body[data-first-results-ms]`
// the popup bench reads), set once, by whoever paints the first rows (the early script's plain rows, else the App),
// in the frame that paints them, and only for a real row: in the list, laid out with a height and inside the window.
// The row's job number goes with it (`data-first-results-row`), so the bench can check it is the person's row.

/** Marks the first result row, if one is shown and none was marked before; whether this call marked it. */
export function markFirstResults(doc: Document, by: 'early' | 'app'): boolean {
  const body = doc.body;
  if (body.dataset.firstResultsMs !== undefined) return false;
  const row = doc.querySelector('#results [role="option"]');
  const box = row?.getBoundingClientRect();
  const view = doc.defaultView;
  const visible = !!box && box.height > 0 && box.width > 0 && box.top < (view?.innerHeight ?? Infinity);
  if (by === 'early' && !visible) return false; // the App marks it when it shows its rows
  const mark = performance.mark('fieldside:first-results');
  body.dataset.firstResultsMs = String(Math.round(mark.startTime));
  body.dataset.firstResultsBy = by;
  const number = row?.querySelector('.result-number')?.textContent?.replace(/^#/, '');
  if (visible && number) body.dataset.firstResultsRow = number;
  return true;
}

/** The App's mark, for when the early script drew nothing or its rows were not laid out in view: in the frame after the
 * App's first rows are set and the early script's drawing has settled. Rows drawn early are the rows painted until
 * the App takes them over, and the early script marks them in its own frame: were the App's frame asked for first (its
 * rows set from the same reads while the early script still waited for the stylesheet), the App would mark rows it
 * has not drawn. Then `after` (in that frame). */
export function markAppFirstResults(
  doc: Document,
  rowsSet: Promise<unknown>,
  earlyDrawn: Promise<unknown> | undefined,
  after: () => void = () => {},
): Promise<void> {
  return Promise.all([rowsSet, earlyDrawn]).then(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => {
          markFirstResults(doc, 'app');
          after();
          resolve();
        }),
      ),
  );
}
