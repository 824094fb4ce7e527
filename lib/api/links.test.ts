import { describe, expect, it } from 'vitest';
import { jobWebLink, mapsUrl, telUrl } from './links';

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

  it('links a job into the web app by its known form, or to the web app itself when none is known', () => {
    const uuid = '0b9f3c8e-0000-4000-8000-00000000000a';
    expect(jobWebLink({ webUrl: 'http://127.0.0.1:8081', jobLinkPath: '/job/{uuid}' }, uuid)).toEqual({
      url: `http://127.0.0.1:8081/job/${uuid}`,
      deep: true,
    });
    expect(jobWebLink({ webUrl: 'https://go.example.com/', jobLinkPath: '/#job,{uuid}' }, uuid)).toEqual({
      url: `https://go.example.com/#job,${uuid}`,
      deep: true,
    });
    expect(jobWebLink({ webUrl: 'https://go.example.com', jobLinkPath: null }, uuid)).toEqual({
      url: 'https://go.example.com/',
      deep: false,
    });
    expect(jobWebLink({ webUrl: 'https://go.example.com', jobLinkPath: '/job/{uuid}' }, '../../x?y').url).toBe(
      'https://go.example.com/job/..%2F..%2Fx%3Fy',
    );
    expect(() => jobWebLink({ webUrl: 'javascript:alert(1)', jobLinkPath: null }, uuid)).toThrow(RangeError);
  });
});
