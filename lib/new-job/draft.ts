// What a new job's form is filled with, read from an e-mail or selected text: the e-mail addresses and phone
// numbers in it (to find the customer), the street addresses it names (offered, never chosen silently), and the
// description (the subject, then the text without quoted replies and signatures' noise). Pure: the background
// reads drafts with it, the unit tests hold its cases.
import type { NewJobDraft } from '../settings/schemas';

export interface DraftSource {
  /** Where the text came from, for the form's heading. */
  from: Draft['from'];
  text: string;
  subject?: string;
  sender?: { name: string; email: string };
  /** The customer open in the quick search when its "New job" was pressed: chosen first in the form. */
  customerUuid?: string;
}

/** What the form is filled with: declared once, as it is kept between the worker and the form (storage.session). */
export type Draft = NewJobDraft;

const STREET_KINDS =
  'Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Court|Ct|Crescent|Cres|Place|Pl|Parade|Pde|Highway|Hwy|Terrace|Tce|Way|Boulevard|Blvd|Close|Cl|Grove|Gr';
const STATES = 'VIC|NSW|QLD|SA|WA|TAS|NT|ACT';
/** "14 Quillfeather Lane, Brunswick VIC 3056", "3/27 King St Newtown NSW 2042": a number, one to three words, a
 * street kind, then perhaps a suburb, a state and a postcode on the same line. */
const ADDRESS = new RegExp(
  String.raw`\b\d{1,5}[A-Za-z]?(?:/\d{1,5})?\s+(?:[A-Z][A-Za-z'-]+\s+){1,3}(?:${STREET_KINDS})\b\.?` +
    String.raw`(?:,?[ \t]+(?:[A-Z][A-Za-z'-]+[ \t]+){0,3}?(?:${STATES})(?:[ \t]+\d{4})?|,?[ \t]+[A-Z][A-Za-z'-]+(?:[ \t]+[A-Z][A-Za-z'-]+)?(?=[ \t]*(?:[.,\n]|$)))?`,
  'g',
);
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** Digits with the spaces, brackets and dashes people write in numbers: 8 to 15 digits. */
const PHONE = /(?:\+?\d[\d ()-]{6,18}\d)/g;

/** Quoted replies ("On Tue, … wrote:", "> …") and what follows a signature's "-- " line are not the request. */
function withoutQuotes(text: string): string {
  const lines: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*>/.test(line)) continue;
    if (/^On .+wrote:\s*$/.test(line) || /^-- ?$/.test(line) || /^-{2,}\s*Original Message/i.test(line)) break;
    lines.push(line.trimEnd());
  }
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const unique = (items: string[]) => [...new Set(items)];

export function readDraft(source: DraftSource): Draft {
  const body = withoutQuotes(source.text).slice(0, 8_000);
  const subject = source.subject?.trim() ?? '';
  const description = [subject, body].filter((part) => part.length > 0).join('\n\n');
  const addresses = unique([...body.matchAll(ADDRESS)].map((m) => m[0].replace(/\s+/g, ' ').replace(/[.,]$/, '')));
  const emails = unique(
    [source.sender?.email ?? '', ...(body.match(EMAIL) ?? [])].map((e) => e.trim().toLowerCase()).filter(Boolean),
  );
  const phones = unique(
    (body.match(PHONE) ?? [])
      .map((p) => p.trim())
      .filter((p) => {
        const digits = p.replace(/\D/g, '').length;
        return digits >= 8 && digits <= 15;
      }),
  );
  return {
    from: source.from,
    description,
    addresses,
    emails,
    phones,
    name: source.sender?.name.trim() ?? '',
    customerUuid: source.customerUuid ?? null,
  };
}

/** A draft whose text is only the phone numbers and e-mail addresses read from it ("+61 453 112 917" typed in the
 * popup): who is asking, not what the job is. */
export function onlyWhoAsks(draft: Pick<Draft, 'description' | 'phones' | 'emails'>): boolean {
  // The e-mail addresses were read lower-cased; a number's opening bracket is not part of it as read.
  let rest = draft.description.toLowerCase();
  for (const said of [...draft.phones, ...draft.emails]) rest = rest.split(said.toLowerCase()).join(' ');
  return draft.description.trim() !== '' && /^[\s,;/|()]*$/.test(rest);
}
