import { z } from 'zod';

/**
 * Behaviours the real platform leaves unknown, switchable so the product can be proven under each
 * (FIDELITY.md says what is known of each). Set at start (startEmulator options, CLI flags) or at run time
 * (`POST /_emulator/switches`).
 */
export interface Switches {
  /** What a create naming an existing client-chosen uuid does: `update` that record (no duplicate), `refuse`
   * with 400 and no change, or `duplicate` (a second record under a new uuid, answered in x-record-uuid). */
  uuidReuse: 'update' | 'refuse' | 'duplicate';
  /** Webhook notifications as a JSON body (`json`, application/json) or as JSON in the form field `data`
   * (`form`, application/x-www-form-urlencoded). */
  webhookContentType: 'json' | 'form';
  /** A `$filter` the platform cannot parse: `refuse` (400) or `ignore` (answered unfiltered, as the platform
   * does with a filter that is not URL-encoded). */
  unparsableFilter: 'refuse' | 'ignore';
  /** Records per cursor page: 1,000 as the spec says, 5,000 as the real platform. */
  pageSize: number;
  /** The `changed_fields` of a record just created: `set`, every field the new record holds a value in (the ones
   * the platform fills itself, such as a job's number, included), or `given`, only the fields its writer sent. */
  createdFields: 'set' | 'given';
  /** How `company.is_individual` is served: `string` ("0"/"1"), as the official SDK's schema parses it, or
   * `number` (0/1), as the OpenAPI schema types it and as some live data has it. */
  isIndividual: 'string' | 'number';
  /** The body of an event subscription's notification: `type-data`, `{id, type, createdAt, data: {the record}}`, as
   * an integrator captured it and the platform's own n8n trigger reads it, or `event-entry`, the older guess
   * `{eventName, object, entry, resource_url}`. */
  eventNotificationShape: 'type-data' | 'event-entry';
  /** A second upload to an attachment that has its file already: `replace` the file, or `refuse` with 400 and keep
   * the first (the platform's answer is not documented). */
  attachmentReupload: 'replace' | 'refuse';
  /** What an OAuth token sees without impersonation: `account`, the whole account (a token "has the full privileges
   * granted by the user", read as the account's), or `grantor`, what its granting staff member may see (the person
   * chosen on the consent page). */
  tokenView: 'account' | 'grantor';
  /** What acting as a staff member (`x-impersonate-uuid`) sees: `widens`, that staff member's view whatever the
   * token's own ("the named staff member's permissions"), or `narrows`, only what both the token and that staff
   * member may see. */
  impersonation: 'widens' | 'narrows';
  /** The same text sent again (same number, message and job, within five minutes): `sends` it again, as any
   * SMS gateway that takes no idempotency key does, or takes it `once`. The platform's answer is not public. */
  smsRepeat: 'sends' | 'once';
  /** The per-minute limit counted in `fixed` windows of the clock (each minute starts afresh) or `sliding` over the
   * last 60 seconds at every request. */
  rateWindow: 'fixed' | 'sliding';
  /** A request refused by a limit (429): `free`, counted against neither the minute nor the day, or `counted`
   * against both, so a client that keeps retrying while refused keeps itself refused. */
  refusedRequests: 'free' | 'counted';
  /** How a subscription's notifications go out: `queued`, one POST at a time in the order they happened, a failed
   * one retried before any later one; or `unordered`, several at once, a failed one retried behind the later ones. */
  deliveryOrder: 'queued' | 'unordered';
  /** What a refresh does to the refresh token it spends: `rotate`, a new one, the old one refused at once;
   * `grace`, a new one, the old one still taken for REFRESH_GRACE_SECONDS; `keep`, the same one answered again and
   * still good; `omit`, an answer with no refresh_token, the old one still good (RFC 6749 §6 allows it). */
  refreshTokens: 'rotate' | 'grace' | 'keep' | 'omit';
}

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
 * - rateWindow `fixed` and refusedRequests `free`: what the emulator always did; the notes give the numbers (180 a
 *   minute, 20,000 a day) and nothing of the windows, nor of whether a refusal counts. `sliding` and `counted` are
 *   the harsher readings: a client's own limiter must be a sliding one, and its retries must not feed the limit.
 * - deliveryOrder `queued`: what the emulator always did; nothing public says whether the platform keeps a
 *   subscription's notifications in order. `unordered` (several in flight, a retry behind newer ones) is what a
 *   sender with a pool of workers and a retry queue does: a receiver must not assume order.
 * - refreshTokens `rotate`: the spec's "a refresh grant returns a new access token and a new refresh token", read
 *   strictly (the old one spent), what the emulator always did; `grace`, `keep` and `omit` are what other OAuth
 *   servers do and nothing public rules out.
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
  rateWindow: 'fixed',
  refusedRequests: 'free',
  deliveryOrder: 'queued',
  refreshTokens: 'rotate',
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
export const RATE_WINDOW = ['fixed', 'sliding'] as const;
export const REFUSED_REQUESTS = ['free', 'counted'] as const;
export const DELIVERY_ORDER = ['queued', 'unordered'] as const;
export const REFRESH_TOKENS = ['rotate', 'grace', 'keep', 'omit'] as const;
/** Under refreshTokens `grace`, how long a spent refresh token is still taken (rotating servers allow up to a minute:
 * Amazon Cognito's RetryGracePeriodSeconds is 0-60). */
export const REFRESH_GRACE_SECONDS = 30;

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
  rateWindow: z.enum(RATE_WINDOW).optional(),
  refusedRequests: z.enum(REFUSED_REQUESTS).optional(),
  deliveryOrder: z.enum(DELIVERY_ORDER).optional(),
  refreshTokens: z.enum(REFRESH_TOKENS).optional(),
});

export interface SwitchBoard {
  /** The current switches (a fresh copy, so a caller's edits never leak in). */
  get(): Switches;
  set(patch: Partial<Switches>): Switches;
}

/** The switches among `options` (startEmulator's, which hold its other settings too): every switch by its name, so
 * one added here is taken at start without a second list to keep. */
export function switchesIn(options: Partial<Switches>): Partial<Switches> {
  return Object.fromEntries(Object.keys(DEFAULT_SWITCHES).map((name) => [name, options[name as keyof Switches]]));
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
