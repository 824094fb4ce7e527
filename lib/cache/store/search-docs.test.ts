import { describe, expect, it } from 'vitest';
import { companyNames, customerNames } from './search-docs';
import { makeCompany, range, uuidOf } from '../testing/fixtures';

describe('customerNames', () => {
  it("answers as companyNames' Map does: every company, a uuid listed twice, an unknown one, none", () => {
    const companies = [
      ...range(0, 3000).map((n) => makeCompany(n, { name: `Company ${n}` })),
      makeCompany(7, { name: 'Renamed Seven' }),
      makeCompany(3001, { name: '' }),
    ];
    const names = companyNames(companies);
    const customerOf = customerNames(companies);
    for (const n of range(0, 3005)) {
      const uuid = uuidOf('company', n);
      expect(customerOf(uuid)).toBe(names.get(uuid) ?? '');
    }
    expect(customerOf(uuidOf('company', 7))).toBe('Renamed Seven');
    expect(customerOf(uuidOf('job', 1))).toBe('');
    expect(customerOf(null)).toBe('');
  });
});
