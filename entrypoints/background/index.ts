import { browser } from 'wxt/browser';
import { createRateLimiterRegistry } from '@/lib/api/rate-limiter';
import { listenForMessages } from '@/lib/messaging/listen';
import { createRouter } from '@/lib/messaging/router';
import { createSecretStore } from '@/lib/auth/secrets/store';
import { createActiveView } from '@/lib/workspace/open-workspace';
import { createClearViewData } from '@/lib/account/clear-account-data';
import { createCompanionClient } from '@/lib/auth/companion-client';
import { createPlatformReader } from '@/lib/account/platform-reader';
import { createSessionService } from '@/lib/account/session-service';
import { createTokenKeeper } from '@/lib/auth/token-keeper';
import { createWhoAreYou } from '@/lib/account/who-are-you';
import { readConnection } from '@/lib/settings/items';
import { startFeed } from './feed';
import { startFieldWork } from './field-work';
import { createHandlers } from './handlers';
import { createBrowserJobOpener } from './job-open';
import { createLiveHub } from './live-hub';
import { listenForOmnibox } from './omnibox';
import { startContentSites } from './content-sites';
import { requestPersistence, startSyncService } from './sync';
import { ensureRefreshScheduled, listenForRefreshAlarm, scheduleRefresh } from './refresh-alarm';

// Composition root: the only holder of tokens and the only caller of the network. It creates the
// services from lib/ and registers one handler per message; logic lives in lib/.
export default defineBackground(() => {
  const secrets = createSecretStore();
  const companion = createCompanionClient({ companionUrl: async () => (await readConnection()).companionUrl });
  // One per-minute budget per account for every request the background makes (the platform's limit
  // is per app per account): the session's reads and the view's sync, field work and feed alike.
  const limiters = createRateLimiterRegistry();
  const reader = createPlatformReader(limiters);
  const tokens = createTokenKeeper({
    secrets,
    refresh: (refreshToken) => companion.refresh(refreshToken),
    onRevoked: async () => void (await session.signOut('revoked')),
    onTokens: (t) => scheduleRefresh(t.expiresAt),
  });
  const session = createSessionService({
    secrets,
    tokens,
    companion,
    reader,
    identity: browser.identity,
    omitRedirectUri: import.meta.env.FIREFOX,
    clearCachedData: createClearViewData({ closeView: () => sync.onSignedOut() }),
    scheduleRefresh,
  });
  const who = createWhoAreYou({ session, reader });

  // The field-work core: the live port to every open page, the view (client, cache, sync, outbox
  // of whoever is in view) and the sync that keeps its cache fresh.
  const hub = createLiveHub({
    ownId: browser.runtime.id,
    onConnect: (send) => void sync.status().then((status) => send({ type: 'sync.status', status }), () => undefined),
  });
  const view = createActiveView({
    context: () => session.context(),
    limiters,
    hub,
    onSyncProgress: (state) => sync.publish(state),
    requestPersistence,
  });
  const sync = startSyncService(view, hub);
  const jobs = createBrowserJobOpener();
  listenForOmnibox(view);
  startContentSites();
  // Webhook changes through the companion's feed: re-read, cached, pushed to open views.
  startFeed({ tokens, view, hub });
  // My day, job detail, the outbox sender, the toolbar badge and the context menu.
  const field = startFieldWork(view, hub);

  const router = createRouter(createHandlers(session, who, { view, hub, sync, jobs, field }), {
    ownId: browser.runtime.id,
    ownOrigin: browser.runtime.getURL('/'),
    onRefused: (type, reason) => console.warn(`Fieldside: refused "${type}" ${reason}`),
  });
  listenForMessages(router);
  listenForRefreshAlarm(tokens);
  void ensureRefreshScheduled(tokens);
  // First install: open the settings in a tab so the person can connect and sign in. (tabs.create
  // rather than openOptionsPage, which Firefox may show inside about:addons.)
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void browser.tabs.create({ url: browser.runtime.getURL('/options.html') });
  });
});
