// Every storage key Fieldside uses, in one list (`area:name`). lib/settings/items.ts declares an item
// for each; the two places that read storage raw (the popup's early reads, so the popup bundles no
// zod) take the name from here too. This file imports nothing, so those bundles stay tiny.

export const STORAGE_KEYS = {
  connection: 'local:connection',
  /** What an administrator pushed by enterprise policy (read-only; public/managed-schema.json). */
  managedConnection: 'managed:connection',
  session: 'local:session',
  signedOutReason: 'local:signedOutReason',
  feedPosition: 'local:feedPosition',
  contentSites: 'local:contentSites',
  /** How far the first-run page got (lib/onboarding): what the popup and options say is left. */
  firstRun: 'local:firstRun',
  syncFullRefresh: 'local:syncFullRefresh',
  syncDailyLimitHold: 'local:syncDailyLimitHold',
  syncFeedLiveSeen: 'local:syncFeedLiveSeen',
  /** When the person last opened a view that searches customers, per workspace (lib/cache/sync/customer-use.ts). */
  syncCustomerUse: 'local:syncCustomerUse',
  apiUseToday: 'local:apiUseToday',
  /** Whether the person asked to be told of work given to them, and their day's hours (lib/notifications). */
  workNotices: 'local:workNotices',
  sidePanelJob: 'session:sidePanelJob',
  popupFirstScreen: 'session:popupFirstScreen',
  /** Today's jobs of the staff member in view, as the background last read their day. */
  todayJobs: 'session:todayJobs',
  /** The jobs that are the staff member's own, with their next visits. */
  myJobs: 'session:myJobs',
  pageGrants: 'session:pageGrants',
  /** A pairing claimed and waiting for the person's "Yes" or "No" (lib/account/pairing.ts). */
  pendingPairing: 'session:pendingPairing',
  /** New jobs' drafts waiting for their form (lib/new-job/draft-store.ts). */
  newJobDrafts: 'session:newJobDrafts',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The items that decide where tokens go (the connection) and whom requests impersonate (the
 * session's "me" and "view as"): only Fieldside's own pages and worker may write them, never a
 * content script (lib/settings/trusted-item.ts says where they live in each browser). */
export const TRUSTED_KEYS = [STORAGE_KEYS.connection, STORAGE_KEYS.session] as const;
export type TrustedKey = (typeof TRUSTED_KEYS)[number];

/** The name `browser.storage.<area>` uses for a key: WXT's items drop the `area:` prefix. */
export function areaName<K extends StorageKey>(key: K): K extends `${string}:${infer Name}` ? Name : never {
  return key.slice(key.indexOf(':') + 1) as K extends `${string}:${infer Name}` ? Name : never;
}
