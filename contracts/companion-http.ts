import { z } from 'zod';
import {
  CodeVerifierSchema,
  DigestSchema,
  InstallationKeySchema,
  InstallationProofSchema,
  RefreshProofSchema,
} from './installation-binding';

// The companion's HTTP API (server/companion), declared once for both sides: the companion validates
// what it receives with these schemas, and the extension (lib/auth, lib/live-updates) validates
// what it gets back. The companion holds the App Secret; extensions never do.
//
//   GET  /  /health  /ready   a page for people; the process is up; the store answers (503 in words if not)
//   GET  /icon.png       Fieldside's icon, for the add-on manifest
//   GET  /activate       the add-on's Activation URL: a redirect to the platform's consent page for the account
//                        (`?ticket=…`: an administrator's "Activate again" from the job-card panel, which alone may
//                        replace a grant the account already keeps)
//   POST /oauth/start    OAuthStartRequest   → OAuthStartReply; the authorize URL names the flow's own Return URL
//   GET  /oauth/return/<flow>  the platform's redirect of one sign-in: the companion hands the code on to the
//                        extension (OAUTH_REDIRECT_PARAMS, with `code_mac`); `/oauth/return` alone ends an
//                        activation, or a sign-in whose authorize URL left out redirect_uri (Firefox)
//   POST /oauth/token    OAuthTokenRequest   → the platform's token answer, its refresh token sealed, and
//                        CompanionTokenFields (the pass for the feed)
//   POST /oauth/refresh  OAuthRefreshRequest → the same
//   Every call below but /webhooks and /pair carries `Authorization: Bearer <platform access token>` and
//   `X-Fieldside-Pass: <pass>` (COMPANION_HEADERS): without a pass of that very token, 401 `invalid_pass` and
//   not one platform request.
//   POST /feed/register  → FeedRegisterReply
//   POST /feed/rotate    (a pass naming an administrator the platform vouched for) → FeedRotateReply: a new
//                        callback URL
//   GET  /feed?after&limit                       → FeedPage (catch-up), each change as this reader may have it
//   GET  /feed/stream?after  Server-Sent Events: FEED_GAP_EVENT, then FEED_CHANGE_EVENT events, id = feed
//                        position (live); ends when its token would expire
//   POST /webhooks/<callback token>  the platform's webhook deliveries
//   POST /addon/event    the add-on's event URL: the platform's signed event (a JWT, HS256 with the App Secret)
//                        when a person chooses Fieldside on a job card → the panel's HTML; follow-up events
//                        from the panel (the platform's client SDK `invoke`) → their answer as text; the
//                        manifest's webhooks (`webhook_subscription`) → the change, for the account's feed
//   GET  /pair           the page "Use Fieldside in this browser" opens; its one-time code rides in the
//                        fragment, where the extension's pairing script reads it
//   POST /pair/claim     (Bearer, X-Fieldside-Pass) PairClaimRequest → PairClaimReply: the staff member the
//                        platform vouched for, as an identity bound to this installation's key
// Errors the companion answers itself: CompanionError (codes: COMPANION_ERRORS, PAIR_CLAIM_ERRORS). How sign-in
// is tied to one installation: contracts/installation-binding.ts. The paths and the pairing page's ids:
// contracts/companion-paths.ts.

export { COMPANION_PATHS, PAIRING_PAGE } from './companion-paths';
export * from './companion-feed';

/** Request headers of the companion's own. */
export const COMPANION_HEADERS = {
  /** The pass the last /oauth/token, /oauth/refresh or /pair/claim answered (`fieldside_pass`) for the access
   * token the request carries: how the companion knows the caller's account, and the staff member the platform
   * vouched for (pairing), without asking the platform. The companion takes no identity from a browser's say-so. */
  pass: 'X-Fieldside-Pass',
} as const;

/** A compact JWS (three base64url parts), opaque to the extension: an identity or a pass. */
const CompactJwsSchema = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'a compact JWS');

/** What the companion signed when pairing bound a staff member to an installation (PairClaimReply.identity): the
 * account, the staff member and the installation key's id, no expiry. Opaque to the extension, which keeps it per
 * (account, installation) and sends it at every /oauth/token and /oauth/refresh of that installation; it is worth
 * nothing without the installation's private key. */
export const IdentitySchema = CompactJwsSchema;
/** The companion's pass for one access token (COMPANION_HEADERS.pass): its account, the token's digest, its expiry
 * and, when the request carried an identity that checked, the staff member. Opaque to the extension. */
export const PassSchema = CompactJwsSchema;

/** What /oauth/return[/<flow>] adds to the extension's identity redirect URL: the platform's `code`, the flow's
 * `state` and the companion's `code_mac`, which ties that code to that state and goes back with them to
 * /oauth/token; or the platform's `error` (and `error_description`) with the `state`. */
