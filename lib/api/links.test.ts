import { describe, expect, it } from 'vitest';
import { jobWebUrl, mapsUrl, telUrl } from './links';

describe('links built from platform text', () => {
  it.each([
    ['+61 (2) 9876-5432', 'tel:+61298765432'],
    ['02 9876 5432', 'tel:0298765432'],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
  ])('tel link for %j', (input, expected) => {
    expect(telUrl(input)).toBe(expected);
  });

  it('puts an address into a maps query, encoded', () => {
    expect(mapsUrl(' 1 George St,\nSydney & co ')).toBe(
      'https://www.google.com/maps/search/?api=1&query=1%20George%20St%2C%20Sydney%20%26%20co',
    );
    expect(mapsUrl('   ')).toBeNull();
  });

  it('builds the job page under the platform URL', () => {
    expect(jobWebUrl('http://127.0.0.1:8080', 'abc')).toBe('http://127.0.0.1:8080/jobs/abc');
    expect(() => jobWebUrl('javascript:alert(1)', 'abc')).toThrow(RangeError);
  });
});
