import { storage } from 'wxt/utils/storage';
import { DEV_COMPANION_URL, DEV_PLATFORM } from '../../contracts/platform-hosts';
import type { KeptFirstScreen, MyJobs, TodayJobs } from './kept-first-screen';
import { STORAGE_KEYS } from './keys';
import type {
  Connection,
  FeedPosition,
  FirstRun,
  StoredPageGrants,
  SessionRecord,
  SignedOutReason,
  WorkNotices,
  PendingPairing,
  NewJobDrafts,
} from './schemas';
import { trustedItem } from './trusted-item';

// Every storage item Fieldside keeps, declared once. Nothing here is a secret: tokens and keys live
// in lib/auth/secrets (IndexedDB) instead. The items that decide where tokens go or whom requests
// impersonate are trusted items (trustedItem): no content script can write them, in either browser.
// Values are validated on read (validated-reads.ts: a corrupt or older record falls back rather than
// crashing); this file imports no zod, so a page that only reads, writes or watches items bundles none.

/** The connection the build starts with (contracts/platform-hosts.ts): wxt.config.ts bakes a store
 * build's (the real platform, the product's companion) into WXT_*; without them (unit tests, a bare
 * development build) the emulator's. */
const env = import.meta.env;
export const defaultConnection: Connection = {
  restUrl: env.WXT_REST_URL || DEV_PLATFORM.restUrl,
  authUrl: env.WXT_AUTH_URL || DEV_PLATFORM.authUrl,
  webUrl: env.WXT_WEB_URL || DEV_PLATFORM.webUrl,
  // '' in a build means "no form known"; unset means a bare development build.
  jobLinkPath: env.WXT_JOB_LINK_PATH === undefined ? DEV_PLATFORM.jobLinkPath : env.WXT_JOB_LINK_PATH || null,
  companionUrl: env.WXT_COMPANION_URL || DEV_COMPANION_URL,
};

/** Where the platform and the companion are, as the person set them (the options' advanced section).
 * Trusted: it decides where tokens go. */
export const connectionItem = trustedItem(
  storage.defineItem<Connection>(STORAGE_KEYS.connection, {
    fallback: defaultConnection,
    version: 2,
    migrations: {
      // Version 1 had one URL for the whole platform: it was the REST host; the others start as built.
      2: (old: unknown): Connection => {
        const v1 = old as { platformUrl?: unknown; companionUrl?: unknown } | null;
        return typeof v1?.platformUrl === 'string' && typeof v1.companionUrl === 'string'
          ? { ...defaultConnection, restUrl: v1.platformUrl, companionUrl: v1.companionUrl }
          : defaultConnection;
      },
    },
  }),
);

/** What an administrator pushed by enterprise policy: any connection field, each on its own; it wins. */
export const managedConnectionItem = storage.defineItem<Partial<Connection> | null>(STORAGE_KEYS.managedConnection, {
  fallback: null,
});

/** Who is signed in, without any credential. null when signed out. Trusted: its "me" and "view as"
 * decide whom requests impersonate. */
export const sessionItem = trustedItem(
  storage.defineItem<SessionRecord | null>(STORAGE_KEYS.session, { fallback: null, version: 1 }),
);

/** Whether to tell the person of work given to them, and their day's hours (off until they turn it on). Its
 * fallback is spelled here, not imported: this file bundles no zod (schemas.ts holds DEFAULT_WORK_NOTICES too). */