export const OAUTH_REDIRECT_PARAMS = {
  code: 'code',
  state: 'state',
  codeMac: 'code_mac',
  error: 'error',
  errorDescription: 'error_description',
} as const;
/** Opaque to the extension: handed on by /oauth/return, sent back at /oauth/token. */
export const CodeMacSchema = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'a code_mac as /oauth/return handed it on');

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
  /** As /oauth/return handed it on with this code and state (OAUTH_REDIRECT_PARAMS.codeMac). */
  code_mac: CodeMacSchema,
  code_verifier: CodeVerifierSchema,
  /** The public key the refresh token is sealed to. */
  installation_key: InstallationKeySchema,
  /** This installation's identity for the account (PairClaimReply.identity), kept across sign-ins: the pass then
   * names its staff member (CompanionTokenFields.fieldside_staff). */
  identity: IdentitySchema.optional(),
});
export const OAuthRefreshRequestSchema = z.object({
  /** The sealed refresh token the companion answered last (opaque to the extension). */
  refresh_token: z.string().min(1).max(4096),
  proof: RefreshProofSchema,
  /** As at /oauth/token. */
  identity: IdentitySchema.optional(),
});

/** What /oauth/token and /oauth/refresh answer besides the platform's token fields (access_token, token_type,
 * expires_in, scope, and refresh_token sealed to the installation). */
export const CompanionTokenFieldsSchema = z.object({
  /** The pass for this access token (COMPANION_HEADERS.pass); it expires with the token. Absent when the platform
   * would not say the token's account (a grant without the `vendor` scope): there is no feed then. */
  fieldside_pass: PassSchema.optional(),
  /** The staff member the pass names: present only when the request carried an identity of this account and
   * installation that checked. A request with an identity whose answer lacks this field: the identity is not
   * good for this grant (another account, or the companion's signing key changed). */
  fieldside_staff: z.string().min(1).optional(),
  /** Whether the token's account turned Fieldside on: an administrator activated the add-on, and the companion keeps
   * the account's grant. Until then the job card's Fieldside cannot say who anyone is (pairing), and the extension
   * says so instead of sending people there. Absent when the account is not known (no `vendor` scope). */
  fieldside_activated: z.boolean().optional(),
});
export type CompanionTokenFields = z.infer<typeof CompanionTokenFieldsSchema>;

/** Every error the companion answers itself: a stable machine code (OAuth style, so the extension
 * handles the platform's and the companion's alike) and a sentence for people. The feed's and pairing's 401 and
 * 403 codes are COMPANION_ERRORS. */
export const CompanionErrorSchema = z.object({
  error: z.string(),
  message: z.string().optional(),
  error_description: z.string().optional(),
});
export type CompanionError = { error: string; message: string };

/** The codes of the companion's own 401 and 403 answers on the feed and at /pair/claim. */
export const COMPANION_ERRORS = {
  /** 401: no `Authorization: Bearer <access token>`. */
  invalidToken: 'invalid_token',
  /** 401: no pass, or one that is not the companion's, has expired, or is not for this access token: refresh the
   * token (its answer has a new pass) or sign in again. Nothing was asked of the platform. */
  invalidPass: 'invalid_pass',
  /** 403: only a staff member the platform vouched for (pairing) may do this; this pass names none. */
  identityRequired: 'identity_required',
  /** 403: the staff member the pass names is not an administrator of the account, as the platform says. */
  notAdministrator: 'not_administrator',
} as const;

/** The one-time code of a pairing: opaque to the extension, signed by the companion, minutes long. */
const PairingCodeSchema = z
  .string()
  .min(16)
  .max(1024)
  .regex(/^[A-Za-z0-9._~-]+$/, 'a pairing code is URL-safe text');

/** The extension's background claims a pairing code read from the pairing page, with its own access token and pass
 * (the code's account must be the pass's), its installation key and that key's signature over the code
 * (pairProofMessage): the code is then spent, for this installation only. */
export const PairClaimRequestSchema = z.object({
  code: PairingCodeSchema,
  installation_key: InstallationKeySchema,
  proof: InstallationProofSchema,
});
export type PairClaimRequest = z.infer<typeof PairClaimRequestSchema>;

/** Who the platform says this browser's person is: the staff member who chose Fieldside on the job card. The
 * extension asks the person to confirm ("Work as Ethan Murphy in this browser?") before it keeps any of it. */
export const PairClaimReplySchema = z.object({
  account_uuid: z.string().min(1),
  staff_uuid: z.string().min(1),
  /** The staff member's name as the platform has it, for "Work as Ethan Murphy in this browser?". */
  staff_name: z.string(),
  /** The statement of it, bound to this installation (OAuthTokenRequest.identity). */
  identity: IdentitySchema,
  /** A fresh pass for the caller's access token, naming the staff member. */
  fieldside_pass: PassSchema,
});
export type PairClaimReply = z.infer<typeof PairClaimReplySchema>;

/** CompanionError codes a claim can answer (400, except other_account: 403; besides COMPANION_ERRORS' 401s).
 * `pairing_unbound`: the proof is not the installation key's signature over this code; `clock_skew`: the proof's
 * time is more than REFRESH_PROOF_MAX_SKEW_SECONDS off. */
export const PAIR_CLAIM_ERRORS = [
  'pairing_invalid',
  'pairing_expired',
  'pairing_used',
  'pairing_other_account',
  'pairing_unbound',
  'clock_skew',
] as const;
