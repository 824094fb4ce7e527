// The seams between the emulator's parts. Each part (REST core, OAuth server, webhooks) owns its
// own folder and talks to the others only through these types, so they can change independently.
//
//   rest/      REST API under {base_url}/api_1.0, auth, scopes, impersonation, rate limit, faults
//   data/      seeded records, the store (stable order, cursor pages, $filter), change events
//   oauth/     {auth_url}/oauth/authorize (consent page), {auth_url}/oauth/access_token, grants
//   webhooks/  {base_url}/webhook_subscriptions/{object,event}, delivery (410 / 429 / 72-hour rules), events
//   control/   {base_url}/_emulator/... test and development surface, and its typed client
//   web/       the platform's web app at {web_url}/ (sign-in, dispatch board, job windows, add-on windows)
//   addons/    the platform's side of an add-on: its manifest, the signed event posted to it, invoke, the client SDK
//
// Two origins, as on the real platform (api.servicem8.com vs go.servicem8.com): {base_url} serves REST, the
// webhook API and the control surface; {auth_url} === {web_url} serves OAuth and the web app.
import type { SentSms } from './data/sms-log';
import type { FaultSpec } from './rest/faults';
import type { Switches } from './switches';

/** Milliseconds since the epoch, on the emulator's controllable clock. */
export type EpochMs = number;

/** The emulator's clock. Everything time-based (token expiry, edit_date, rate-limit windows,
 * webhook retries) reads this, never Date.now(), so tests can move 72 hours in a second. */
export interface Clock {
  now(): EpochMs;
  /** Moves the clock forward and fires every timer that falls due, in time order. */
  advance(seconds: number): Promise<void>;
  /** Runs `fn` when the emulator clock reaches `at` (or on the next tick if already past). */
  setTimer(at: EpochMs, fn: () => void | Promise<void>): () => void;
}

export type SecurityRole = 'administrator' | 'office' | 'technician' | 'subcontractor';

export interface StaffInfo {
  uuid: string;
  name: string;
  email: string;
  role: SecurityRole;
  active: boolean;
}

export interface AccountInfo {
  uuid: string;
  name: string;
  api_key: string;
  staff: StaffInfo[];
}

export interface AppInfo {
  /** The add-on's name as its listing shows it (its manifest's), which the consent page names. */
  name: string;
  client_id: string;
  client_secret: string;
  return_url: string;
  /** Where the platform posts the add-on's events (its job-card actions), when an add-on is registered. */
  addon_event_url?: string;
  /** Where the web app's add-on store sends an administrator who activates the add-on, when one is registered. */
  addon_activation_url?: string;
}

/** The one line of JSON the emulator prints on start. */
export interface EmulatorInfo {
  /** REST (`/api_1.0`), the webhook subscription API and the `/_emulator` control surface. */
  base_url: string;
  /** OAuth (`/oauth/authorize`, `/oauth/access_token`): the web app's origin, as on the real platform. */
  auth_url: string;
  /** The web app staff use all day (the real platform's go.servicem8.com); the same origin as auth_url. */
  web_url: string;
  app: AppInfo;
  accounts: AccountInfo[];
  /** Sent as the `x-emulator-control` header to {base_url}/_emulator (control/guard.ts): random per run unless
   * given at start. */
  control_token: string;
}

/** Who is calling, after authentication and before impersonation. */
export type Principal =
  | { kind: 'api_key'; accountUuid: string; appId: string }
  | {
      kind: 'oauth';
      accountUuid: string;
      appId: string; // the client_id
      scopes: ReadonlySet<string>;
      /** The staff member who consented. */
      consentingStaffUuid: string;
    };

export type TokenCheck = { ok: true; principal: Principal } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

export interface IssuedTokens {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
  refresh_token: string;
}

/** What the OAuth part offers the rest of the emulator. */
export interface OAuthAuthority {
  /** Checks an access token (from `Authorization: Bearer` or the `access_token` parameter). */
  authenticate(accessToken: string): TokenCheck;
  /** The account disables the add-on: every token and refresh token of the app for it stops working. */
  revokeAccount(accountUuid: string): void;
  /** The account has activated the app: someone in it granted it access, and the account has not disabled it
   * since. Only such an account sees the add-on's actions. */
  isActivated(accountUuid: string): boolean;
  /** Who activated it: the staff member whose grant is the account's oldest still held (undefined when none). */
  activatedBy(accountUuid: string): string | undefined;
  /** Test surface: issue a token set as if a staff member had consented to `scopes`. */
  issueDirect(input: { accountUuid: string; staffUuid: string; scopes: string[] }): IssuedTokens;
  /** Counts of token-endpoint grants served, for tests ("exactly one refresh"). */
  grantCounts(): { authorization_code: number; refresh_token: number };
}

