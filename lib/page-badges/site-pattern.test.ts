import { describe, expect, it } from 'vitest';
import { siteLabel, toSitePattern } from './site-pattern';

describe('toSitePattern', () => {
  it.each([
    ['mail.example.com', 'https://mail.example.com/*'],
    ['  Mail.Example.COM ', 'https://mail.example.com/*'],
    ['https://crm.example.co.uk/inbox?x=1', 'https://crm.example.co.uk/*'],
    ['https://mail.example.com:8443/', 'https://mail.example.com/*'],
  ])('%j → %s', (input, pattern) => {
    expect(toSitePattern(input)).toBe(pattern);
  });

  it.each([
    ['', 'Enter the address of a site, like mail.example.com'],
    ['http://mail.example.com', 'Only secure (https) sites can be added'],
    ['ftp://files.example.com', 'Only secure (https) sites can be added'],
    ['localhost', 'Enter a web address like mail.example.com'],
    ['*.example.com', 'Enter a web address like mail.example.com'],
    ['192.168.1.10', 'Enter a web address like mail.example.com'],
  ])('refuses %j', (input, message) => {
    expect(() => toSitePattern(input)).toThrow(message);
  });
});

describe('siteLabel', () => {
  it('shows the host of a pattern', () => {
    expect(siteLabel('https://mail.example.com/*')).toBe('mail.example.com');
  });
});
