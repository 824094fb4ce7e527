import { describe, expect, it } from 'vitest';
import { createCustomerUse, CUSTOMER_USE_MS } from './customer-use';

describe('who searches customers', () => {
  it('an opening of a view that searches customers keeps the contacts wanted for a week; the first after says so', async () => {
    let clock = 1_000_000;
    const times = new Map<string, number>();
    const use = createCustomerUse(
      { get: async (k) => times.get(k) ?? null, set: async (k, at) => void times.set(k, at) },
      () => clock,
    );
    expect(await use.wanted('w')).toBe(false);
    expect(await use.opened('w')).toBe(true);
    expect(await use.wanted('w')).toBe(true);
    clock += CUSTOMER_USE_MS - 1;
    expect(await use.opened('w')).toBe(false);
    clock += CUSTOMER_USE_MS - 1;
    expect(await use.wanted('w')).toBe(true);
    clock += 1;
    expect(await use.wanted('w')).toBe(false);
    expect(await use.wanted('other')).toBe(false);
    expect(await use.opened('w')).toBe(true);
  });
});
