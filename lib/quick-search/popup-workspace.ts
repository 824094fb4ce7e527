import { browser } from 'wxt/browser';
import { cacheDbName } from '../cache/store/schema';
import type { SessionRecord } from '../settings/items';
import { staffInView } from '../settings/workspace-key';
import { earlyOr } from '../cache/first-screen/early-reads';

// Which cache the popup reads: the session record (lib/settings.ts's `local:session` item, read
// raw here so the popup does not bundle zod) → account and staff in view → the cache's name.

export type PopupScope =
  | { state: 'signed_out' }
  /** Signed in with OAuth, but "who are you" is not answered yet: there is no cache to read. */
  | { state: 'choose_staff' }
  | { state: 'ready'; dbName: string; accountUuid: string };

/** The storage.local key of `sessionItem` (WXT drops the `local:` area prefix). */
export const SESSION_KEY = 'session';

export function scopeOf(record: unknown): PopupScope {
  if (!isSessionRecord(record)) return { state: 'signed_out' };
  const staff = staffInView(record);
  if (staff === null) return { state: 'choose_staff' };
  return { state: 'ready', dbName: cacheDbName(record.account.uuid, staff), accountUuid: record.account.uuid };
}

export async function readScope(): Promise<PopupScope> {
  const stored = await earlyOr('session', () => browser.storage.local.get(SESSION_KEY));
  return scopeOf(stored[SESSION_KEY]);
}

/** Calls `onChange` when the session changes (sign-in, sign-out, "who are you", view as). */
export function watchScope(onChange: () => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && SESSION_KEY in changes) onChange();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

function isSessionRecord(value: unknown): value is Pick<SessionRecord, 'mode' | 'me' | 'viewAs' | 'account'> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<SessionRecord>;
  return (v.mode === 'oauth' || v.mode === 'api_key') && typeof v.account?.uuid === 'string';
}
