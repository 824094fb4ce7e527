// e2e-messaging-protocol-test: sends raw protocol messages for the tests of the background's refusals (a page asking what its person may not, a content script asking past its page), never to drive the product.
import type { Page } from 'playwright-core';

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<WireReply> } };

// Every other e2e test acts through the UI (tests/unit/e2e-conventions.test.ts holds that): only
// a test of the messaging protocol itself sends the background a message, to see it refused.

export interface WireReply {
  ok: boolean;
  value?: any;
  error?: { name: string; message: string };
}

/** Sends one protocol message from an extension page, exactly as a changed page or devtools could. */
export function sendFromPage(page: Page, type: string, payload: unknown = {}): Promise<WireReply> {
  return page.evaluate(([t, p]) => chrome.runtime.sendMessage({ fieldside: 1, type: t, payload: p }), [type, payload] as const);
}

/** The same message as an expression for a content script's world (see content-world.ts). */
export const sendExpression = (type: string, payload: unknown = {}): string =>
  `chrome.runtime.sendMessage(${JSON.stringify({ fieldside: 1, type, payload })})`;
