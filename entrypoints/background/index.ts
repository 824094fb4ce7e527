import { browser } from 'wxt/browser';
import { createSignOutClearing } from '@/lib/account/clear-on-sign-out';
import { createPairedIdentity } from '@/lib/account/paired-identity';
import { createPairing } from '@/lib/account/pairing';
import { createPairingClient } from '@/lib/account/pairing-client';
import { isPairingPage, PAIRING_CONFIRM_PAGE } from '@/lib/account/pairing-page';
import { createPendingPairing } from '@/lib/account/pairing-pending';
import { createPlatformReader } from '@/lib/account/platform-reader';
import { createSessionService } from '@/lib/account/session-service';
import { createWhoAreYou } from '@/lib/account/who-are-you';
import { createDailyUse, PLATFORM_DAILY_LIMIT, PLATFORM_PER_MINUTE_LIMIT } from '@/lib/api/daily-use';
import { accountLimiterKey, createRateLimiterRegistry } from '@/lib/api/rate-limiter';
import { createCompanionClient } from '@/lib/auth/companion-client';
import { createInstallationKeys } from '@/lib/auth/installation-key';
import { createSecretStore } from '@/lib/auth/secrets/store';
import { createTokenKeeper } from '@/lib/auth/token-keeper';
import { listenForMessages } from '@/lib/messaging/listen';
import { createRouter } from '@/lib/messaging/router';
import { apiUseTodayItem, contentSitesItem, firstRunItem } from '@/lib/settings/items';
import { readConnection } from '@/lib/settings/validated-reads';
import { ApiUseTodaySchema, ContentSitesSchema } from '@/lib/settings/schemas';
import { closeLocalToContentScripts } from '@/lib/settings/trusted-area';
import { createContentService } from '@/lib/page-badges/content-service';
import { fieldsidePageKind } from '@/lib/page-badges/fieldside-pages';
import { createPageGrants } from '@/lib/page-badges/page-grants';
import { createCurrentWorkspace } from '@/lib/workspace/current-workspace';
import { watchPlatformBack } from '@/lib/api/platform-back';
import { listenForAlarms } from './alarms';
import { startContentSites } from './content-sites';
import { startSidePanelWork } from './side-panel';
import { createHandlers } from './handlers';
import { createBrowserJobOpener } from './job-open';
import { startNewJobs } from './new-jobs';
import { openJobsFromNotifications } from './work-notices';
import { createLiveHub } from './live-hub';
import { startFeed } from './live-updates';
import { listenForOmnibox } from './omnibox';
import { contactsWanted, greetLivePage, requestPersistence, startSyncSchedule } from './sync-schedule';
import { ensureRefreshScheduled, refreshOnAlarm, scheduleRefresh } from './token-refresh';

