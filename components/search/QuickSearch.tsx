import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { QuickRow } from '@/lib/cache/first-screen/rows';
import { SearchIcon } from '../icons/search';
import { OfflineIcon } from '../icons/offline';
import { Keys } from './Keys';
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
  /** The last sync's failure, as its page shows it (a SyncProblem), or nothing. The page renders it, so
   * a popup opening without one does not load the error state's words. */
  problem?: ComponentChildren;
  offline: boolean;
  /** Under the list: what Enter and its modifier do. */
  hint: string;
  /** Today in the account's time zone (rows say "today", "tomorrow"). */
  today: string;
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
  const nothing = props.rows.length === 0 && props.heading !== '';

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

  const heading = (
    <h2 id="results-heading" class={nothing ? 'empty-title' : 'results-heading eyebrow'}>
      {props.heading}
    </h2>
  );
  return (
    <div class="quick-search">
      <label for="job-search" class="visually-hidden">
        Find a job
      </label>
      <div class="search-box">
        <SearchIcon size={18} />
        <input
          id="job-search"
          ref={input}
          type="text"
          role="combobox"
          autoComplete="off"
          spellcheck={false}
          placeholder="Job number, customer, address…"
          aria-expanded={props.rows.length > 0}
          aria-controls="results"
          aria-autocomplete="list"
          aria-describedby="search-hint"
          aria-activedescendant={activeRow ? `result-${props.active}` : undefined}
          value={props.query}
          onInput={(e) => props.onQuery(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div
        id="sync-line"
        role="status"
        class={props.offline ? 'sync-line offline quiet-when-empty' : 'sync-line quiet-when-empty'}
        data-offline={props.offline}
      >
        {props.status && (
          <p class="status">
            {props.offline ? <OfflineIcon size={14} /> : <span class="sync-dot" aria-hidden="true" />}
            {props.status}
          </p>
        )}
        {props.problem}
      </div>
      {nothing ? (
        <div class="empty">
          <div class="empty-icon">
            <SearchIcon size={20} />
          </div>
          {heading}
          {props.answered ? <p class="empty-text">Check the number, or try a customer’s name or a street.</p> : null}
        </div>
      ) : (
        heading
      )}
      <ul
        id="results"
        role="listbox"
        aria-labelledby="results-heading"
        class="results"
        data-answered={props.answered ?? undefined}
      >
        {props.rows.map((row, i) => (
          <ResultItem
            key={row.uuid}
            id={`result-${i}`}
            row={row}
            today={props.today}
            selected={i === props.active}
            onHover={() => i !== props.active && props.onSelect(i)}
            onPick={(alt) => props.onChoose(row, alt)}
          />
        ))}
      </ul>
      <p id="search-hint" class="hint search-hint">
        <Keys text={props.hint} />
      </p>
    </div>
  );
}
