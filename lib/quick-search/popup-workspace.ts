import { ownViewOf, staffInView } from '../settings/workspace-key';
import { earlyOr } from '../cache/first-screen/early-reads';
import type { SessionRecord } from '../settings/schemas';
import { cacheDbName } from '../databases';
import { areaName, STORAGE_KEYS } from '../settings/keys';
import { readTrustedRaw } from '../settings/trusted-raw';
import { canUse } from '../auth/scopes';

// Which cache the popup reads: the session record (lib/settings's session item, read raw here so
// the popup does not bundle zod, from wherever the browser keeps trusted items) → account and
// staff in view → the cache's name. Nothing here imports idb (popup-workspace-watch.ts does): the popup's early script
// decides with popupWorkspaceOf.

export type PopupWorkspace =
  | { state: 'signed_out' }
  /** Signed in with OAuth, but "who are you" is not answered yet: there is no cache to read. */
  | { state: 'choose_staff' }
  /** `canSearch` false: an OAuth sign-in that does not allow reading jobs and customers (one from
   * before sign-in asked for them): the popup asks for them instead of waiting for a sync that fails. */
  | { state: 'ready'; dbName: string; accountUuid: string; canSearch: boolean; timeZone: string | null };

/** The storage name of `sessionItem`. */
export const SESSION_NAME = areaName(STORAGE_KEYS.session);

export function popupWorkspaceOf(record: unknown): PopupWorkspace {
  if (!isSessionRecord(record)) return { state: 'signed_out' };
  const staff = staffInView(record);
  if (staff === null) return { state: 'choose_staff' };
  const canSearch = record.mode === 'api_key' || canUse('search', Array.isArray(record.scopes) ? record.scopes : []);
  return {
    state: 'ready',
    dbName: cacheDbName(record.account.uuid, staff, ownViewOf(record)),
    accountUuid: record.account.uuid,
    canSearch,
    timeZone: typeof record.account.timeZone === 'string' ? record.account.timeZone : null,
  };
}

export async function readPopupWorkspace(): Promise<PopupWorkspace> {
  const stored = await earlyOr('session', async () => ({ [SESSION_NAME]: await readTrustedRaw(STORAGE_KEYS.session) }));
  return popupWorkspaceOf(stored[SESSION_NAME]);
}

function isSessionRecord(
  value: unknown,
): value is Pick<SessionRecord, 'mode' | 'me' | 'meSource' | 'viewAs' | 'account' | 'scopes'> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<SessionRecord>;
  return (v.mode === 'oauth' || v.mode === 'api_key') && typeof v.account?.uuid === 'string';
}
