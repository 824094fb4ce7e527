// The popup after a full sync whose customers the background is still building: the jobs answer, nothing says
// a caller is nobody's customer, and the customers are shown once they are stored, without a new query.
import { describe, expect, it } from 'vitest';
import { openExistingDb } from '../cache/reader/idb-read';
import { createCacheSync } from '../cache/sync/cache-sync';
import { customerPlatform } from '../cache/testing/customer-platform';
import { freshCache, uuidOf } from '../cache/testing/fixtures';
import { CUSTOMERS_PREPARING, openCacheSearch } from './cache-search';
import { keptFor } from '../cache/first-screen/kept-screen';

describe('the popup while the customers are being prepared', () => {
  it('answers with jobs and says customers are still loading, then hears when they are ready', async () => {
    const cache = await freshCache();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { source } = customerPlatform(() => held);
    const sync = createCacheSync({ client: source, cache });
    await sync.run();

    let told = 0;
    const popup = await openCacheSearch((await openExistingDb(cache.db.name))!, cache.db.name, undefined, () => told++);
    const known = keptFor(null, '', null);
    const before = await popup.answer('gutter 7', '2026-02-08', known);
    expect(before.rows[0]?.uuid).toBe(uuidOf('job', 7));
    expect(before.customers).toEqual([]);
    expect(before.heading).toContain(CUSTOMERS_PREPARING);
    expect((await popup.answer('quennell1', '2026-02-08', known)).heading).toBe(
      `No job matches · ${CUSTOMERS_PREPARING}`,
    );

    release();
    await sync.customersSettled();
    await expect.poll(() => told, { timeout: 4000 }).toBe(1);
    const after = await popup.answer('quennell1', '2026-02-08', known);
    expect(after.customers?.map((c) => c.name)).toEqual(['Customer 1']);
    expect(after.heading).not.toContain(CUSTOMERS_PREPARING);
    popup.close();
  });
});
