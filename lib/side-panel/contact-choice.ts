// Who to call about a job. The job contact is the person to meet on site (a tenant, a site manager);
// the client's contact may be an office far away. So the job's own contact comes first and the
// client's primary contact is the fallback (reference/PLATFORM-NOTES.md, "Records a field worker's
// day needs"). A job contact marked for billing is nobody to meet, so it is never the one to call.
import type { CompanyContact, JobContact } from '../api/schemas';
import { contactName } from './summaries';

/** Whose contact it is: the job's own on-site contact, or the client's. */
type Role = 'site' | 'client';
/** The one person to call, with their number as typed (the services format it: lib/locale/phones.ts). */
export interface ChosenContact {
  name: string;
  phone: string | null;
  role: Role;
}
/** A contact as a job's detail lists it, numbers and e-mail as typed. */
export interface ListedContact {
  name: string;
  phone: string | null;
  mobile: string | null;
  email: string | null;
  role: Role;
}
type DayContact = ChosenContact;
type Person = Pick<CompanyContact, 'active' | 'first' | 'last' | 'email' | 'phone' | 'mobile'>;

const onSite = (contacts: readonly JobContact[]) => contacts.filter((c) => c.active && !/billing/i.test(c.type));
const number = (c: Person) => c.mobile || c.phone || null;

/** The job's on-site contact: one with a number first, else one to ask for by name. */
export function pickSiteContact(contacts: readonly JobContact[]): DayContact | null {
  const live = onSite(contacts);
  const pick = live.find(number) ?? live[0];
  return pick ? { name: contactName(pick), phone: number(pick), role: 'site' } : null;
}

/** The client's contact to call: the primary contact with a number, else any with one, else any. */
export function pickClientContact(contacts: readonly CompanyContact[]): DayContact | null {
  const live = contacts.filter((c) => c.active);
  const withPhone = live.filter(number);
  const pick = withPhone.find((c) => c.is_primary_contact) ?? withPhone[0] ?? live[0];
  return pick ? { name: contactName(pick), phone: number(pick), role: 'client' } : null;
}

/** The same person, copied from the client's contacts onto the job: same name and a same number or e-mail. */
function samePerson(a: Person, b: Person): boolean {
  if (contactName(a).toLowerCase() !== contactName(b).toLowerCase()) return false;
  const ways = (c: Person) => [c.mobile, c.phone, c.email].filter(Boolean).map((w) => w.toLowerCase());
  const theirs = new Set(ways(b));
  return ways(a).some((w) => theirs.has(w));
}

/** A job's contacts as its detail lists them: the on-site ones first, then the client's, each
 * person once. */
export function detailContacts(
  jobContacts: readonly JobContact[],
  companyContacts: readonly CompanyContact[],
): ListedContact[] {
  const site = onSite(jobContacts);
  const client = companyContacts.filter((c) => c.active && !site.some((s) => samePerson(s, c)));
  const view = (c: Person, role: 'site' | 'client') => ({
    name: contactName(c),
    phone: c.phone || null,
    mobile: c.mobile || null,
    email: c.email || null,
    role,
  });
  return [...site.map((c) => view(c, 'site')), ...client.map((c) => view(c, 'client'))];
}
