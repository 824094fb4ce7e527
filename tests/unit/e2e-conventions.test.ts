import { describe, expect, it } from 'vitest';
import { readSource, typescriptUnder } from './support/source-files';
import { messagingViolations, protocolTestReason, withoutComments } from './e2e-messaging-scan';

// End-to-end tests act as a person does: clicks, keys, the consent page. A test that sends the
// background a message to skip a step the UI should offer hides exactly the bug a newcomer meets
// first (issue 16: features were granted by message, and nobody saw that the UI never offered them).
// Only tests of the messaging protocol itself (the background refusing a page or a content script)
// send messages, each marked on its first line with why; their list is kept here, and short.

/** The protocol tests, and nothing else, may send messages. */
const PROTOCOL_TESTS = [
  'tests/e2e/security-hostile-page.test.ts',
  'tests/e2e/security.test.ts',
  'tests/e2e/support/protocol-messages.ts',
];

/** The e2e tests, their support, and the pictures taken with that harness. */
const files = [...typescriptUnder('tests/e2e'), ...typescriptUnder('tests/screenshots')];
const read = readSource;

describe('e2e conventions', () => {
  it('no e2e test or support file sends the extension a message, but the marked protocol tests', () => {
    expect(files.length).toBeGreaterThan(20);
    const offenders = files
      .filter((file) => protocolTestReason(read(file)) === null)
      .flatMap((file) => messagingViolations(read(file)).map((v) => `${file} ${v}`));
    expect(offenders).toEqual([]);
  });

  it('the protocol tests are the listed few, each says why, and each does send messages', () => {
    const marked = files.filter((file) => protocolTestReason(read(file)) !== null);
    expect(marked).toEqual(PROTOCOL_TESTS);
    for (const file of marked) {
      expect(protocolTestReason(read(file))!.length, file).toBeGreaterThan(40);
      expect(messagingViolations(read(file)).length, `${file} is marked but sends nothing`).toBeGreaterThan(0);
    }
  });

  describe('finds a message sent past the UI', () => {
    it.each([
      [
        'a runtime message from a page',
        `await page.evaluate(() => chrome.runtime.sendMessage({ fieldside: 1, type: 'x', payload: {} }));`,
      ],
      ['the old helper', `const reply = await sendFromPage(options, 'x');`],
      [
        'Firefox’s browser.runtime, in a string for puppeteer',
        'await options.evaluate(`browser.runtime.sendMessage(m)`);',
      ],
      ['a tab message', `await browser.tabs.sendMessage(tabId, message);`],
      ['a port', `const port = chrome.runtime.connect({ name: 'live' });`],
      ['an envelope built as JSON', `const body = '{"fieldside":1,"type":"x"}';`],
      ['an envelope built as an object', `const envelope = { fieldside: 1, type, payload };`],
      [
        'a protocol message by name, through a wrapper',
        `await send(options, 'session.requestFeature', { feature: 'badges' });`,
      ],
      [
        'a message event dispatched into the worker',
        `await worker.evaluate(() => chrome.runtime.onMessage.dispatch(m));`,
      ],
      ['Fieldside’s own sender', `import { sendMessage as ask } from '../../../lib/messaging/send';`],
      ['after a string holding //', `const url = 'http://127.0.0.1/'; await sendFromPage(page, 'x');`],
      ['inside a template literal’s ${…}', 'const s = `${await sendFromPage(page, `x`)}`; // done'],
    ])('%s', (_name, source) => {
      expect(messagingViolations(source)).not.toEqual([]);
    });
  });

  describe('lets a person’s steps and state reads through', () => {
    it.each([
      [
        'a click on the side panel’s offer',
        `await panel.getByRole('button', { name: 'Allow changing badges' }).click();`,
      ],
      ['the options page’s connect helper', `await connect(options, stack);`],
      ['a storage read', `await page.evaluate(() => chrome.storage.local.get(null));`],
      ['a comment that names what it avoids', `// no sendMessage here: the person clicks "Sync now"\nawait click();`],
      ['a block comment', `/* { fieldside: 1 } was how it was done */ await click();`],
      ['a live event name, not a message', `expect(event.type).toBe('page.job');`],
    ])('%s', (_name, source) => {
      expect(messagingViolations(source)).toEqual([]);
    });
  });

  it('reads a mark only on the first line, with its reason', () => {
    expect(
      protocolTestReason('// e2e-messaging-protocol-test: the background refuses a content script\nimport x;'),
    ).toBe('the background refuses a content script');
    expect(protocolTestReason('import x;\n// e2e-messaging-protocol-test: too late to count')).toBeNull();
    expect(protocolTestReason('// e2e-messaging-protocol-test\nimport x;')).toBeNull();
  });

  it('strips comments but keeps strings and templates whole', () => {
    expect(withoutComments("const a = '//not a comment'; // a comment")).toBe("const a = '//not a comment'; \n");
    expect(withoutComments('const t = `a ${b /* c */} d`;')).toBe('const t = `a ${b  } d`;');
  });
});
