import type { QuickRow } from '@/lib/cache/first-screen/rows';
import { Marked } from './Marked';

export interface ResultItemProps {
  row: QuickRow;
  id: string;
  selected: boolean;
  onPick(alt: boolean): void;
  onHover(): void;
}

/** One job in the result list: number, status, customer, address, matched parts marked. */
export function ResultItem({ row, id, selected, onPick, onHover }: ResultItemProps) {
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
        <span class="result-status">{row.status}</span>
        <span class="result-customer">
          <Marked text={row.customer || 'No customer'} ranges={row.customer ? row.marks.customer : undefined} />
        </span>
      </span>
      <span class="result-address">
        <Marked text={row.address || 'No address'} ranges={row.address ? row.marks.address : undefined} />
      </span>
    </li>
  );
}
