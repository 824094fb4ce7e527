import { z } from 'zod';
import { CodeVerifierSchema, DigestSchema, InstallationKeySchema, RefreshProofSchema } from './installation-binding';

// The companion's HTTP API (server/companion), declared once for both sides: the companion validates
// what it receives with these schemas, and the extension (lib/auth, lib/live-updates) validates
// what it gets back. The companion holds the App Secret; extensions never do.
//
//   GET  /  /health  /ready   a page for people; the process is up; the store answers (503 in words if not)
//   GET  /icon.png       Fieldside's icon, for the add-on manifest
//   GET  /activate       the add-on's Activation URL: a redirect to the platform's consent page for the account
//   POST /oauth/start    OAuthStartRequest   → OAuthStartReply
//   GET  /oauth/return   (the platform's redirect; the companion hands the code on to the extension, or ends an
//                        activation with a page)
//   POST /oauth/token    OAuthTokenRequest   → the platform's token answer, its refresh token sealed
//   POST /oauth/refresh  OAuthRefreshRequest → the same
//   POST /feed/register  (Bearer platform token, X-Fieldside-Staff) → FeedRegisterReply; an administrator's
//                        register also ensures the subscriptions
//   POST /feed/rotate    (Bearer, X-Fieldside-Staff of an administrator) → FeedRotateReply: a new callback URL
//   GET  /feed?after&limit                       → FeedPage (catch-up)
//   GET  /feed/stream?after  Server-Sent Events: FEED_GAP_EVENT, then FEED_CHANGE_EVENT events, id = feed
//                        position (live); ends when its token would expire
//   POST /webhooks/<callback token>  the platform's webhook deliveries
//   POST /addon/event    the add-on's event URL: the platform's signed event (a JWT, HS256 with the App Secret)
//                        when a person chooses Fieldside on a job card → the panel's HTML; follow-up events
//                        from the panel (the platform's client SDK `invoke`) → their answer as text
//   GET  /pair           the page "Use Fieldside in this browser" opens; its one-time code rides in the
//                        fragment, where the extension's pairing script reads it
//   POST /pair/claim     (Bearer platform token) PairClaimRequest → PairClaimReply: the extension learns which
//                        staff member the platform vouched for
// Errors the companion answers itself: CompanionError. How sign-in is tied to one installation:
// contracts/installation-binding.ts. The paths and the pairing page's ids: contracts/companion-paths.ts.

export { COMPANION_PATHS, PAIRING_PAGE } from './companion-paths';

/** Request headers of the companion's own. */
export const COMPANION_HEADERS = {
  /** The staff member the caller acts as (its "who are you"): the companion reads that staff member's security
   * role from the platform, and lets only administrators manage the webhook subscriptions. */
  staff: 'X-Fieldside-Staff',
} as const;

/** Scope names are lower-case words joined by underscores; anything else cannot be a platform scope. */
const ScopeSchema = z.string().regex(/^[a-z][a-z_]*$/, 'a scope is lower-case letters and underscores');

export const OAuthStartRequestSchema = z.object({
  redirect_url: z.string().min(1).max(2048),
  scopes: z.array(ScopeSchema).min(1).max(100),
  /** S256 of the verifier the starting extension keeps (codeChallengeOf). */
  code_challenge: DigestSchema,
  /** The installation key's id (installationIdOf): the token step must present that key. */
  installation: DigestSchema,
});
export const OAuthStartReplySchema = z.object({ authorize_url: z.url(), state: z.string().min(1) });
export type OAuthStartReply = z.infer<typeof OAuthStartReplySchema>;

export const OAuthTokenRequestSchema = z.object({
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(4096),
  code_verifier: CodeVerifierSchema,
  /** The public key the refresh token is sealed to. */
  installation_key: InstallationKeySchema,
});
export const OAuthRefreshRequestSchema = z.object({
  /** The sealed refresh token the companion answered last (opaque to the extension). */
  refresh_token: z.string().min(1).max(4096),
  proof: RefreshProofSchema,
});

/** Every error the companion answers itself: a stable machine code (OAuth style, so the extension
 * handles the platform's and the companion's alike) and a sentence for people. */
export const CompanionErrorSchema = z.object({
  error: z.string(),
  message: z.string().optional(),
  error_description: z.string().optional(),
});
export type CompanionError = { error: string; message: string };

/** A feed position: opaque to extensions. */
const Position = z.string().min(1).max(64);

