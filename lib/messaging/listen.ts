import { browser, type Browser } from 'wxt/browser';
import type { Router } from './router';

/**
 * Attaches the router to runtime.onMessage. Answers through `sendResponse` and returns `true`
 * (keep the channel open), which Chrome and Firefox both honour; where no `sendResponse` is passed
 * (fakeBrowser 1.5, which wxt 0.21 brings) it returns the reply's Promise instead.
 */
export function listenForMessages(router: Router): () => void {
  const listener = (
    message: unknown,
    sender: Browser.runtime.MessageSender,
    sendResponse?: (reply: unknown) => void,
  ) => {
    // Only our envelopes: leave anything else for other listeners.
    if (typeof message !== 'object' || message === null || (message as { fieldside?: unknown }).fieldside !== 1) {
      return false;
    }
    const reply = router.handle(message, sender ?? {});
    if (typeof sendResponse !== 'function') return reply;
    void reply.then(sendResponse);
    return true;
  };
  browser.runtime.onMessage.addListener(listener as never);
  return () => browser.runtime.onMessage.removeListener(listener as never);
}
