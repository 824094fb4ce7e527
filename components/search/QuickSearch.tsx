import { useLayoutEffect, useRef } from 'preact/hooks';
import type { QuickRow } from '@/lib/cache/first-screen/rows';
import { ResultItem } from './ResultItem';

export interface QuickSearchProps {
  query: string;
  rows: readonly QuickRow[];
  active: number;
  /** Above the list: "Today's jobs", "3 jobs", "No job matches". */
  heading: string;
  /** The query the rows answer (null before the first answer): tests and tools wait on it. */
  answered: string | null;
  /** Offline, freshness, first-sync progress. */
  status: string;
  offline: boolean;
  /** Under the list: what Enter and its modifier do. */
  hint: string;
  onQuery(query: string): void;
  onMove(delta: number): void;
  onSelect(index: number): void;
  /** Enter or a click on a row; `alt` with Shift/Ctrl/Cmd (open in the platform's web UI). */
  onChoose(row: QuickRow, alt: boolean): void;
}

/** The search box and its results, as an ARIA combobox with a listbox: focus stays in the box,
 * arrow keys move the selection (announced through aria-activedescendant), Enter picks. */
export function QuickSearch(props: QuickSearchProps) {
  const input = useRef<HTMLInputElement>(null);
  // A layout effect runs in the same task as the render that mounts the box, so nothing the page
  // shows next (the picker's selected text, a first row) can appear before the box has focus.
  useLayoutEffect(() => input.current?.focus(), []);
  const activeRow = props.rows[props.active];

  function onKeyDown(e: KeyboardEvent): void {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      props.onMove(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter' && activeRow) {
      e.preventDefault();
      props.onChoose(activeRow, e.shiftKey || e.ctrlKey || e.metaKey);
    } else if (e.key === 'Escape' && props.query) {
      e.preventDefault();
      props.onQuery('');
    }
  }

  return (
    <div class="quick-search">
      <label for="job-search" class="search-label">
        Find a job
      </label>
      <input
        id="job-search"
        ref={input}
        type="text"
        role="combobox"
        autoComplete="off"
        spellcheck={false}
        placeholder="Number, customer, address…"
        aria-expanded={props.rows.length > 0}
        aria-controls="results"
        aria-autocomplete="list"
        aria-describedby="search-hint"
        aria-activedescendant={activeRow ? `result-${props.active}` : undefined}
        value={props.query}
        onInput={(e) => props.onQuery(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <p id="sync-line" role="status" class={props.offline ? 'status offline' : 'status'} data-offline={props.offline}>
        {props.status}
      </p>
      <h2 id="results-heading" class="results-heading">
        {props.heading}
      </h2>
      <ul id="results" role="listbox" aria-labelledby="results-heading" class="results" data-answered={props.answered ?? undefined}>
        {props.rows.map((row, i) => (
          <ResultItem
            key={row.uuid}
            id={`result-${i}`}
            row={row}
            selected={i === props.active}
            onHover={() => i !== props.active && props.onSelect(i)}
            onPick={(alt) => props.onChoose(row, alt)}
          />
        ))}
      </ul>
      <p id="search-hint" class="hint">
        {props.hint}
      </p>
    </div>
  );
}
