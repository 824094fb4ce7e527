import type { TimesStore } from './sync-times';

// Who searches customers. The customer index (lib/search/customers) serves the popup's search and the new job's
// caller and sender lookup; its contacts have no webhook, so keeping them means two reads of the contacts changed
// since, at each morning's walk of every browser (a third of the morning's requests: docs/api-budget.md). A browser
// whose person has not opened such a view for CUSTOMER_USE_MS reads none: its index keeps what it holds (every
// company by name, every job's customer, the contacts of its last read), and the first opening after catches it up.

/** How long one opening of a view that searches customers keeps its browser reading changed contacts. */
export const CUSTOMER_USE_MS = 7 * 24 * 60 * 60_000;

export interface CustomerUse {
  /** Whether this workspace's contacts are kept up to date: its person searched customers lately. */
  wanted(id: string): Promise<boolean>;
  /** A view that searches customers opened: true when its person had not searched lately (their index has not
   * been kept, and catches up now). */
  opened(id: string): Promise<boolean>;
}

export function createCustomerUse(store: TimesStore, now: () => number = Date.now): CustomerUse {
  const wanted = async (id: string) => {
    const at = await store.get(id);
    return at !== null && now() - at < CUSTOMER_USE_MS;
  };
  return {
    wanted,
    async opened(id) {
      const was = await wanted(id);
      await store.set(id, now());
      return !was;
    },
  };
}
