// Small hand-made jobs for the ranking tests: each one is there to prove one rule.
import type { SearchDoc } from '../format/types';
import type { SearchDisplay } from '../format/display';
import { descriptionLine } from '../build/description-line';

export function doc(uuid: string, fields: Partial<Omit<SearchDoc, 'uuid'>>): SearchDoc {
  return {
    uuid,
    number: '',
    status: 'Work Order',
    customer: '',
    address: '',
    description: '',
    date: '2025-01-01',
    ...fields,
  };
}

export const RANKING_DOCS: SearchDoc[] = [
  doc('number-exact', {
    number: '1234',
    customer: 'Acme Heating Ltd',
    address: '1 High Street, Riverton',
    description: 'Service boiler',
  }),
  doc('number-prefix', {
    number: '12345',
    customer: 'Bob Smith',
    address: '9 Low Road, Ashbury',
    description: 'Fix tap',
  }),
  doc('number-typo', {
    number: '1243',
    customer: 'Carol White',
    address: '3 Mill Lane, Ashbury',
    description: 'Paint fence',
  }),
  doc('customer-1234', {
    number: '5678',
    customer: '1234 Holdings',
    address: '4 Park Road, Riverton',
    description: 'Check alarm',
  }),
  doc('address-1234', {
    number: '5679',
    customer: 'Jane Doe',
    address: '1234 Main Road, Upton',
    description: 'Unblock drain',
  }),
  doc('description-1234', {
    number: '5680',
    customer: 'Kim Lee',
    address: '7 Oak Way, Upton',
    description: 'Replace valve 1234',
  }),
  doc('smith-customer', {
    number: '7001',
    customer: 'Mary Smith',
    address: '2 Elm Close, Foxton',
    description: 'Service boiler',
  }),
  doc('smith-address', {
    number: '7002',
    customer: 'Tom Green',
    address: '15 Smith Lane, Foxton',
    description: 'Fit lock',
  }),
  doc('smith-description', {
    number: '7003',
    customer: 'Ann Black',
    address: '8 Ash Grove, Foxton',
    description: "Repair smith's forge",
  }),
  doc('johnson', {
    number: '7004',
    customer: 'Sarah Johnson',
    address: '21 Kings Road, Upton',
    description: 'Boiler service',
  }),
  doc('jonson', {
    number: '7005',
    customer: 'Mark Jonson',
    address: '22 Kings Road, Upton',
    description: 'Boiler service',
  }),
  doc('muller', {
    number: '7006',
    customer: 'Jürgen Müller',
    address: '5 Straße des Friedens, Berlin',
    description: 'Heat pump',
  }),
  doc('jose', { number: '7007', customer: 'José García', address: '10 Café Row, Ashbury', description: 'Tiles' }),
  doc('decomposed', {
    number: '7008',
    customer: 'Rene\u0301e Dubois',
    address: '11 Quay, Ashbury',
    description: 'Gutters',
  }),
  doc('cyrillic', { number: '7009', customer: 'Иван Петров', address: '12 Dock Road, Upton', description: 'Roof' }),
];

/** What a result row shows of `d` (format/display.ts): its fields as they are, its description's
 * first line and its day. */
export function shownOf(d: SearchDoc): SearchDisplay {
  const day = d.date && /^\d{4}-\d{2}-\d{2}/.test(d.date) && !d.date.startsWith('0000') ? d.date.slice(0, 10) : '';
  return {
    number: d.number,
    status: d.status,
    customer: d.customer,
    address: d.address,
    line: descriptionLine(d.description),
    day,
  };
}
