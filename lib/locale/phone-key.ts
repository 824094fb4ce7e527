// One search key per phone number, however it was written or typed: `0427 352 568`, `+61427352568`
// and `(04) 2735 2568` of an Australian account are all `+61427352568`. Stored numbers get their key
// when the customer index is built (the background), typed ones on each keystroke (the popup, which
// loads this module only once a query looks like a number). Both sides use the same metadata (min:
// a key needs no mobile-or-landline type), so the keys agree.
import { AsYouType, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

export { looksLikePhone } from './phone-like';

/** The account's country as libphonenumber-js names it, or undefined (then keys are the digits). */
function country(region: string | null | undefined): CountryCode | undefined {
  const code = region?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? (code as CountryCode) : undefined;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The key of a stored number (E.164, `+` and digits), or null when it has too few digits to be one. */
export function phoneKey(raw: string | null | undefined, region: string | null | undefined): string | null {
  const text = raw?.trim() ?? '';
  if (digitsOf(text).length < 5) return null;
  const home = country(region);
  const parsed = parsePhoneNumberFromString(text, home ? { defaultCountry: home } : undefined);
  if (parsed) return parsed.number;
  return typedPhoneKey(text, region);
}

/** The key prefix of a number as typed so far (`0427 35` → `+6142735`), or null. */
export function typedPhoneKey(typed: string, region: string | null | undefined): string | null {
  const text = typed.trim();
  const digits = digitsOf(text);
  if (digits.length === 0) return null;
  const home = country(region);
  const asTyped = new AsYouType(home);
  asTyped.input(text);
  return asTyped.getNumberValue() ?? `+${digits}`;
}
