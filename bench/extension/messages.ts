import type { Page } from 'playwright-core';
import { sendFromPage } from '../../tests/support/raw-messages';

// The benchmarks time the background's own work (a sync from its request to its idle status, a
// sign-in's full sync), so they ask it directly, as the pages do, without a click's latency in the
// figure. (The end-to-end tests act through the UI instead: tests/unit/e2e-conventions.test.ts.)
export { sendFromPage, type RawReply as WireReply } from '../../tests/support/raw-messages';

/** The background's sync status (the pages' view of it). */
export async function syncStatus(page: Page): Promise<any> {
  const reply = await sendFromPage(page, 'sync.status');
  if (!reply.ok) throw new Error(`sync.status failed: ${reply.error.name}: ${reply.error.message}`);
  return reply.value;
}
