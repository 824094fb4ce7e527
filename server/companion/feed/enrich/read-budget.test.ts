import { describe, expect, it } from 'vitest';
import { COMPANION_READS_PER_MINUTE, createReadBudget, KEPT_FOR_CHANGES_PER_MINUTE } from './read-budget';

describe("the companion's share of an account's minute", () => {
  it("leaves the part kept for the changes' own reads to them, and gives the whole share back a minute later", () => {
    let now = 0;
    const budget = createReadBudget({ now: () => now });
    const taken = (keep: number) => {
      let n = 0;
      while (budget.take('acc', keep)) n++;
      return n;
    };
    // Asking who may see a job stops where the part kept for the changes begins; the changes take the rest.
    expect(taken(KEPT_FOR_CHANGES_PER_MINUTE)).toBe(COMPANION_READS_PER_MINUTE - KEPT_FOR_CHANGES_PER_MINUTE);
    expect(taken(0)).toBe(KEPT_FOR_CHANGES_PER_MINUTE);
    expect(budget.take('other')).toBe(true);
    now += 60_001;
    expect(taken(0)).toBe(COMPANION_READS_PER_MINUTE);
  });
});
