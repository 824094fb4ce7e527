// Whether "On my way" offers to text the customer, to which number, with what words. Offered only where someone
// is in view who acts on the visit, the job has a person with a mobile (its on-site contact first, then the
// client's, as the job's contacts are listed), and the person has not said no. Where the connection may not
// send texts yet, the offer asks for it in plain words (`allowed` false); it never texts without that.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { countryCode } from '../locale/phones';
import type { TextOfferView } from '../messaging/job-views';
import type { ListedContact } from './contact-choice';

export interface TextOfferInput {
  /** The job's contacts, on-site first (contact-choice.ts). */
  contacts: readonly ListedContact[];
  /** The account's country, how its numbers are written. */
  region: string | null;
  /** The person going, as the customer knows them. */
  staffName: string | null;
  /** The connection may send texts (the platform's publish_sms). */
  allowed: boolean;
  /** The person said they do not want the offer. */
  declined: boolean;
  /** Someone is in view who acts on the visit. */
  canAct: boolean;
}

/** A mobile the platform can text, in international form (E.164), and as the account writes it; null otherwise. */
export function textableMobile(raw: string | null, region: string | null): { to: string; shown: string } | null {
  const typed = raw?.trim();
  if (!typed) return null;
  const home = countryCode(region);
  const parsed = parsePhoneNumberFromString(typed, home ? { defaultCountry: home } : undefined);
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return { to: parsed.number, shown: parsed.country === home ? parsed.formatNational() : parsed.formatInternational() };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The words proposed; the person may change them before saying "On my way". */
export function proposedText(customer: string, staffName: string | null): string {
  const hello = customer ? `Hi ${firstName(customer)}, ` : 'Hi, ';
  const who = staffName ? `this is ${firstName(staffName)}. ` : '';
  return `${hello}${who}I'm on my way to you now.`;
}

export function textOffer(input: TextOfferInput): TextOfferView | null {
  if (!input.canAct || input.declined) return null;
  for (const contact of input.contacts) {
    const mobile = textableMobile(contact.mobile, input.region);
    if (!mobile) continue;
    const name = contact.name || 'the customer';
    return {
      name,
      to: mobile.to,
      number: mobile.shown,
      message: proposedText(contact.name, input.staffName),
      allowed: input.allowed,
    };
  }
  return null;
}
