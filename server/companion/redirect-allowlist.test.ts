import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './cors';
import { createRedirectAllowlist, sha1Hex } from './oauth/redirect-allowlist';

const CHROME_ID = 'abcdefghijklmnopabcdefghijklmnop';
const FIREFOX_ID = 'fieldside@example.com';
// Computed independently of the code under test, the way Firefox derives its identity redirect host.
const FIREFOX_HASH = createHash('sha1').update(FIREFOX_ID).digest('hex');

describe('redirect URL allow-list', () => {
  it('derives the Firefox host as the SHA-1 hex of the add-on id', async () => {
    expect(await sha1Hex(FIREFOX_ID)).toBe(FIREFOX_HASH);
    expect(await sha1Hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });

  const allowed = [
    `https://${CHROME_ID}.chromiumapp.org/`,
    `https://${CHROME_ID}.chromiumapp.org/callback`,
    `https://${FIREFOX_HASH}.extensions.allizom.org/`,
    `https://${FIREFOX_HASH.toUpperCase()}.extensions.allizom.org/`,
  ];
  const refused = [
    ['another Chrome extension', `https://${'p'.repeat(32)}.chromiumapp.org/`],
    ['the Firefox id in the Chrome form', `https://${FIREFOX_ID}.chromiumapp.org/`],
    ['the Chrome id unhashed on the Firefox host', `https://${CHROME_ID}.extensions.allizom.org/`],
    [
      'another add-on hash',
      `https://${createHash('sha1').update('other@example.com').digest('hex')}.extensions.allizom.org/`,
    ],
    ['http', `http://${CHROME_ID}.chromiumapp.org/`],
    ['a port', `https://${CHROME_ID}.chromiumapp.org:8443/`],
    ['credentials', `https://user@${CHROME_ID}.chromiumapp.org/`],
    ['a query', `https://${CHROME_ID}.chromiumapp.org/?code=planted`],
    ['an empty query', `https://${CHROME_ID}.chromiumapp.org/?`],
    ['a fragment', `https://${CHROME_ID}.chromiumapp.org/#x`],
    ['a look-alike suffix', `https://${CHROME_ID}.chromiumapp.org.evil.example/`],
    ['a look-alike prefix', `https://evil${CHROME_ID}.chromiumapp.org/`],
    ['a subdomain', `https://x.${CHROME_ID}.chromiumapp.org/`],
    ['the extension scheme', `chrome-extension://${CHROME_ID}/`],
    ['not a URL', 'not a url'],
    ['empty', ''],
  ] as const;

  it.each(allowed)('allows %s', async (url) => {
    const list = await createRedirectAllowlist([CHROME_ID, FIREFOX_ID]);
    expect(list.allows(url)).toBe(true);
  });

  it.each(refused)('refuses %s', async (_name, url) => {
    const list = await createRedirectAllowlist([CHROME_ID, FIREFOX_ID]);
    expect(list.allows(url)).toBe(false);
  });

  it('knows the Chrome ids (for CORS) and nothing of ids it was not given', async () => {
    const list = await createRedirectAllowlist([CHROME_ID, FIREFOX_ID]);
    expect([...list.chromeIds]).toEqual([CHROME_ID]);
    const empty = await createRedirectAllowlist([FIREFOX_ID]);
    expect(empty.allows(`https://${CHROME_ID}.chromiumapp.org/`)).toBe(false);
  });
});

describe('CORS origins', () => {
  const ids = new Set([CHROME_ID]);
  it.each([
    [`chrome-extension://${CHROME_ID}`, true],
    ['moz-extension://0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0', true],
    [`chrome-extension://${'p'.repeat(32)}`, false],
    [`chrome-extension://${CHROME_ID}.evil`, false],
    ['https://evil.example', false],
    ['null', false],
    ['moz-extension://', false],
  ])('%s → %s', (origin, expected) => {
    expect(isAllowedOrigin(origin, ids)).toBe(expected);
  });
});
