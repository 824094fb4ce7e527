import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { QuickRow } from '@/lib/cache/first-screen/rows';
import { SearchIcon } from '../icons/search';
import { OfflineIcon } from '../icons/offline';
import { Keys } from './Keys';
import { ResultItem } from './ResultItem';
import { CustomerItem } from './CustomerItem';
import type { CustomerRow } from '@/lib/quick-search/customer-rows';
import { itemAt, resultOrder } from '@/lib/quick-search/result-order';

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
  /** Customers found, listed above the jobs (the selection runs through both). */
  customers?: readonly CustomerRow[];
  /** The query is a job's number: the jobs above the customers. */
  jobsFirst?: boolean;
  /** The customer whose jobs the rows are, when one was opened. */
  customer?: CustomerRow | null;
  /** Enter or a click on a customer: show their jobs. */
  onOpenCustomer?(row: CustomerRow): void;
  /** Escape or "Back" from a customer's jobs. */
  onCloseCustomer?(): void;
}

/** The search box and its results, as an ARIA combobox with a listbox: focus stays in the box,
 * arrow keys move the selection (announced through aria-activedescendant), Enter picks. */
export function QuickSearch(props: QuickSearchProps) {
  const input = useRef<HTMLInputElement>(null);
  // A layout effect runs in the same task as the render that mounts the box, so nothing the page
  // shows next (the picker's selected text, a first row) can appear before the box has focus.
  useLayoutEffect(() => input.current?.focus(), []);
  const customers = props.onOpenCustomer ? (props.customers ?? []) : [];
  const order = resultOrder(customers.length, props.rows.length, props.jobsFirst ?? false);
  const activeItem = itemAt(order, props.active, customers.length, props.rows.length);
  const activeCustomer = activeItem && 'customer' in activeItem ? customers[activeItem.customer] : undefined;
  const activeRow = activeItem && 'job' in activeItem ? props.rows[activeItem.job] : undefined;
  const nothing = props.rows.length === 0 && customers.length === 0 && props.heading !== '';
  const opened = props.customer ?? null;
  // The rows are one customer's jobs: opened, or the caller's whose number was typed.
  const oneCustomer = opened !== null || (!props.jobsFirst && customers[0]?.matched === 'phone');

  function onKeyDown(e: KeyboardEvent): void {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      props.onMove(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter' && activeCustomer && props.onOpenCustomer) {
      e.preventDefault();
      props.onOpenCustomer(activeCustomer);
    } else if (e.key === 'Enter' && activeRow) {
      e.preventDefault();
      props.onChoose(activeRow, e.shiftKey || e.ctrlKey || e.metaKey);
    } else if (e.key === 'Escape' && opened && props.onCloseCustomer) {
      e.preventDefault();
      props.onCloseCustomer();
    } else if (e.key === 'Escape' && props.query) {
      e.preventDefault();
      props.onQuery('');
    }
  }

  const jobItems = props.rows.map((row, j) => {
    const i = order.jobAt + j;
    return (
      <ResultItem
        key={row.uuid}
        id={`result-${i}`}
        row={row}
        today={props.today}
        selected={i === props.active}
        withCustomer={!oneCustomer}
        onHover={() => i !== props.active && props.onSelect(i)}
        onPick={(alt) => props.onChoose(row, alt)}
      />
    );
  });

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
          placeholder="Job number, customer, phone, address…"
          aria-expanded={props.rows.length + customers.length > 0}
          aria-controls="results"
          aria-autocomplete="list"
          aria-describedby="search-hint"
          aria-activedescendant={activeRow || activeCustomer ? `result-${props.active}` : undefined}
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
      {opened && props.onCloseCustomer && (
        <button
          type="button"
          class="customer-back"
          onClick={() => {
            props.onCloseCustomer?.();
            input.current?.focus();
          }}
        >
          ‹ Back to the search <kbd>Esc</kbd>
        </button>
      )}
      <ul
        id="results"
        role="listbox"
        aria-labelledby="results-heading"
        class="results"
        data-answered={props.answered ?? undefined}
      >
        {props.jobsFirst && jobItems}
        {customers.map((row, c) => {
          const i = order.customerAt + c;
          return (
            <CustomerItem
              key={row.key}
              id={`result-${i}`}
              row={row}
              selected={i === props.active}
              onHover={() => i !== props.active && props.onSelect(i)}
              onPick={() => {
                props.onOpenCustomer?.(row);
                input.current?.focus();
              }}
            />
          );
        })}
        {!props.jobsFirst && jobItems}
      </ul>
      <p id="search-hint" class="hint search-hint">
        <Keys text={props.hint} />
      </p>
    </div>
  );
}
