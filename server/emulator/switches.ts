import { z } from 'zod';
import type { Switches } from './contracts';

/**
 * The defaults, and why (FIDELITY.md has the evidence):
 * - uuidReuse `update`: nothing is known; it is what the emulator always did, so suites written against it keep
 *   their meaning, and a product proven under all three positions does not care.
 * - webhookContentType `json`: the spec says the notification is "a JSON body"; the form variant is the guess.
 * - unparsableFilter `ignore`: the one known fact is that the platform silently ignores a filter it cannot
 *   read (not URL-encoded) and answers everything.
 * - pageSize 1,000: the spec's "up to 1000" (the real platform pages 5,000; clients must not assume a size).
 * - createdFields `set`: the spec's changed_fields are "the names of the changed fields", and every field of a new
 *   record went from nothing to its value; `given` (only what the writer sent) is the other plausible reading.
 * - isIndividual `string`: the platform's own SDK (npm `servicem8`) parses `company.is_individual` as a string and
 *   refuses a number, as do the OpenAPI description's examples; `number` is its schema's integer, which live data
 *   also has.
 * - eventNotificationShape `type-data`: what an integrator captured in production and the platform's n8n trigger
 *   reads (`type`, `createdAt`); `event-entry` is the guess the emulator once sent.
 * - attachmentReupload `replace`: an upload names its attachment, as a write names its record; `refuse` is the other
 *   reading. Nothing public says which.
 * - tokenView `account`: the spec's "the app has the full privileges granted by the user" read as the account's, what
 *   the emulator always did; `grantor` (the consenting person's own permissions) is the other reading.
 * - impersonation `widens`: the spec's "runs with the named staff member's permissions"; `narrows` (only what the
 *   token may see too) is the other reading. Under tokenView `account` the two are the same.
 * - smsRepeat `sends`: the send endpoint takes no idempotency key, and a gateway that texts what it is given
 *   texts a repeat too; `once` is the kinder reading nothing public supports.
 */
export const DEFAULT_SWITCHES: Readonly<Switches> = {
  uuidReuse: 'update',
  webhookContentType: 'json',
  unparsableFilter: 'ignore',
  pageSize: 1000,
  createdFields: 'set',
  isIndividual: 'string',
  eventNotificationShape: 'type-data',
  attachmentReupload: 'replace',
  tokenView: 'account',
  impersonation: 'widens',
  smsRepeat: 'sends',
};

/** The largest page: the unpaged answer's cap (rest/list.ts), so a page is never bigger than "everything". */
export const MAX_PAGE_SIZE = 10_000;

export const UUID_REUSE = ['update', 'refuse', 'duplicate'] as const;
export const WEBHOOK_CONTENT_TYPES = ['json', 'form'] as const;
export const UNPARSABLE_FILTER = ['refuse', 'ignore'] as const;
export const CREATED_FIELDS = ['set', 'given'] as const;
export const IS_INDIVIDUAL = ['string', 'number'] as const;
export const EVENT_NOTIFICATION_SHAPES = ['type-data', 'event-entry'] as const;
export const ATTACHMENT_REUPLOAD = ['replace', 'refuse'] as const;
export const TOKEN_VIEWS = ['account', 'grantor'] as const;
export const IMPERSONATION = ['widens', 'narrows'] as const;
export const SMS_REPEAT = ['sends', 'once'] as const;

/** A partial change of switches, as the control surface and startEmulator take it; unknown names are refused. */
export const switchesPatchSchema = z.strictObject({
  uuidReuse: z.enum(UUID_REUSE).optional(),
  webhookContentType: z.enum(WEBHOOK_CONTENT_TYPES).optional(),
  unparsableFilter: z.enum(UNPARSABLE_FILTER).optional(),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  createdFields: z.enum(CREATED_FIELDS).optional(),
  isIndividual: z.enum(IS_INDIVIDUAL).optional(),
  eventNotificationShape: z.enum(EVENT_NOTIFICATION_SHAPES).optional(),
  attachmentReupload: z.enum(ATTACHMENT_REUPLOAD).optional(),
  tokenView: z.enum(TOKEN_VIEWS).optional(),
  impersonation: z.enum(IMPERSONATION).optional(),
  smsRepeat: z.enum(SMS_REPEAT).optional(),
});

export interface SwitchBoard {
  /** The current switches (a fresh copy, so a caller's edits never leak in). */
  get(): Switches;
  set(patch: Partial<Switches>): Switches;
}

/** The running emulator's switches: read on every request, so a change applies to the next one. */
export function createSwitchBoard(initial: Partial<Switches> = {}): SwitchBoard {
  const defined = Object.fromEntries(Object.entries(initial).filter(([, v]) => v !== undefined));
  let current: Switches = { ...DEFAULT_SWITCHES, ...switchesPatchSchema.parse(defined) };
  return {
    get: () => ({ ...current }),
    set(patch) {
      current = { ...current, ...switchesPatchSchema.parse(patch) };
      return { ...current };
    },
  };
}
