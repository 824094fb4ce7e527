import { describe, expect, it } from 'vitest';
import { phoneKey, typedPhoneKey } from '../locale/phone-key';
import { buildCustomerIndex, jobsOf, loadCustomerIndex, peopleOf, searchCustomers } from '../search/customers';
import { CUSTOMER, FIELD, SITE_CONTACT } from '../search/customers/types';
import { sourceContact } from '../search/testing/source-contact';

const keyOf = (raw: string) => phoneKey(raw, 'AU');
const index = buildCustomerIndex(
  {
    companies: [
      { uuid: 'c-smith', name: 'Smith Plumbing Pty Ltd', active: true },
      { uuid: 'c-acme', name: 'Acme Cleaning', active: true },
      { uuid: 'c-gone', name: 'Smithers Gone', active: false },
    ],
    contacts: [
      sourceContact('cc-1', 'company', 'c-smith', {
        first: 'Jane',
        last: 'Smith',
        mobile: '0427 352 568',
        email: 'jane@smith.com.au',
      }),
      sourceContact('cc-2', 'company', 'c-acme', {
        first: 'Omar',
        last: 'Ali',
        phone: '(02) 9876 5432',
        email: 'omar@acme.test',
      }),
      sourceContact('cc-3', 'company', 'c-acme', {
        first: 'Old',
        last: 'Contact',
        mobile: '0400 000 001',
        active: false,
      }),
      // Jane again on a job: she is Smith's own contact, no new entry.
      sourceContact('jc-1', 'job', 'j-1', { first: 'Jane', last: 'Smith', mobile: '+61427352568' }),
      // A tenant on two of Acme's jobs: one site contact.
      sourceContact('jc-2', 'job', 'j-3', { first: 'Tina', last: 'Tenant', mobile: '0411 222 333' }),
      sourceContact('jc-3', 'job', 'j-4', { first: 'Tina', last: 'Tenant', mobile: '0411222333' }),
      // On a job no longer live: left out.
      sourceContact('jc-4', 'job', 'j-dead', { first: 'Ghost', last: 'Person', mobile: '0499 999 999' }),
    ],
    jobCustomers: new Map([
      ['j-1', 'c-smith'],
      ['j-2', 'c-smith'],
      ['j-3', 'c-acme'],
      ['j-4', 'c-acme'],
      ['j-5', ''],
    ]),
  },
  keyOf,
  'AU',
);

const find = (text: string, phone = false) =>
  searchCustomers(index, { text, phoneKey: phone ? typedPhoneKey(text, 'AU') : null }).map((h) => index.names[h.entry]);

describe('the customer index', () => {
  it('has one entry per live customer and per site contact', () => {
    expect(index.names).toEqual(['Smith Plumbing Pty Ltd', 'Acme Cleaning', 'Tina Tenant']);
    expect([...index.kinds]).toEqual([CUSTOMER, CUSTOMER, SITE_CONTACT]);
    expect(index.notes[2]).toBe('Site contact for Acme Cleaning');
  });

  it('keeps each entry’s jobs and live people', () => {
    expect(jobsOf(index, 0)).toEqual(['j-1', 'j-2']);
    expect(jobsOf(index, 2)).toEqual(['j-3', 'j-4']);
    expect(peopleOf(index, 1)).toEqual([{ name: 'Omar Ali', phone: '(02) 9876 5432', email: 'omar@acme.test' }]);
  });

  it.each([
    ['smith', ['Smith Plumbing Pty Ltd']],
    ['SMI PLUM', ['Smith Plumbing Pty Ltd']],
    ['jane', ['Smith Plumbing Pty Ltd']],
    ['omar ali', ['Acme Cleaning']],
    ['tina', ['Tina Tenant']],
    ['ghost', []],
    ['old contact', []],
    ['smithers', []],
    ['s', []],
  ])('by name: "%s"', (query, names) => {
    expect(find(query)).toEqual(names);
  });

  it.each([
    ['jane@smith.com.au', ['Smith Plumbing Pty Ltd']],
    ['omar@acme', ['Acme Cleaning']],
    ['acme.test', ['Acme Cleaning']],
  ])('by e-mail: "%s"', (query, names) => {
    expect(find(query)).toEqual(names);
  });

  it.each([
    ['0427 352 568', ['Smith Plumbing Pty Ltd']],
    ['+61427352568', ['Smith Plumbing Pty Ltd']],
    ['(04) 2735 2568', ['Smith Plumbing Pty Ltd']],
    ['0427 35', ['Smith Plumbing Pty Ltd']],
    ['02 9876 5432', ['Acme Cleaning']],
    ['0411 222', ['Tina Tenant']],
    ['0499 999 999', []],
  ])('by phone number in any format: "%s"', (query, names) => {
    expect(find(query, true)).toEqual(names);
  });

  it('says which person and field matched', () => {
    const [hit] = searchCustomers(index, { text: '0427352568', phoneKey: typedPhoneKey('0427352568', 'AU') });
    expect(hit).toMatchObject({ entry: 0, field: FIELD.phone, person: 1 });
    const [byName] = searchCustomers(index, { text: 'smith' });
    expect(byName).toMatchObject({ entry: 0, field: FIELD.name, person: 0 });
  });

  it('ranks a customer’s name above a word of its people', () => {
    const more = buildCustomerIndex(
      {
        companies: [
          { uuid: 'a', name: 'Brown Electrical', active: true },
          { uuid: 'b', name: 'Zed Roofing', active: true },
        ],
        contacts: [sourceContact('p', 'company', 'b', { first: 'Bob', last: 'Browning' })],
        jobCustomers: new Map(),
      },
      keyOf,
      'AU',
    );
    expect(searchCustomers(more, { text: 'brown' }).map((h) => more.names[h.entry])).toEqual([
      'Brown Electrical',
      'Zed Roofing',
    ]);
  });

  it('is stored as it is, and another version is refused', () => {
    expect(loadCustomerIndex(structuredClone(index))).toEqual(index);
    expect(() => loadCustomerIndex({ ...index, version: 0 })).toThrow(/another format/);
    expect(() => loadCustomerIndex(undefined)).toThrow(/another format/);
  });
});
