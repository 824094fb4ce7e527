import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHROME_EXTENSION_ID, CHROME_PUBLIC_KEY, GECKO_ID, GECKO_REDIRECT_HOST } from '@/contracts/extension-ids';

describe('fixed extension ids', () => {
  it('the Chrome id is the one the manifest key gives', () => {
    const hex = createHash('sha256').update(Buffer.from(CHROME_PUBLIC_KEY, 'base64')).digest('hex').slice(0, 32);
    const id = [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
    expect(id).toBe(CHROME_EXTENSION_ID);
  });

  it("Firefox's redirect host is the SHA-1 hex of the gecko id", () => {
    const sha1 = createHash('sha1').update(GECKO_ID).digest('hex');
    expect(GECKO_REDIRECT_HOST).toBe(`${sha1}.extensions.allizom.org`);
  });
});
