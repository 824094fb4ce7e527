import { describe, expect, it } from 'vitest';
import { looksLikePhone, phoneKey, typedPhoneKey } from './phone-key';

// One key per number, whichever way a person in the account's country writes or types it.
const CASES = [
  {
    region: 'AU',
    key: '+61427352568',
    written: ['0427 352 568', '+61427352568', '(04) 2735 2568', '0427352568', '+61 427 352 568', '0011 61 427 352 568'],
  },
  { region: 'AU', key: '+61298765432', written: ['(02) 9876 5432', '02 9876 5432', '+61 2 9876 5432'] },
  {
    region: 'US',
    key: '+14155552671',
    written: ['(415) 555-2671', '415-555-2671', '+1 415 555 2671', '1 415 555 2671'],
  },
  {
    region: 'GB',
    key: '+447700900123',
    written: ['07700 900123', '+44 7700 900123', '07700900123', '0044 7700 900123'],
  },
  { region: 'GB', key: '+442079460018', written: ['020 7946 0018', '(020) 7946 0018', '+44 20 7946 0018'] },
];

describe.each(CASES)('a number of a business in $region', ({ region, key, written }) => {
  it.each(written)('stored as "%s" has the one key', (text) => {
    expect(phoneKey(text, region)).toBe(key);
  });
  it.each(written)('typed as "%s" finds it', (text) => {
    expect(key.startsWith(typedPhoneKey(text, region)!)).toBe(true);
  });
  it('typed in part, is a prefix of the key', () => {
    const part = written[0]!.slice(0, 7);
    const prefix = typedPhoneKey(part, region)!;
    expect(prefix.length).toBeGreaterThan(3);
    expect(key.startsWith(prefix)).toBe(true);
  });
});

describe('phone keys', () => {
  it('a number of another country keeps its own code', () => {
    expect(phoneKey('+44 20 7946 0018', 'AU')).toBe('+442079460018');
    expect(phoneKey('+61 427 352 568', 'US')).toBe('+61427352568');
  });
  it('without a country the key is the digits', () => {
    expect(phoneKey('0427 352 568', null)).toBe('+0427352568');
    expect(typedPhoneKey('0427 352', null)).toBe('+0427352');
  });
  it('blank and short texts are no number', () => {
    expect(phoneKey('', 'AU')).toBeNull();
    expect(phoneKey('ext 12', 'AU')).toBeNull();
    expect(phoneKey(null, 'AU')).toBeNull();
  });
  it.each([
    ['0427 352 568', true],
    ['+61427352568', true],
    ['(04) 2735 2568', true],
    ['1042', false],
    ['smith 0427352568', false],
    ['#104211', false],
  ])('"%s" looks like a phone number: %s', (query, yes) => {
    expect(looksLikePhone(query)).toBe(yes);
  });
});
