import { describe, expect, it } from 'vitest';
import { fieldsidePageKind } from './fieldside-pages';

const isFieldsidePage = (page: string | undefined, web: string, sites: readonly string[]) =>
  fieldsidePageKind(page, web, sites) !== null;

describe('the pages content scripts may work on', () => {
  const web = 'https://go.servicem8.com';
  it.each<[string, string | undefined, readonly string[], boolean]>([
    ['the web app', 'https://go.servicem8.com/#job/abc', [], true],
    ['the web app on another port (a local server beside it)', 'http://127.0.0.1:9999/inbox', [], false],
    ['another host', 'https://evil.example/go.servicem8.com', [], false],
    ['http on the web app host', 'http://go.servicem8.com/', [], false],
    ['an added site', 'https://mail.example.com/inbox?x=1', ['https://mail.example.com/*'], true],
    ['a subdomain of an added site', 'https://eu.mail.example.com/', ['https://mail.example.com/*'], false],
    ['a subdomain under a wildcard', 'https://eu.mail.example.com/', ['https://*.mail.example.com/*'], true],
    ['a look-alike host', 'https://mail.example.com.evil.example/', ['https://mail.example.com/*'], false],
    ['an added site over http', 'http://mail.example.com/', ['https://mail.example.com/*'], false],
    ['no sender URL', undefined, ['https://mail.example.com/*'], false],
    ['not a URL', 'about:blank', [], false],
  ])('%s', (_label, page, sites, expected) => {
    expect(isFieldsidePage(page, web, sites)).toBe(expected);
  });

  it('tells the platform script from the sites script', () => {
    expect(
      fieldsidePageKind('https://go.servicem8.com/#job/abc', 'https://go.servicem8.com', [
        'https://go.servicem8.com/*',
      ]),
    ).toBe('platform');
    expect(
      fieldsidePageKind('https://mail.example.com/', 'https://go.servicem8.com', ['https://mail.example.com/*']),
    ).toBe('site');
    expect(
      fieldsidePageKind('https://evil.example/', 'https://go.servicem8.com', ['https://mail.example.com/*']),
    ).toBeNull();
  });

  it('in development, the web app is one local origin among many', () => {
    expect(isFieldsidePage('http://127.0.0.1:8081/job/x', 'http://127.0.0.1:8081', [])).toBe(true);
    expect(isFieldsidePage('http://127.0.0.1:8082/inbox', 'http://127.0.0.1:8081', [])).toBe(false);
    expect(isFieldsidePage('http://127.0.0.1:8082/inbox', 'http://127.0.0.1:8081', ['http://127.0.0.1/*'])).toBe(true);
  });
});
