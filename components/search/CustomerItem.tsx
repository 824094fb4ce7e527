import type { CustomerRow } from '@/lib/quick-search/customer-rows';
import { UserIcon } from '../icons/user';
import { Marked } from './Marked';

export interface CustomerItemProps {
  row: CustomerRow;
  id: string;
  selected: boolean;
  onPick(): void;
  onHover(): void;
}

const WHOLE: ReadonlyArray<readonly [number, number]> = [[0, Number.MAX_SAFE_INTEGER]];

/** One customer (or site contact) in the result list: the name, how many jobs (Enter opens them),
 * what a site contact is, and the person whose name, number or e-mail matched, what matched marked. */
export function CustomerItem({ row, id, selected, onPick, onHover }: CustomerItemProps) {
  const person = row.person;
  const jobs = row.jobs === 1 ? '1 job' : `${row.jobs} jobs`;
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      class="result customer-result"
      data-customer={row.key}
      onMouseMove={onHover}
      onClick={onPick}
    >
      <span class="result-line">
        <span class="customer-icon" aria-hidden="true">
          <UserIcon size={15} />
        </span>
        <span class="result-customer">
          <Marked text={row.name} ranges={row.marks.name} />
        </span>
        <span class="customer-jobs">{jobs} ›</span>
      </span>
      {row.note && <span class="result-where customer-note">{row.note}</span>}
      {person && (
        <span class="result-where customer-person" data-field="person">
          {person.name && (
            <span>
              <Marked text={person.name} ranges={row.marks.person} />
            </span>
          )}
          {person.phone && (
            <span class="customer-phone">
              <Marked text={person.phone} ranges={row.matched === 'phone' ? WHOLE : undefined} />
            </span>
          )}
          {person.email && (
            <span class="customer-email">
              <Marked text={person.email} ranges={row.marks.email} />
            </span>
          )}
        </span>
      )}
    </li>
  );
}
