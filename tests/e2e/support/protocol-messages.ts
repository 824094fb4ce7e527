// e2e-messaging-protocol-test: sends raw protocol messages for the tests of the background's refusals (a page asking what its person may not, a content script asking past its page), never to drive the product.
// Every other e2e test acts through the UI (tests/unit/e2e-conventions.test.ts holds that): only a test of the
// messaging protocol itself sends the background a message, to see it refused.
export { sendExpression, sendFromPage, type RawReply as WireReply } from '../../support/raw-messages';