// Composition root: the only holder of tokens and the only caller of the network. It creates the
// services from lib/ and registers one handler per message and one per alarm; logic lives in lib/.
export default defineBackground(() => {
  // Where the browser can (Chrome), storage.local is closed to content scripts before anything else:
  // the connection and the session in it decide where tokens go and whom requests impersonate.
  void closeLocalToContentScripts().catch((error: unknown) =>
    console.error('Fieldside: storage.local could not be closed to content scripts', error),
  );
  // Sign-in: tokens in the secret store, refreshed through the companion (which holds the App Secret).
  const secrets = createSecretStore();
  // Sign-ins and refreshes are tied to this installation's key pair (lib/auth/installation-key.ts).
  const companionUrl = async () => (await readConnection()).companionUrl;
  const installation = createInstallationKeys({ secrets });
  const companion = createCompanionClient({ companionUrl, installation });
  // Who pairing said this installation's person is: sent at every sign-in and refresh, so the pass names them.
  const paired = createPairedIdentity({ secrets, installation });
  void paired.reconcile().catch((error: unknown) => console.error('Fieldside: the paired identity', error));
  // One per-minute budget per account for every request the background makes (the platform's limit
  // is per app per account): the session's reads and the workspace's sync, field work and feed alike.
  // Each request also counts toward the day's use the options page shows an administrator.
  const dailyUse = createDailyUse({
    store: {
      get: async () => {
        const parsed = ApiUseTodaySchema.safeParse(await apiUseTodayItem.getValue());
        return parsed.success ? parsed.data : {};
      },
      set: (value) => apiUseTodayItem.setValue(value),
    },
  });
  // A daily 429 met by any request of the account in view holds back the automatic syncs and is told to every
  // page (the schedule is made below; nothing reaches the platform before it exists).
  const limiters = createRateLimiterRegistry({
    onRequest: (account) => dailyUse.add(account),
    onDailyLimit: (account) =>
      void workspace.key().then(async (key) => {
        if (key && accountLimiterKey(key.baseUrl, key.accountUuid) === account) await schedule.dailyLimitReached();
      }),
  });
  const reader = createPlatformReader(limiters);
  const tokens = createTokenKeeper({
    secrets,
    refresh: async (refreshToken) => {
      const sent = await paired.forThisInstallation();
      const answer = await companion.refresh(refreshToken, sent?.identity);
      await paired.afterRefresh(sent, answer.fieldside_staff);
      await session.noteActivation(answer.fieldside_activated);
      return answer;
    },
    onRevoked: async () => void (await session.signOut('revoked')),
    onTokens: (t) => scheduleRefresh(t.expiresAt),
  });
  const session = createSessionService({
    secrets,
    tokens,
    companion,
    reader,
    identity: browser.identity,
    paired,
    omitRedirectUri: import.meta.env.FIREFOX,
    clearCachedData: createSignOutClearing({
      closeWorkspace: () => schedule.onSignedOut(),
      // The picker's text and the job each tab shows are the person's too.
      forgetInMemory: () => {
        field.picker.clear();
        field.pages.clear();
      },
    }),
    scheduleRefresh,
  });
  const who = createWhoAreYou({ session, reader });
  // "Use Fieldside in this browser" from the job card: the platform's word on who this is, once the person says
  // "Yes" on Fieldside's own page.
  const pairing = createPairing({
    who,
    paired,
    tokens,
    pending: createPendingPairing(),
    client: createPairingClient({
      companionUrl,
      accessToken: () => tokens.getAccessToken(),
      passFor: (accessToken) => tokens.passFor(accessToken),
      renew: (failed) => tokens.onUnauthorized(failed),
      installation,
    }),
    openConfirmation: () =>
      browser.tabs.create({
        url: browser.runtime.getURL(PAIRING_CONFIRM_PAGE as Parameters<typeof browser.runtime.getURL>[0]),
      }),
  });

  // The field-work core: the live port to every open page, the current workspace (client, cache,
  // sync, outbox of whoever is in view) and the schedule that keeps its cache fresh.
  // What each page's content script was answered: its badges' jobs, and no others (messages and live events alike).
  const grants = createPageGrants();
  const hub = createLiveHub({
    ownId: browser.runtime.id,
    ownOrigin: browser.runtime.getURL('/'),
    onConnect: (send, ownPage) => greetLivePage(schedule, workspace, send, ownPage),
    shownOnPage: (pageKey, uuids) => grants.shownOf(pageKey, uuids),
  });
  // The platform answering again after failing: the outbox sends what waits now, not after its backoff.
  let onPlatformBack = () => {};
  const workspace = createCurrentWorkspace({
    context: () => session.context(),
    fetch: watchPlatformBack(
      (input, init) => globalThis.fetch(input, init),
      () => onPlatformBack(),
    ),
    limiters,
    hub,
    onSyncProgress: (state) => schedule.publish(state),
    requestPersistence,
    contactsWanted,
  });
  // The feed is made below; the schedule asks it only when an alarm fires.
  const schedule = startSyncSchedule(
    workspace,
    hub,
    async () => feed.state() === 'live',
    () => field.timeZone(),
    async () => (await installation.publicKey()).id,
  );
  const jobs = createBrowserJobOpener();
  openJobsFromNotifications(jobs);
  listenForOmnibox(workspace);
  startContentSites();
  // Webhook changes through the companion's feed: re-read, cached, pushed to open pages.
  const feed = startFeed({
    tokens,
    workspace,
    hub,
    resync: () => schedule.runAndWait('incremental'),
    observe: (changes, held) => {
      // In the same turn as the pages were told, so the re-read they ask for finds the activities forgotten.
      field.changed(changes);
      void field.notices.consider(changes, held).catch((e) => console.warn('Fieldside: notices', e));
    },
  });
  // My day, job detail, the outbox sender, the toolbar badge and the context menu.
  const field = startSidePanelWork(workspace, hub, () => feed.state() === 'live');
  onPlatformBack = () => void field.runner.flush().catch((error) => console.warn('Fieldside: outbox flush', error));
  const content = createContentService({
    workspace,
    grants,
    addNote: (jobUuid, text) => field.writes.addNote(jobUuid, text),
    timeZone: () => field.timeZone(),
    signedIn: () => session.signedIn(),
  });

  const newJobs = startNewJobs(
    workspace,
    () => void field.runner.resume().catch((error) => console.warn('Fieldside: outbox', error)),
  );

  listenForAlarms({
    tokenRefresh: refreshOnAlarm(tokens),
    sync: () => {
      void schedule.onAlarm();
      field.refreshToday();
    },
    feedWake: () => void feed.wake(),
    outbox: field.onAlarm,
  });
  const budget = async () => {
    const key = await workspace.key();
    return {
      requestsToday: key ? await dailyUse.today(accountLimiterKey(key.baseUrl, key.accountUuid)) : 0,
      dailyLimit: PLATFORM_DAILY_LIMIT,
      perMinuteLimit: PLATFORM_PER_MINUTE_LIMIT,
      limitedUntil: await schedule.dailyLimitUntil(),
    };
  };
  const router = createRouter(
    createHandlers({
      session,
      who,
      pairing,
      workspace,
      schedule,
      jobs,
      field,
      feed,
      content,
      newJobs,
      grants,
      budget,
      ownOrigin: browser.runtime.getURL('/'),
    }),
    {
      ownId: browser.runtime.id,
      ownOrigin: browser.runtime.getURL('/'),
      onRefused: (type, reason) => console.warn(`Fieldside: refused "${type}" ${reason}`),
      contentPage: async (pageUrl) => {
        const sites = ContentSitesSchema.safeParse(await contentSitesItem.getValue());
        return fieldsidePageKind(pageUrl, (await readConnection()).webUrl, sites.success ? sites.data : []);
      },
      pairingPage: async (pageUrl) => isPairingPage(pageUrl, await companionUrl()),
    },
  );
  listenForMessages(router);
  void ensureRefreshScheduled(tokens);
  // First install: the first-run page (connect, who you are, keep Fieldside at hand, open your day),
  // remembered as started so the popup and the settings say what is left if it is closed half-way.
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason !== 'install') return;
    void firstRunItem
      .setValue({ finished: false })
      .finally(() => browser.tabs.create({ url: browser.runtime.getURL('/welcome.html') }));
  });
});
