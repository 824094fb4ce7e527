import type { Page } from 'playwright-core';
import { envelope } from '../../lib/messaging/envelope';
import type { WireReply } from '../../lib/messaging/protocol';

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<WireReply<any>> } };

// One protocol message sent raw from an extension page, past any UI: for the end-to-end tests of the
// background's refusals (tests/e2e/support/protocol-messages.ts, marked as such) and for the benchmarks that time
// the background's own work (bench/extension/messages.ts). Every other e2e test acts through the UI
// (tests/unit/e2e-conventions.test.ts holds that).

export type RawReply = WireReply<any>;

/** Sends one protocol message from an extension page, exactly as a page (or devtools) could; resolves with the raw reply. */
export function sendFromPage(page: Page, type: string, payload: unknown = {}): Promise<RawReply> {
  return page.evaluate((message) => chrome.runtime.sendMessage(message), envelope(type, payload));
}

/** The same message as an expression for a content script's world. */
export const sendExpression = (type: string, payload: unknown = {}): string =>
  `chrome.runtime.sendMessage(${JSON.stringify(envelope(type, payload))})`;
