// A stored number's search key (phone-key.ts) and shown form (phones.ts's phoneText) from one parse: building the
// customer index does both for every contact's number, and the parse is the dearer part of each. The full
// metadata's parse gives the same E.164 number as the min metadata's (phone-forms.test.ts holds them equal), so the
// key still matches what the popup makes of a typed number.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { typedPhoneKey } from './phone-key';
import { countryCode } from './phones';

export interface PhoneForms {
  /** phoneKey(raw, region). */
  key: string | null;
  /** phoneText(raw, region), or `raw` itself for a blank number. */
  text: string;
}

export function phoneForms(raw: string, region: string | null | undefined): PhoneForms {
  const typed = raw.trim();
  if (!typed) return { key: null, text: raw };
  const home = countryCode(region);
  const parsed = parsePhoneNumberFromString(typed, home ? { defaultCountry: home } : undefined);
  const valid = parsed?.isValid() === true;
  const text = valid ? (parsed.country === home ? parsed.formatNational() : parsed.formatInternational()) : typed;
  if (typed.replace(/\D/g, '').length < 5) return { key: null, text };
  return { key: parsed ? parsed.number : typedPhoneKey(typed, region), text };
}