export const workNoticesItem = storage.defineItem<WorkNotices>(STORAGE_KEYS.workNotices, {
  fallback: { on: false, from: 7, to: 19 },
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

/** How far the first-run page got: null where it never opened (an installation from before it
 * existed: nothing to remind anyone of). Not trusted, and need not be: it decides only whether a
 * reminder shows. */
export const firstRunItem = storage.defineItem<FirstRun | null>(STORAGE_KEYS.firstRun, { fallback: null, version: 1 });

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

/** When an alarm last found the live feed connected (ms, device clock), keyed by workspaceId: a worker the
 * browser stopped and an alarm started again trusts the feed's catch-up rather than polling. */
export const syncFeedLiveSeenItem = storage.defineItem<Record<string, number>>(STORAGE_KEYS.syncFeedLiveSeen, {
  fallback: {},
  version: 1,
});

/** When the person last opened a view that searches customers (ms, device clock), keyed by workspaceId: the
 * sync reads changed contacts only for someone who searches customers (lib/cache/sync/customer-use.ts). */
export const syncCustomerUseItem = storage.defineItem<Record<string, number>>(STORAGE_KEYS.syncCustomerUse, {
  fallback: {},
  version: 1,
});

/** Requests this browser made to the platform today, per account (lib/api/daily-use.ts): shown to an
 * administrator beside the account's daily limit. */
export const apiUseTodayItem = storage.defineItem<Record<string, { day: string; count: number }>>(
  STORAGE_KEYS.apiUseToday,
  {
    fallback: {},
    version: 1,
  },
);

/** The job the person last asked to open in the side panel. storage.session: lives for the browser
 * session (surviving a stopped worker) and is not readable by content scripts. */
export const sidePanelJobItem = storage.defineItem<string | null>(STORAGE_KEYS.sidePanelJob, {
  fallback: null,
  version: 1,
});

/** The popup's first screen, kept for its next opening (lib/cache/first-screen reads and writes it
 * raw, so the popup bundles no zod). storage.session: not readable by content scripts; the rows
 * name customers and addresses. */
export const popupFirstScreenItem = storage.defineItem<KeptFirstScreen | null>(STORAGE_KEYS.popupFirstScreen, {
  fallback: null,
});

/** Today's jobs (lib/cache/first-screen/kept-screen.ts reads and writes it raw, like the first screen):
 * storage.session, for the same reasons. */
export const todayJobsItem = storage.defineItem<TodayJobs | null>(STORAGE_KEYS.todayJobs, { fallback: null });
/** The person's own jobs (lib/side-panel/my-jobs.ts), read raw by the popup like today's jobs. */
export const myJobsItem = storage.defineItem<MyJobs | null>(STORAGE_KEYS.myJobs, { fallback: null });

/** What each page's content script was answered (lib/page-badges/page-grants.ts). storage.session:
 * it survives a stopped worker (so a page keeps what it was granted, and its cap stays spent), no
 * content script can read it, and it ends with the browser session. */
export const pageGrantsItem = storage.defineItem<StoredPageGrants>(STORAGE_KEYS.pageGrants, {
  fallback: { pages: {}, sites: {} },
  version: 1,
});

/** A pairing waiting for the person's answer, and then how it ended (lib/account/pairing.ts). storage.session: it
 * survives a stopped worker while the person reads the question, no content script can read it, and it ends with
 * the browser session. */
export const pendingPairingItem = storage.defineItem<PendingPairing | null>(STORAGE_KEYS.pendingPairing, {
  fallback: null,
  version: 1,
});

/** New jobs' drafts, each waiting for its form (lib/new-job/draft-store.ts). storage.session: a worker the browser
 * stopped while the person filled the form in (a caller on the line, a consent page) still has it, no content script
 * can read the e-mails' text in it, and it ends with the browser session. */
export const newJobDraftsItem = storage.defineItem<NewJobDrafts>(STORAGE_KEYS.newJobDrafts, {
  fallback: {},
  version: 1,
});

/** What sign-out does to an item: `clear` it (it is the person's: what they chose, what pages were
 * shown), `keep` it (it is the device's), or nothing more because sign-out `writes` it itself. */
export type OnSignOut = 'clear' | 'keep' | 'writes';

/** Every item with what sign-out does to it; complete by its type. lib/account/clear-on-sign-out.ts
 * clears by it, and its test holds sign-out to it. */
export const ITEMS_ON_SIGN_OUT = {
  /** Where Fieldside connects: the device's, and an administrator may have set it. */
  connection: { item: connectionItem, onSignOut: 'keep' },
  /** The administrator's policy: read-only. */
  managedConnection: { item: managedConnectionItem, onSignOut: 'keep' },
  /** Ended by sign-out itself (null). */
  session: { item: sessionItem, onSignOut: 'writes' },
  /** Why the last session ended: written by sign-out, shown until the next sign-in. */
  signedOutReason: { item: signedOutReasonItem, onSignOut: 'writes' },
  /** Per account and checked against it: the account's next sign-in catches up from it. */
  feedPosition: { item: feedPositionItem, onSignOut: 'keep' },
  /** The sites the person granted badges on: the browser's permissions, kept with them. */
  contentSites: { item: contentSitesItem, onSignOut: 'keep' },
  /** The browser's set-up (pinned, the shortcut seen): the device's, whoever signs in next. */
  firstRun: { item: firstRunItem, onSignOut: 'keep' },
  /** Per workspace: that person's sync history. */
  syncFullRefresh: { item: syncFullRefreshItem, onSignOut: 'clear' },
  /** The platform's daily limit is the account's, whoever signs in next. */
  syncDailyLimitHold: { item: syncDailyLimitHoldItem, onSignOut: 'keep' },
  /** Per workspace, like the full refresh's times. */
  syncFeedLiveSeen: { item: syncFeedLiveSeenItem, onSignOut: 'clear' },
  /** Per workspace, like the full refresh's times. */
  syncCustomerUse: { item: syncCustomerUseItem, onSignOut: 'clear' },
  /** The account's day of requests, whoever signs in next (no person's data: a number per account). */
  apiUseToday: { item: apiUseTodayItem, onSignOut: 'keep' },
  /** The person's own choice for this browser, like the sites they added. */
  workNotices: { item: workNoticesItem, onSignOut: 'keep' },
  sidePanelJob: { item: sidePanelJobItem, onSignOut: 'clear' },
  popupFirstScreen: { item: popupFirstScreenItem, onSignOut: 'clear' },
  todayJobs: { item: todayJobsItem, onSignOut: 'clear' },
  myJobs: { item: myJobsItem, onSignOut: 'clear' },
  pageGrants: { item: pageGrantsItem, onSignOut: 'clear' },
  /** A question about this session's person: it ends with the session. */
  pendingPairing: { item: pendingPairingItem, onSignOut: 'clear' },
  /** The person's e-mails and text: not the next person's. */
  newJobDrafts: { item: newJobDraftsItem, onSignOut: 'clear' },
} as const satisfies Record<
  keyof typeof STORAGE_KEYS,
  { item: { removeValue(): Promise<void> }; onSignOut: OnSignOut }
>;
