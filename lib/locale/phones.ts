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

/** `typed` parsed for an account in `region`, when it is a valid number. */
function validNumber(typed: string, region: string | null | undefined) {
  const home = countryCode(region);
  const parsed = parsePhoneNumberFromString(typed, home ? { defaultCountry: home } : undefined);
  return parsed?.isValid() ? { parsed, home } : null;
}

const textOf = ({ parsed, home }: NonNullable<ReturnType<typeof validNumber>>): string =>
  parsed.country === home ? parsed.formatNational() : parsed.formatInternational();

/** How to show and dial `raw`, for an account in `region`; null for a blank number. */
export function phoneView(raw: string | null | undefined, region: string | null | undefined): PhoneView | null {
  const typed = raw?.trim();
  if (!typed) return null;
  const valid = validNumber(typed, region);
  if (!valid) {
    const digits = typed.replace(/[^\d]/g, '');
    return {
      text: typed,
      tel: digits.length >= 3 ? `tel:${typed.startsWith('+') ? '+' : ''}${digits}` : null,
      kind: 'phone',
    };
  }
  const type = valid.parsed.getType();
  return {
    text: textOf(valid),
    tel: `tel:${valid.parsed.number}`,
    kind: type === 'MOBILE' ? 'mobile' : type === 'FIXED_LINE' ? 'landline' : 'phone',
  };
}

/** `phoneView(raw, region)?.text`, without working out whether it is a mobile (a second pass over the metadata's
 * patterns): what the customer index keeps of every contact's number. */
export function phoneText(raw: string | null | undefined, region: string | null | undefined): string | null {
  const typed = raw?.trim();
  if (!typed) return null;
  const valid = validNumber(typed, region);
  return valid ? textOf(valid) : typed;
}
