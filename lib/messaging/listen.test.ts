import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { listenForMessages } from './listen';
import { createRouter, type Handlers } from './router';
import { sendMessage } from './send';

// The wiring from sendMessage through runtime.onMessage to the router, on fakeBrowser.
afterEach(() => fakeBrowser.reset());

const handlers = new Proxy({}, { get: () => async () => ({ signedIn: true }) }) as Handlers;

describe('listenForMessages + sendMessage', () => {
  it('refuses a sender that is not one of our pages or content scripts, with the error name intact', async () => {
    // fakeBrowser's sender is {}: no extension id, so nobody we talk to.
    listenForMessages(createRouter(handlers, { ownId: 'ours', ownOrigin: 'chrome-extension://ours/' }));
    await expect(sendMessage('content.status', {})).rejects.toMatchObject({ name: 'ForbiddenSenderError' });
  });

  it('ignores messages that are not ours', async () => {
    let handled = 0;
    listenForMessages(
      createRouter(handlers, { ownId: 'ours', ownOrigin: 'chrome-extension://ours/', onRefused: () => void handled++ }),
    );
    fakeBrowser.runtime.onMessage.addListener(() => Promise.resolve('other listener'));
    expect(await fakeBrowser.runtime.sendMessage({ hello: 1 })).toBe('other listener');
    expect(handled).toBe(0);
  });
});