export const FeedQuerySchema = z.object({
  after: Position.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

/** One change as extensions see it: which record and which fields, and for a job the record the companion read. */
export const FeedChangeSchema = z.object({
  /** The feed position just after this change. */
  id: Position,
  object: z.string().min(1),
  uuid: z.string().min(1),
  changed_fields: z.array(z.string()),
  /** UTC, `YYYY-MM-DD HH:MM:SS`, as the platform sent it. */
  time: z.string(),
  resource_url: z.string(),
  /** For a note: the job it belongs to, when the companion could read it (server/companion/feed/note-jobs.ts),
   * so that only browsers holding that job do anything. */
  job_uuid: z.string().optional(),
  /** For a job: the record as the companion read it, once for the whole account, right after the webhook
   * (server/companion/feed/job-records.ts), so a browser that holds the job takes it without reading it again
   * (issue 18). Checked by the extension like any platform answer; absent when the companion could not read it,
   * and then a browser that holds the job reads it itself. */
  record: z.record(z.string(), z.unknown()).optional(),
  /** For a job just created (its job number among the changed fields): the staff members the platform says may
   * see it, asked for each staff member whose browser registered lately. A browser that does not hold a job takes
   * it only when its own staff member is named here. */
  visible_to: z.array(z.string()).optional(),
  /** For a job just created: staff members whose browsers registered lately but whom the companion could not ask
   * (its share of the minute or the round's time ran out, or the check failed). A browser that does not hold the
   * job reads it itself, as its own staff member, when its staff member is listed here. */
  unchecked: z.array(z.string()).optional(),
});
export type FeedChange = z.infer<typeof FeedChangeSchema>;

export const FeedPageSchema = z.object({
  changes: z.array(FeedChangeSchema),
  /** Where the next read should start: the last change's id, or the position asked for when nothing is newer. */
  position: Position,
  /** Changes after the position asked for were dropped (trimmed, or lost with a restart): the reader has
   * missed some and should sync once. */
  gap: z.boolean().default(false),
});
export type FeedPage = z.infer<typeof FeedPageSchema>;

export const FeedRegisterReplySchema = z.object({
  account_uuid: z.string(),
  position: Position,
  /** Subscriptions the platform would not take for this app (each is made on its own; the rest stand). */
  refused: z.array(z.object({ unique_id: z.string(), message: z.string() })).default([]),
  /** Whether this register ensured the subscriptions: the caller's staff member is an administrator
   * (administrators alone manage them) and they were due a check (false while they are known to be in place). */
  manages_subscriptions: z.boolean().default(false),
});
export type FeedRegisterReply = z.infer<typeof FeedRegisterReplySchema>;

export const FeedRotateReplySchema = z.object({
  /** Subscriptions the platform would not move to the new callback URL (the old URL then still works). */
  refused: z.array(z.object({ unique_id: z.string(), message: z.string() })).default([]),
  /** Whether the old callback URL is now refused (every subscription moved). */
  retired: z.boolean(),
});
export type FeedRotateReply = z.infer<typeof FeedRotateReplySchema>;

/** The SSE event name of one change on /feed/stream. */
export const FEED_CHANGE_EVENT = 'change';
/** The SSE event sent first when the position asked for is older than what the feed keeps (FeedPage.gap). */
export const FEED_GAP_EVENT = 'gap';

/** The one-time code of a pairing: opaque to the extension, signed by the companion, minutes long. */
const PairingCodeSchema = z
  .string()
  .min(16)
  .max(1024)
  .regex(/^[A-Za-z0-9._~-]+$/, 'a pairing code is URL-safe text');

/** The extension claims a pairing code read from the pairing page, with its own platform token (the code's account
 * must be the token's) and its installation id (the code is then spent, for this installation only). */
export const PairClaimRequestSchema = z.object({
  code: PairingCodeSchema,
  installation: DigestSchema,
});
export type PairClaimRequest = z.infer<typeof PairClaimRequestSchema>;

/** Who the platform says this browser's person is: the staff member who chose Fieldside on the job card. */
export const PairClaimReplySchema = z.object({
  account_uuid: z.string().min(1),
  staff_uuid: z.string().min(1),
  /** The staff member's name as the platform has it, for "This browser is Ethan Murphy's". */
  staff_name: z.string(),
});
export type PairClaimReply = z.infer<typeof PairClaimReplySchema>;

/** CompanionError codes a claim can answer (400, except other_account: 403). */
export const PAIR_CLAIM_ERRORS = [
  'pairing_invalid',
  'pairing_expired',
  'pairing_used',
  'pairing_other_account',
] as const;
