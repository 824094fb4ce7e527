// Every IndexedDB database Fieldside keeps: its name, the room that owns it, and what sign-out does
// to it. One list: the owners open their databases by these names, and sign-out clears by this
// table (lib/account), never by a name prefix. A test holds the list complete.
//
// Names carry the account and staff member so one person's data is never read as another's.

const lower = (id: string) => id.toLowerCase();

export interface DatabaseEntry {
  /** The room that opens it (and declares its schema and version). */
  owner: string;
  /** What sign-out does: `delete` the database, or `keep` it (it clears itself, or holds unsent work). */
  onSignOut: 'delete' | 'keep';
  /** Whether a database name is one of this entry's. */
  matches(name: string): boolean;
}

export const DATABASES = {
  /** Tokens and the API key; its entries are cleared by the rules of lib/auth/secrets/registry.ts. */
  secrets: { owner: 'lib/auth/secrets', onSignOut: 'keep', matches: (name) => name === 'fieldside-secrets' },
  /** The offline job cache and search index, per account and staff member ('all': API-key mode). */
  cache: { owner: 'lib/cache/store', onSignOut: 'delete', matches: (name) => name.startsWith('fieldside-cache:') },
  /** Notes and badge changes not yet sent: kept, so they go out when the same person signs in again. */
  outbox: { owner: 'lib/outbox', onSignOut: 'keep', matches: (name) => name.startsWith('fieldside-outbox-') },
  /** Photos and files a person attached, until the platform has them (lib/outbox/files.ts): kept, like the outbox
   * whose writes name them; each is deleted once sent, and one no write claims after a day. */
  files: { owner: 'lib/outbox', onSignOut: 'keep', matches: (name) => name === 'fieldside-files' },
  /** Where the browser cannot close storage.local to content scripts (Firefox): the trusted settings
   * (lib/settings/trusted-item.ts). Kept: the connection outlives a session, and sign-out clears the
   * session record in it by writing it. */
  settings: { owner: 'lib/settings', onSignOut: 'keep', matches: (name) => name === 'fieldside-settings' },
  /** The side panel's last answers ("my day", job details), for showing them offline. */
  answers: { owner: 'lib/side-panel', onSignOut: 'delete', matches: (name) => name.startsWith('fieldside-field-') },
} as const satisfies Record<string, DatabaseEntry>;

export type DatabaseId = keyof typeof DATABASES;

export const SECRETS_DB_NAME = 'fieldside-secrets';
export const SETTINGS_DB_NAME = 'fieldside-settings';
export const FILES_DB_NAME = 'fieldside-files';

/** The cache of one account as one staff member sees it (`'all'`: no impersonation); `ownView`: the token's own
 * view, shown as that staff member's day (lib/settings/workspace-key.ts), never the same cache as theirs. */
export function cacheDbName(accountUuid: string, staffUuid: string | 'all', ownView = false): string {
  return `fieldside-cache:${lower(accountUuid)}:${staffUuid === 'all' ? 'all' : lower(staffUuid)}${ownView ? ':own' : ''}`;
}

/** Every cache of one account, whoever it was seen as. */
export function accountCachePrefix(accountUuid: string): string {
  return `fieldside-cache:${lower(accountUuid)}:`;
}

/** `all` when no staff member is impersonated. */
export function outboxDbName(accountUuid: string, staffUuid?: string): string {
  return `fieldside-outbox-${accountUuid}-${staffUuid ?? 'all'}`;
}

export function answersDbName(accountUuid: string, staffUuid: string): string {
  return `fieldside-field-${accountUuid}-${staffUuid}`;
}

/** The registry entry a database name belongs to, or undefined for a database that is not Fieldside's. */
export function databaseOf(name: string): DatabaseId | undefined {
  return (Object.keys(DATABASES) as DatabaseId[]).find((id) => DATABASES[id].matches(name));
}

/** Whether sign-out deletes this database. */
export function deletedOnSignOut(name: string): boolean {
  const id = databaseOf(name);
  return id !== undefined && DATABASES[id].onSignOut === 'delete';
}
