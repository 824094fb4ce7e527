import type { Switches } from '../contracts';
import type { Collection } from '../data/collection';
import type { Rec } from '../data/field-kinds';

// A record as the platform serves it under the switches. The store keeps `company.is_individual` as the official
// SDK parses it, "0"/"1"; under `isIndividual: 'number'` it goes out as 0/1, as the OpenAPI schema types it.

const asNumberFlag = (record: Rec): Rec => ({ ...record, is_individual: Number(record.is_individual) === 1 ? 1 : 0 });

const numbersFor = (type: string, switches: Pick<Switches, 'isIndividual'>) =>
  type === 'company' && switches.isIndividual === 'number';

/** Record `i` of a collection as JSON text, as a page holds it. */
export function servedJson(
  type: string,
  records: Collection,
  i: number,
  switches: Pick<Switches, 'isIndividual'>,
): string {
  return numbersFor(type, switches) ? JSON.stringify(asNumberFlag(records.get(i))) : records.json(i);
}

/** One record, as a single read answers it. */
export function servedRecord(type: string, record: Rec, switches: Pick<Switches, 'isIndividual'>): Rec {
  return numbersFor(type, switches) ? asNumberFlag(record) : record;
}
