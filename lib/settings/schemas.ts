import { z } from 'zod';
import { PlatformUuidSchema } from '../../contracts/uuid';

// The shapes of what Fieldside keeps in storage (lib/settings/items.ts), validated on every read.
// Never a token: storage.local is readable by content scripts, so credentials live in
// lib/auth/secrets (IndexedDB) instead.

export const StaffSummarySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  /** The staff member's security role is an administrator role: may view as someone else. */
  isAdmin: z.boolean(),
  /** Their security role's name as the account calls it ("Field Technician"), shown beside their
   * name; '' when the platform did not say (and in sessions recorded before it was kept). */
  role: z.string().default(''),
});
export type StaffSummary = z.infer<typeof StaffSummarySchema>;

/** A store build (wxt.config.ts) takes https only; a development build also plain http on this
 * machine (the local emulator and companion). Tokens never travel unencrypted over a network. */
const STORE_BUILD = import.meta.env.WXT_TARGET === 'store';
const isLocalHttp = (url: URL) =>
  !STORE_BUILD && url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
const ServerUrl = z.url({ protocol: /^https?$/ }).refine((value) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' || isLocalHttp(url);
}, 'Use an https:// address');

/** A job's address in the web app, relative to it, with `{uuid}` (e.g. `/job/{uuid}`); null: no known form. */
const JobLinkPath = z
  .string()
  .regex(/^\/[\w\-./?=,#&]*\{uuid\}[\w\-./?=,#&]*$/, 'a path like /job/{uuid}')
  .nullable();

/** Where everything is: the platform's three roles (REST, OAuth, web app) and the companion. */
export const ConnectionSchema = z.object({
  /** The platform's REST base URL ({base_url}). */
  restUrl: ServerUrl,
  /** The platform's OAuth host ({auth_url}): the companion's sign-in links must lead there. */
  authUrl: ServerUrl,
  /** The platform's web app: the content script runs there and job links point there. */
  webUrl: ServerUrl,
  jobLinkPath: JobLinkPath,
  /** The companion server (OAuth hand-off, token exchange, change feed). */
  companionUrl: ServerUrl,
});
export type Connection = z.infer<typeof ConnectionSchema>;
export const CONNECTION_FIELDS = ['restUrl', 'authUrl', 'webUrl', 'jobLinkPath', 'companionUrl'] as const;
export type ConnectionField = (typeof CONNECTION_FIELDS)[number];

/** What an administrator may push by enterprise policy (storage.managed): any of the fields, each on its own. */
export const ManagedConnectionSchema = ConnectionSchema.partial();

export const SignedOutReasonSchema = z.enum(['signed_out', 'revoked']);
export type SignedOutReason = z.infer<typeof SignedOutReasonSchema>;

export const AccountSummarySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  /** The account's IANA time zone (vendor.timezone_name): whose "today" every page shows. Absent from
   * sessions recorded before it was kept, null when the platform does not say. */
  timeZone: z.string().nullable().optional(),
  /** The account's country (vendor.default_region, ISO 3166 alpha-2 where it is one): how its phone
   * numbers are written. */
  region: z.string().nullable().optional(),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

/** Who is signed in, without any credential. */
export const SessionRecordSchema = z.object({
  mode: z.enum(['oauth', 'api_key']),
  account: AccountSummarySchema,
  /** Scopes granted (OAuth); empty for an API key. Not secret: pages show them. */
  scopes: z.array(z.string()),
  me: StaffSummarySchema.nullable(),
  /** Who said who `me` is: the person, from the staff list ("chosen", also when absent), or the platform, which
   * signed the staff member who chose Fieldside on a job card and paired this browser (lib/account/pairing.ts). */
  meSource: z.enum(['chosen', 'platform']).optional(),
  viewAs: StaffSummarySchema.nullable(),
  /** Whether the account turned Fieldside on (an administrator activated the add-on), as the companion said at the
   * last sign-in or refresh (CompanionTokenFields.fieldside_activated); absent while it has not said. Until it is on,
   * the job card's Fieldside cannot tell Fieldside who anyone is. */
  addonActivated: z.boolean().optional(),
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

/** The webhook change feed's position for an account (an opaque companion position, not a secret). */
/** The feed position, and what the companion was registered with (scopes and staff member): a new worker
 * with the same grant skips registering again (lib/live-updates/feed-service.ts). */
export const FeedPositionSchema = z.object({
  accountUuid: z.string(),
  position: z.string().min(1).max(64),
  grant: z.string().max(4_000).optional(),
});
export type FeedPosition = z.infer<typeof FeedPositionSchema>;

/** Requests this browser made today, per account (lib/api/daily-use.ts). */
export const ApiUseTodaySchema = z.record(
  z.string(),
  z.object({ day: z.string(), count: z.number().int().nonnegative() }),
);

/** The first-run page (entrypoints/welcome): opened on install; `atHand` once Fieldside was opened from
 * its button or shortcut, `dayOpened` once the side panel was opened on the day (wherever each was
 * done), `finished` once both were. Its other steps (signed in, who you are) are the session's to say. */
export const FirstRunSchema = z.object({
  finished: z.boolean(),
  atHand: z.boolean().optional(),
  dayOpened: z.boolean().optional(),
});
export type FirstRun = z.infer<typeof FirstRunSchema>;

/** Sites the person added in the options: match patterns (`https://host/*`). */
export const ContentSitesSchema = z
  .array(z.string().regex(/^https?:\/\/[^/*]+\/\*$/, 'a site pattern like https://mail.example.com/*'))
  .max(50);

/** A quick-note panel the person opened on a page: its ticket, the job, when it was issued (ms), and
 * the frame it opened in (its page key), null until the frame first showed the ticket. */
export const PanelGrantSchema = z.object({
  ticket: z.string(),
  jobUuid: PlatformUuidSchema,
  issued: z.number(),
  frame: z.string().nullable(),
});
export type PanelGrant = z.infer<typeof PanelGrantSchema>;
/** What one page's content script was answered (lib/page-badges/page-grants.ts), by page key. */
export const PageGrantSchema = z.object({
  kind: z.enum(['platform', 'site']),
  tabId: z.number(),
  /** When the page first asked (ms): a tab's oldest pages are let go first. */
  since: z.number(),
  /** The job numbers the page reported: what counts against its cap. */
  numbers: z.array(z.string()),
  /** The jobs (uuids) it was answered about: only these may have notes read or added. Lower-cased on every read, so a
   * grant an older version kept in capitals still matches. */
  jobs: z.array(PlatformUuidSchema),
  /** The quick-note panels the person opened there (only these read or add notes), newest last. */
  panels: z.array(PanelGrantSchema).default([]),
});
export type PageGrant = z.infer<typeof PageGrantSchema>;
/** The distinct job numbers an added site's pages asked about since `since` (ms), all its pages together. */
export const SiteBudgetSchema = z.object({ since: z.number(), numbers: z.array(z.string()) });
export type SiteBudget = z.infer<typeof SiteBudgetSchema>;
export const PageGrantsSchema = z.object({
  /** By page key (lib/messaging/sender.ts pageKeyOf). */
  pages: z.record(z.string(), PageGrantSchema),
  /** By an added site's origin. */
  sites: z.record(z.string(), SiteBudgetSchema),
});
export type PageGrants = z.infer<typeof PageGrantsSchema>;
/** The grants as storage holds them: their uuids in any case, until PageGrantsSchema reads them. */
export type StoredPageGrants = z.input<typeof PageGrantsSchema>;

/** Being told of work (lib/notifications): off until the person turns it on; quiet outside the day's hours,
 * whole hours of the account's day (`from` ≤ hour < `to`). */
export const WorkNoticesSchema = z.object({
  on: z.boolean(),
  from: z.number().int().min(0).max(23),
  to: z.number().int().min(1).max(24),
});
export type WorkNotices = z.infer<typeof WorkNoticesSchema>;
export const DEFAULT_WORK_NOTICES: WorkNotices = { on: false, from: 7, to: 19 };

/** A pairing the background claimed, waiting for the person to confirm it on Fieldside's own page, then how it
 * ended (lib/account/pairing.ts). `claim` is held only while waiting: the companion's identity (bound to this
 * installation's key, worth nothing without it) and the pass it answered for the access token whose digest is
 * `tokenDigest` (worth nothing without that token). */
export const PendingPairingSchema = z.object({
  /** Which question: the confirmation page answers this one, not a newer one. */
  id: z.string().min(16),
  /** The pairing page's tab, which asks how it ended. */
  tabId: z.number().int().nullable(),
  accountUuid: z.string(),
  staff: StaffSummarySchema,
  /** Until when "Yes" counts (ms, device clock). */
  expiresAt: z.number(),
  outcome: z.enum(['waiting', 'confirmed', 'declined']),
  claim: z.object({ identity: z.string(), pass: z.string(), tokenDigest: z.string() }).optional(),
});
export type PendingPairing = z.infer<typeof PendingPairingSchema>;

/** What a new job's form is filled with, read from an e-mail or selected text (lib/new-job/draft.ts reads it; its
 * `Draft` is this). */
export const NewJobDraftSchema = z.object({
  /** Where the text came from, for the form's heading. */
  from: z.enum(['email', 'selection', 'popup']),
  description: z.string(),
  /** Street addresses found in the text, first first. */
  addresses: z.array(z.string()),
  /** E-mail addresses, the sender's first. */
  emails: z.array(z.string()),
  /** Phone numbers as written in the text. */
  phones: z.array(z.string()),
  /** A name for a new customer: the sender's, else ''. */
  name: z.string(),
  /** The customer chosen where the draft was started (the quick search's open customer), else null. */
  customerUuid: z.string().nullable(),
});
export type NewJobDraft = z.infer<typeof NewJobDraftSchema>;

/** New jobs' drafts waiting for their form (lib/new-job/draft-store.ts), by the form's id, with when each was kept
 * (ms, device clock). */
export const NewJobDraftsSchema = z.record(z.string(), z.object({ at: z.number(), draft: NewJobDraftSchema }));
export type NewJobDrafts = z.infer<typeof NewJobDraftsSchema>;
