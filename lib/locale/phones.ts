// Phone numbers as people read and dial them, through libphonenumber-js (its full metadata, which
// knows a mobile from a landline): a number of the account's country in that country's own
// format, another country's in international form, and a `tel:` link always in international form.
// A number the library cannot make sense of is shown as typed, with a link to the digits as typed.
// The background formats numbers into the pages' view models (lib/messaging/views.ts), so no page
// or content script carries the metadata.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { PhoneView } from '../messaging/views';

export type { PhoneView };

/** The account's country as libphonenumber-js names it (ISO 3166 alpha-2), or undefined. */
export function countryCode(region: string | null | undefined): CountryCode | undefined {
  const code = region?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? (code as CountryCode) : undefined;
}

/** How to show and dial `raw`, for an account in `region`; null for a blank number. */
export function phoneView(raw: string | null | undefined, region: string | null | undefined): PhoneView | null {
  const typed = raw?.trim();
  if (!typed) return null;
  const home = countryCode(region);
  const parsed = parsePhoneNumberFromString(typed, home ? { defaultCountry: home } : undefined);
  if (!parsed?.isValid()) {
    const digits = typed.replace(/[^\d]/g, '');
    return {
      text: typed,
      tel: digits.length >= 3 ? `tel:${typed.startsWith('+') ? '+' : ''}${digits}` : null,
      kind: 'phone',
    };
  }
  const type = parsed.getType();
  return {
    text: parsed.country === home ? parsed.formatNational() : parsed.formatInternational(),
    tel: `tel:${parsed.number}`,
    kind: type === 'MOBILE' ? 'mobile' : type === 'FIXED_LINE' ? 'landline' : 'phone',
  };
}
