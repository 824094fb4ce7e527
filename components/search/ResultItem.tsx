import type { QuickRow } from '@/lib/cache/first-screen/rows';
import { shortDay } from '@/lib/locale/words';
import { StatusChip } from '../design/Chip';
import { Marked } from './Marked';

export interface ResultItemProps {
  row: QuickRow;
  id: string;
  /** Today in the account's time zone: a row's day near it reads "today", "tomorrow". */
  today: string;
  selected: boolean;
  onPick(alt: boolean): void;
  onHover(): void;
  /** False in a list of one customer's jobs (the heading names them): the row starts with its status. */
  withCustomer?: boolean;
}

/** One job in the result list, told apart from the customer's other jobs: number, customer (whole,
 * wrapping) and status; its day (next visit, else its date) and address; the first line of what the
 * job is. Matched parts marked. */
export function ResultItem({ row, id, today, selected, onPick, onHover, withCustomer = true }: ResultItemProps) {
  const day = row.day ? shortDay(row.day, today) : '';
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      class="result"
      data-job-uuid={row.uuid}
      onMouseMove={onHover}
      onClick={(e) => onPick(e.shiftKey || e.ctrlKey || e.metaKey)}
    >
      <span class="result-line">
        <strong class="result-number">
          #<Marked text={row.number} ranges={row.marks.number} />
        </strong>
        {withCustomer ? (
          <span class={row.customer ? 'result-customer' : 'result-customer muted'}>
            <Marked text={row.customer || 'No customer'} ranges={row.customer ? row.marks.customer : undefined} />
          </span>
        ) : (
          <span class="result-customer" />
        )}
        {row.status && <StatusChip status={row.status} class="result-status" />}
      </span>
      <span class="result-where">
        {day && (
          <span class="result-day" data-field="day">
            {day}
          </span>
        )}
        <span class={row.address ? 'result-address' : 'result-address none'}>
          <Marked text={row.address || 'No address'} ranges={row.address ? row.marks.address : undefined} />
        </span>
      </span>
      {row.line && (
        <span class="result-what" data-field="line">
          <Marked text={row.line} ranges={row.marks.line} />
        </span>
      )}
    </li>
  );
}
