import { signal, type Signal } from '@preact/signals';
import type { QuickRow } from '../cache/first-screen/rows';
import type { CustomerRow } from './customer-rows';
import { itemAt, resultOrder } from './result-order';

// The selection of the quick search: one position through the customers and the jobs, in the order shown (the
// jobs first when the query is a job's number), kept on the same row when the rows are only re-read.

export function createResultSelection(list: {
  customers: Signal<CustomerRow[]>;
  rows: Signal<QuickRow[]>;
  jobsFirst: Signal<boolean>;
}) {
  const { customers, rows, jobsFirst } = list;
  const active = signal(0, { name: 'active' });
  const size = () => customers.value.length + rows.value.length;

  /** The selected customer's or job's place in its own list. */
  function selected() {
    const order = resultOrder(customers.value.length, rows.value.length, jobsFirst.value);
    return itemAt(order, active.value, customers.value.length, rows.value.length);
  }

  return {
    active,
    /** The selected customer's key or job's uuid, to find the same row again. */
    selectedKey(): string | undefined {
      const item = selected();
      if (!item) return undefined;
      return 'customer' in item ? customers.value[item.customer]?.key : rows.value[item.job]?.uuid;
    },
    /** Selects the row `key` names among `keys` (the new list's, in order), or the first. */
    keep(key: string | undefined, keys: string[]): void {
      active.value = Math.max(0, key === undefined ? -1 : keys.indexOf(key));
    },
    /** Moves the selection through the list (customers and jobs), wrapping at either end. */
    move(delta: number): void {
      const n = size();
      if (n > 0) active.value = (active.value + delta + n) % n;
    },
    /** Selects row `index` of the list (customers and jobs, in the order shown). */
    select(index: number): void {
      if (index >= 0 && index < size()) active.value = index;
    },
    /** The selected job, if a job is selected. */
    current(): QuickRow | undefined {
      const item = selected();
      return item && 'job' in item ? rows.value[item.job] : undefined;
    },
    /** The selected customer, if a customer is selected. */
    currentCustomer(): CustomerRow | undefined {
      const item = selected();
      return item && 'customer' in item ? customers.value[item.customer] : undefined;
    },
  };
}