/** A change to one record, as the webhook engine needs it. */
export interface RecordChange {
  accountUuid: string;
  /** Record type as in the REST path, e.g. "job", "note", "jobactivity". */
  recordType: string;
  uuid: string;
  changedFields: string[];
  at: EpochMs;
  /** The record after the change; event subscriptions (job.note_added, job.badge_added…) read it. */
  record?: Readonly<Record<string, string | number>>;
  /** The record before the change; absent when the change created the record. */
  previous?: Readonly<Record<string, string | number>>;
}

export interface ChangeBus {
  emit(change: RecordChange): void;
  subscribe(listener: (change: RecordChange) => void): () => void;
}

/** Hono environment of every emulator route after authentication (set by rest/auth middleware). */
export interface EmulatorEnv {
  Variables: {
    principal: Principal;
    /** The staff member a write is attributed to: the x-impersonate-uuid one, or undefined (the token's own). */
    actingStaffUuid: string | undefined;
    /** The staff members whose permissions all apply to what the request sees (the `tokenView` and `impersonation`
     * switches decide who); empty: the whole account. */
    viewers: readonly string[];
  };
}

/** Built by oauth/index.ts; start.ts mounts `routes` at {auth_url}/oauth. */
export interface OAuthServerDeps {
  clock: Clock;
  app: AppInfo;
  accounts: AccountInfo[];
  /** Read at every refresh (`refreshTokens`); default: the default switches. */
  switches?: { get(): Switches };
  /** A refresh token older than this (emulator seconds since it was issued) is refused with invalid_grant; absent:
   * never (a test setting: the real lifetime is unknown, FIDELITY.md #10). */
  refreshTokenLifetimeSeconds?: number;
}

/** Built by webhooks/index.ts; start.ts mounts `routes` at {base_url}/webhook_subscriptions behind
 * the REST auth middleware (so `principal` is set), and calls `close()` on shutdown. */
export interface WebhookDeps {
  clock: Clock;
  changes: ChangeBus;
  baseUrl: () => string;
  /** Read when a notification is sent (its content type); default: the default switches. */
  switches?: { get(): Switches };
}

/** The typed client of the {base_url}/_emulator/ test surface (control/client.ts implements it). */
export interface ControlClient {
  info(): Promise<EmulatorInfo>;
  /** Emulator clock, ms since the epoch. */
  now(): Promise<EpochMs>;
  advanceClock(seconds: number): Promise<void>;
  /** Change fields of a record as the office would (bumps edit_date, emits a change). `raw` skips validation,
   * for serving malformed records to clients. */
  updateRecord(
    accountUuid: string,
    recordType: string,
    uuid: string,
    fields: Record<string, unknown>,
    opts?: { raw?: boolean },
  ): Promise<void>;
  createRecord(accountUuid: string, recordType: string, fields: Record<string, unknown>): Promise<string>;
  /** Every active and inactive record of a type, unpaged, as the admin sees them (for assertions). */
  listRecords(accountUuid: string, recordType: string): Promise<Record<string, unknown>[]>;
  /** Job uuids that this staff member may see (their job activities and job allocations), for assertions. */
  visibleJobUuids(accountUuid: string, staffUuid: string): Promise<string[]>;
  revokeAccess(accountUuid: string): Promise<void>;
  issueTokens(accountUuid: string, staffUuid: string, scopes: string[]): Promise<IssuedTokens>;
  injectFault(fault: FaultSpec): Promise<void>;
  clearFaults(): Promise<void>;
  /** The platform limits per app per account. `perDay` left out keeps the daily limit as it is (20,000 unless
   * set): the two limits are independent, so a caller that wants both out of the way sets both. Counting
   * starts afresh in both windows. */
  setRateLimit(perMinute: number, perDay?: number): Promise<void>;
  stats(): Promise<{
    requests: number;
    /** The last requests to the platform's API (at most request-log.ts's RECENT_REQUESTS_KEPT), oldest first: "GET /api_1.0/job.json?cursor=-1". */
    recent: string[];
    faultsInjected: number;
    grants: { authorization_code: number; refresh_token: number };
  }>;
  /** The current switches. */
  switches(): Promise<Switches>;
  /** Changes some switches at once (the others stay); answers them all. */
  setSwitches(patch: Partial<Switches>): Promise<Switches>;
  setUuidReuse(mode: Switches['uuidReuse']): Promise<void>;
  setWebhookContentType(type: Switches['webhookContentType']): Promise<void>;
  setUnparsableFilter(mode: Switches['unparsableFilter']): Promise<void>;
  setPageSize(records: number): Promise<void>;
  /** The texts the platform was asked to send for an account, oldest first (rest/sms.ts). */
  sentSms(accountUuid: string): Promise<SentSms[]>;
}

export type { SentSms };
export type { FaultSpec } from './rest/faults';
export type { Switches } from './switches';
export type { EventSubscription, ObjectSubscription, WebhookSubscription } from './webhooks/types';
export type { AddonAction, AddonManifest } from './addons/manifest';

/** What `startEmulator()` (start.ts) answers: the printed info, the control client, and a way to stop it all. */
export interface RunningEmulator {
  info: EmulatorInfo;
  control: ControlClient;
  close(): Promise<void>;
}
