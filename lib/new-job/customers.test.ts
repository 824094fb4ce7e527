import { describe, expect, it } from 'vitest';
import { phoneKey, typedPhoneKey } from '../locale/phone-key';
import { buildCustomerIndex } from '../search/customers';
import { sourceContact } from '../search/testing/source-contact';
import { customerByUuid, customersFound } from './customers';

// The new-job form's customers: the one the quick search had open (by its company uuid), and "Find a customer"
// (any customer by a name, a person, an e-mail or a number typed), never a site contact, who has no company.

const SMITH = '0b6f3c1e-2a4d-4e8f-9c1b-5d7e2f4a6c81';
const SMITHERS = '7c2e9a4b-1f3d-4b6a-8e5c-2d9f1a3b5c72';
const ACME = 'a3d5f7b9-c1e2-4f6a-8b0c-d2e4f6a8b0c3';

const index = buildCustomerIndex(
  {
    companies: [
      { uuid: SMITH, name: 'Smith Plumbing Pty Ltd', active: true },
      { uuid: SMITHERS, name: 'Smithers Electrical', active: true },
      { uuid: ACME, name: 'Acme Cleaning', active: true },
    ],
    contacts: [
      sourceContact('cc-1', 'company', SMITH, {
        first: 'Jane',
        last: 'Doe',
        mobile: '0427 352 568',
        email: 'jane@smith.test',
      }),
      sourceContact('cc-2', 'company', ACME, { first: 'Omar', last: 'Ali', phone: '(02) 9876 5432' }),
      // A tenant on one of Acme's jobs: a site contact, found by the popup, never offered for a new job.
      sourceContact('jc-1', 'job', 'j-1', { first: 'Tina', last: 'Smithson', mobile: '0411 222 333' }),
    ],
    jobCustomers: new Map([['j-1', ACME]]),
  },
  (raw) => phoneKey(raw, 'AU'),
  'AU',
);

const names = (found: ReturnType<typeof customersFound>) => found.map((c) => c.name);

describe("the new-job form's customers", () => {
  it('finds the customer open in the quick search by its company uuid, in any case', () => {
    expect(customerByUuid(index, SMITH.toUpperCase(), 'chosen')).toMatchObject({
      uuid: SMITH,
      name: 'Smith Plumbing Pty Ltd',
      by: 'chosen',
    });
    expect(customerByUuid(index, '11111111-2222-4333-8444-555555555555', 'chosen')).toBeNull();
  });

  it('finds customers by the start of their name or of a person’s, never a site contact', () => {
    const found = customersFound(index, 'smith', null);
    expect(names(found).sort()).toEqual(['Smith Plumbing Pty Ltd', 'Smithers Electrical']);
    expect(found.every((c) => c.by === 'search')).toBe(true);
    // The person who matched, and a number, tell like-named customers apart.
    expect(customersFound(index, 'jane', null)).toMatchObject([
      { name: 'Smith Plumbing Pty Ltd', who: 'Jane Doe · 0427 352 568' },
    ]);
    expect(names(customersFound(index, 'tina', null))).toEqual([]);
  });

  it('finds a customer by a number typed as people write it, and by an e-mail', () => {
    const typed = '+61 2 9876';
    expect(names(customersFound(index, typed, typedPhoneKey(typed, 'AU')))).toEqual(['Acme Cleaning']);
    expect(names(customersFound(index, 'jane@smith', null))).toEqual(['Smith Plumbing Pty Ltd']);
  });

  it('gives at most the limit asked for', () => {
    expect(customersFound(index, 'smith', null, 1)).toHaveLength(1);
  });
});
