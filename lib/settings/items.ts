import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { DEV_COMPANION_URL, DEV_PLATFORM_URL } from '../../contracts/extension-ids';
import type { KeptFirstScreen } from '../cache/first-screen/kept-screen';
import { ConnectionSchema, SignedOutReasonSchema, StaffSummarySchema, type Connection } from './schemas';

// Every storage item Fieldside keeps, declared once. Nothing here is a secret: storage.local is
// readable by content scripts, so tokens and keys live in lib/secrets/ (IndexedDB) instead.
// Values are validated on read (a corrupt or older record falls back rather than crashing).

/** Build-time defaults: production builds get WXT_PLATFORM_URL / WXT_COMPANION_URL, development the local servers. */
export const defaultConnection: Connection = {
  platformUrl: import.meta.env.WXT_PLATFORM_URL || DEV_PLATFORM_URL,
  companionUrl: import.meta.env.WXT_COMPANION_URL || DEV_COMPANION_URL,
};

/** Where the platform and the companion are. */
export const connectionItem = storage.defineItem<Connection>('local:connection', {
  fallback: defaultConnection,
  version: 1,
});

export const SessionRecordSchema = z.object({
  mode: z.enum(['oauth', 'api_key']),
  account: z.object({ uuid: z.string(), name: z.string(), email: z.string() }),
  /** Scopes granted (OAuth); empty for an API key. Not secret: pages show them. */
  scopes: z.array(z.string()),
  me: StaffSummarySchema.nullable(),
  viewAs: StaffSummarySchema.nullable(),
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

/** Who is signed in, without any credential. null when signed out. */
export const sessionItem = storage.defineItem<SessionRecord | null>('local:session', {
  fallback: null,
  version: 1,
});

/** Why the last session ended, shown until the next sign-in. */
export const signedOutReasonItem = storage.defineItem<z.infer<typeof SignedOutReasonSchema> | null>(
  'local:signedOutReason',
  { fallback: null, version: 1 },
);

/** The webhook change feed's position for an account (an opaque companion position, not a secret):
 * the next wake catches up from here. Written by lib/feed after the changes before it are applied. */
export const FeedPositionSchema = z.object({ accountUuid: z.string(), position: z.string().min(1).max(64) });
export const feedPositionItem = storage.defineItem<z.infer<typeof FeedPositionSchema> | null>('local:feedPosition', {
  fallback: null,
  version: 1,
});

/** Sites the person added in the options ("Sites"): match patterns (`https://host/*`) whose pages get
 * job badges beside text like "Job #1234". Each has its optional host permission granted. */
export const ContentSitesSchema = z.array(z.string().regex(/^https?:\/\/[^/*]+\/\*$/, 'a site pattern like https://mail.example.com/*')).max(50);
export const contentSitesItem = storage.defineItem<string[]>('local:contentSites', { fallback: [], version: 1 });

/** Every item above, for tests that check nothing secret is ever stored in storage.local. */
/** When each view last had a full refresh (ms, device clock), keyed by lib/session's scopeKey. Not secret:
 * scope keys hold account and staff uuids, which pages see anyway. Survives the worker stopping. */
export const syncFullRefreshItem = storage.defineItem<Record<string, number>>('local:syncFullRefresh', {
  fallback: {},
  version: 1,
});

/** Until when automatic syncs hold back after the platform's daily request limit (ms, device clock),
 * keyed by lib/sync's daily-limit key (per app per account, as the platform counts). Survives the
 * worker stopping, which it usually does between two alarms. */
export const syncDailyLimitHoldItem = storage.defineItem<Record<string, number>>('local:syncDailyLimitHold', {
  fallback: {},
  version: 1,
});

/** The job the person last asked to open in the side panel. storage.session: lives for the browser
 * session (surviving a stopped worker) and is not readable by content scripts. */
export const sidePanelJobItem = storage.defineItem<string | null>('session:sidePanelJob', { fallback: null, version: 1 });

/** The popup's first screen, kept for its next opening (lib/quick-search/snapshot.ts reads and
 * writes it raw, under this key, so the popup bundles no zod). storage.session: not readable by
 * content scripts; the rows name customers and addresses. */
export const popupFirstScreenItem = storage.defineItem<KeptFirstScreen | null>('session:popupFirstScreen', { fallback: null });

export const allSettingsItems = {
  connectionItem,
  sessionItem,
  signedOutReasonItem,
  feedPositionItem,
  contentSitesItem,
  syncFullRefreshItem,
  syncDailyLimitHoldItem,
  sidePanelJobItem,
  popupFirstScreenItem,
};

export async function readConnection(): Promise<Connection> {
  const parsed = ConnectionSchema.safeParse(await connectionItem.getValue());
  return parsed.success ? parsed.data : defaultConnection;
}

export async function readSession(): Promise<SessionRecord | null> {
  const parsed = SessionRecordSchema.nullable().safeParse(await sessionItem.getValue());
  return parsed.success ? parsed.data : null;
}
