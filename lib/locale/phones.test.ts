import { describe, expect, it } from 'vitest';
import { PhoneViewSchema } from '../messaging/views';
import { phoneText, phoneView } from './phones';

// Numbers as office staff type them into the platform, for a business in each of three countries.
const CASES = [
  {
    region: 'AU',
    numbers: [
      ['0427352568', { text: '0427 352 568', tel: 'tel:+61427352568', kind: 'mobile' }],
      ['0400 111 222', { text: '0400 111 222', tel: 'tel:+61400111222', kind: 'mobile' }],
      ['(02) 4485 5526', { text: '(02) 4485 5526', tel: 'tel:+61244855526', kind: 'landline' }],
      ['+44 161 496 0000', { text: '+44 161 496 0000', tel: 'tel:+441614960000', kind: 'landline' }],
    ],
  },
  {
    region: 'US',
    numbers: [
      ['212-555-0123', { text: '(212) 555-0123', tel: 'tel:+12125550123', kind: 'phone' }],
      ['+61 427 352 568', { text: '+61 427 352 568', tel: 'tel:+61427352568', kind: 'mobile' }],
    ],
  },
  {
    region: 'GB',
    numbers: [
      ['07400123456', { text: '07400 123456', tel: 'tel:+447400123456', kind: 'mobile' }],
      ['0161 496 0000', { text: '0161 496 0000', tel: 'tel:+441614960000', kind: 'landline' }],
      ['0427352568', { text: '0427352568', tel: 'tel:0427352568', kind: 'phone' }],
    ],
  },
] as const;

describe.each(CASES)('phone numbers of a business in $region', ({ region, numbers }) => {
  it.each(numbers.map(([typed, want]) => ({ typed, want })))('$typed', ({ typed, want }) => {
    const view = phoneView(typed, region);
    expect(view).toEqual(want);
    expect(PhoneViewSchema.safeParse(view).success).toBe(true);
  });
});

describe('numbers the library cannot read', () => {
  it('are shown as typed, dialled as typed, with no kind guessed', () => {
    expect(phoneView('(05) 4485 5526', 'AU')).toEqual({ text: '(05) 4485 5526', tel: 'tel:0544855526', kind: 'phone' });
    expect(phoneView('ask at the gate', 'AU')).toEqual({ text: 'ask at the gate', tel: null, kind: 'phone' });
  });
  it('are no number at all when blank, and a region that is no country is none', () => {
    expect(phoneView('  ', 'AU')).toBeNull();
    expect(phoneView(null, 'AU')).toBeNull();
    expect(phoneView('+61 427 352 568', 'Oceania')).toEqual({
      text: '+61 427 352 568',
      tel: 'tel:+61427352568',
      kind: 'mobile',
    });
  });
});

describe('the shown form alone (phoneText, what the customer index keeps)', () => {
  it('is phoneView’s text for every number above, read or not, and null when blank', () => {
    const typed: Array<readonly [string, string]> = CASES.flatMap(({ region, numbers }) =>
      numbers.map(([raw]) => [raw, region] as const),
    );
    typed.push(['(05) 4485 5526', 'AU'], ['ask at the gate', 'AU'], ['+61 427 352 568', 'Oceania'], ['  ', 'AU']);
    for (const [raw, region] of typed) expect(phoneText(raw, region)).toBe(phoneView(raw, region)?.text ?? null);
    expect(phoneText(null, 'AU')).toBeNull();
  });
});
