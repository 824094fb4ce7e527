import { storage } from 'wxt/utils/storage';
import { DEV_COMPANION_URL, DEV_PLATFORM_URL } from '../../contracts/extension-ids';
import type { KeptFirstScreen } from './kept-first-screen';
import { STORAGE_KEYS } from './keys';
import { ConnectionSchema, SessionRecordSchema, type Connection, type FeedPosition, type SessionRecord, type SignedOutReason } from './schemas';
import { workspaceKeyOf, type WorkspaceKey } from './workspace-key';

// Every storage item Fieldside keeps, declared once. Nothing here is a secret: storage.local is
// readable by content scripts, so tokens and keys live in lib/auth/secrets (IndexedDB) instead.
// Values are validated on read (a corrupt or older record falls back rather than crashing).

/** Build-time defaults: production builds get WXT_PLATFORM_URL / WXT_COMPANION_URL, development the local servers. */
export const defaultConnection: Connection = {
  platformUrl: import.meta.env.WXT_PLATFORM_URL || DEV_PLATFORM_URL,
  companionUrl: import.meta.env.WXT_COMPANION_URL || DEV_COMPANION_URL,
};

/** Where the platform and the companion are. */
export const connectionItem = storage.defineItem<Connection>(STORAGE_KEYS.connection, {
  fallback: defaultConnection,
  version: 1,
});

/** Who is signed in, without any credential. null when signed out. */
export const sessionItem = storage.defineItem<SessionRecord | null>(STORAGE_KEYS.session, {
  fallback: null,
  version: 1,
});

/** Why the last session ended, shown until the next sign-in. */
export const signedOutReasonItem = storage.defineItem<SignedOutReason | null>(STORAGE_KEYS.signedOutReason, {
  fallback: null,
  version: 1,
});

/** The webhook change feed's position for an account: the next wake catches up from here. Written
 * by lib/live-updates after the changes before it are applied. */
export const feedPositionItem = storage.defineItem<FeedPosition | null>(STORAGE_KEYS.feedPosition, {
  fallback: null,
  version: 1,
});

/** Sites the person added in the options ("Sites"): match patterns (`https://host/*`) whose pages get
 * job badges beside text like "Job #1234". Each has its optional host permission granted. */
export const contentSitesItem = storage.defineItem<string[]>(STORAGE_KEYS.contentSites, { fallback: [], version: 1 });

/** When each workspace last had a full refresh (ms, device clock), keyed by workspaceId. Not secret:
 * the keys hold account and staff uuids, which pages see anyway. Survives the worker stopping. */
export const syncFullRefreshItem = storage.defineItem<Record<string, number>>(STORAGE_KEYS.syncFullRefresh, {
  fallback: {},
  version: 1,
});

/** Until when automatic syncs hold back after the platform's daily request limit (ms, device clock),
 * keyed per app per account, as the platform counts. Survives the worker stopping, which it usually
 * does between two alarms. */
export const syncDailyLimitHoldItem = storage.defineItem<Record<string, number>>(STORAGE_KEYS.syncDailyLimitHold, {
  fallback: {},
  version: 1,
});

/** The job the person last asked to open in the side panel. storage.session: lives for the browser
 * session (surviving a stopped worker) and is not readable by content scripts. */
export const sidePanelJobItem = storage.defineItem<string | null>(STORAGE_KEYS.sidePanelJob, { fallback: null, version: 1 });

/** The popup's first screen, kept for its next opening (lib/cache/first-screen reads and writes it
 * raw, so the popup bundles no zod). storage.session: not readable by content scripts; the rows
 * name customers and addresses. */
export const popupFirstScreenItem = storage.defineItem<KeptFirstScreen | null>(STORAGE_KEYS.popupFirstScreen, { fallback: null });


export async function readConnection(): Promise<Connection> {
  const parsed = ConnectionSchema.safeParse(await connectionItem.getValue());
  return parsed.success ? parsed.data : defaultConnection;
}

export async function readSession(): Promise<SessionRecord | null> {
  const parsed = SessionRecordSchema.nullable().safeParse(await sessionItem.getValue());
  return parsed.success ? parsed.data : null;
}

/** The workspace the stored session describes, or null (signed out, or OAuth before "who are you"). */
export async function readWorkspaceKey(): Promise<WorkspaceKey | null> {
  const [record, connection] = await Promise.all([readSession(), readConnection()]);
  return workspaceKeyOf(record, connection);
}
