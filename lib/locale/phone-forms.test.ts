import { describe, expect, it } from 'vitest';
import { phoneKey } from './phone-key';
import { phoneForms } from './phone-forms';
import { phoneText } from './phones';

// Numbers as offices type them: each country's own and international forms, extensions, short codes, words.
const NUMBERS = [
  '0427 352 568',
  '+61 427 352 568',
  '(04) 2735 2568',
  '02 9876 5432',
  '(02) 9876-5432',
  '+61298765432',
  '1300 123 456',
  '13 11 44',
  '000',
  '0011 44 20 7946 0958',
  '+44 20 7946 0958',
  '+1 (415) 555-2671',
  '415 555 2671',
  '021 123 4567',
  '+64 21 123 4567',
  '0400 000 001 ext 2',
  '12345',
  '1234',
  'call the office',
  '  0491 570 156  ',
  '+999 1234 5678',
  '',
];

describe('phoneForms', () => {
  for (const region of ['AU', 'NZ', 'GB', 'US', null]) {
    it(`gives phoneKey's key and phoneText's text from one parse, for an account in ${region ?? 'no country'}`, () => {
      for (const raw of NUMBERS) {
        expect(phoneForms(raw, region), raw).toEqual({
          key: phoneKey(raw, region),
          text: phoneText(raw, region) ?? raw,
        });
      }
    });
  }
});
