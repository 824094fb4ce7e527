import type { QuickRow } from '@/lib/cache/first-screen/rows';
import { StatusChip } from '../design/Chip';
import { Marked } from './Marked';

export interface ResultItemProps {
  row: QuickRow;
  id: string;
  selected: boolean;
  onPick(alt: boolean): void;
  onHover(): void;
}

/** One job in the result list: number, customer and status on the first line, the address under
 * them; matched parts marked. */
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
        <span class={row.customer ? 'result-customer' : 'result-customer muted'}>
          <Marked text={row.customer || 'No customer'} ranges={row.customer ? row.marks.customer : undefined} />
        </span>
        {row.status && <StatusChip status={row.status} class="result-status" />}
      </span>
      <span class={row.address ? 'result-address' : 'result-address none'}>
        <Marked text={row.address || 'No address'} ranges={row.address ? row.marks.address : undefined} />
      </span>
    </li>
  );
}
