import type { Connection, SessionRecord } from './schemas';

// Which workspace (one account, as one staff member) the stored session describes. THE rule for
// whose jobs the extension shows, in one place: the background's workspace (one cache per account
// and staff member) and the popup (which opens that cache itself) must agree, or the popup would
// read a different person's cache. Type-only imports: the popup bundle stays zod-free.

/** The workspace of the signed-in person: whose data, where, and with which permissions. */
export interface WorkspaceKey {
  accountUuid: string;
  /** The impersonated staff member, or 'all' (API-key mode: the whole account). */
  staffUuid: string | 'all';
  /** The platform's {base_url}. */
  baseUrl: string;
  /** OAuth scopes granted (empty in API-key mode, where every scope applies). */
  scopes: readonly string[];
  mode: 'oauth' | 'api_key';
  /** OAuth without impersonation: requests use the token's own view, though `staffUuid` is whose day is shown. A
   * self-declared administrator (ownViewOf): acting as an administrator on a browser's say-so could widen what a
   * token sees. */
  ownView?: true;
}

/**
 * The staff member in view: the impersonated one, else "me"; `'all'` with an API key (requests are
 * not made as a staff member, the whole account is visible); null when an OAuth session has not
 * yet answered "who are you" (no workspace, no cache).
 */
export function staffInView(record: Pick<SessionRecord, 'mode' | 'me' | 'viewAs'>): string | 'all' | null {
  if (record.mode === 'api_key') return 'all';
  return record.viewAs?.uuid ?? record.me?.uuid ?? null;
}

/** Whether requests of an OAuth session use the token's own view rather than acting as the staff member in view:
 * when the person in view is an administrator only by their own say-so ("who are you", not pairing). Narrowing
 * by impersonation is the point of "who are you"; widening by it is for people the platform vouched for. */
export function ownViewOf(record: Pick<SessionRecord, 'mode' | 'me' | 'meSource' | 'viewAs'>): boolean {
  return record.mode === 'oauth' && !record.viewAs && record.me?.isAdmin === true && record.meSource !== 'platform';
}

/** The workspace a session and connection describe; null signed out or before "who are you". */
export function workspaceKeyOf(record: SessionRecord | null, connection: Connection): WorkspaceKey | null {
  if (!record) return null;
  const staff = staffInView(record);
  if (staff === null) return null;
  return {
    accountUuid: record.account.uuid,
    staffUuid: staff,
    baseUrl: connection.restUrl,
    scopes: record.scopes,
    mode: record.mode,
    ...(ownViewOf(record) ? { ownView: true as const } : {}),
  };
}

/** One string per workspace (not per grant: more scopes keep the same workspace). */
export function workspaceId(key: WorkspaceKey): string {
  return [key.mode, key.baseUrl, key.accountUuid, key.staffUuid, ...(key.ownView ? ['own'] : [])].join('|');
}

/** Whether requests of the workspace act as its staff member (x-impersonate-uuid). */
export function impersonates(key: Pick<WorkspaceKey, 'mode' | 'staffUuid' | 'ownView'>): boolean {
  return key.mode === 'oauth' && key.staffUuid !== 'all' && !key.ownView;
}
