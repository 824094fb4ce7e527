import { Hono } from 'hono';
import { COMPANION_PATHS } from '../../contracts/companion-http';
import { bodyLimit } from 'hono/body-limit';
import type { CompanionConfig } from './config';
import { createCorsMiddleware } from './cors';
import { createAccountTokens, type AccountTokenKeeper } from './addon/account-tokens';
import { createPlatformReads } from './addon/platform-reads';
import { createAddonRoutes } from './addon/routes';
import { createFeedModule, type FeedModule } from './feed/index';
import { createClientAddress } from './client-address';
import { jsonError } from './http-errors';
import { createRateLimiter } from './limits/rate-limit';
import { createRedirectAllowlist } from './oauth/redirect-allowlist';
import { createOAuthRoutes } from './oauth/routes';
import { createPairingRoutes } from './pairing/routes';
import { homePage, HOME_TITLE } from './pages/home-page';
import { iconPng } from './pages/icon';
import { sendPage } from './pages/html';
import { readinessRoute } from './readiness';
import { consoleLogger, logRequests, redactPath, type Logger } from './request-log';
import type { CompanionStores } from './stores';

// The companion's composition root: Web-standard handlers only (Hono), so `app.fetch` runs on Node (start.ts)
// and on an edge runtime alike.

export interface CompanionDeps {
  /** How the companion reaches the platform (tests may wrap it). */
  fetch?: typeof fetch;
  /** Clock for OAuth state expiry, refresh proofs, rate-limit windows, the add-on's event ages, kept tokens and
   * pairing codes. */
  now?: () => number;
  /** Where request lines and errors go; never receives a secret, code or token. */
  log?: Logger;
  /** The webhook receiver and change feed (feed/index.ts); `null` runs the companion without them (OAuth-only tests). */
  createFeedModule?: typeof createFeedModule | null;
  /** Whether a change the companion's share of the minute cannot read now waits for it (feed/enrich/held-changes.ts): not
   * at the edge, whose isolates run no timer once their answer is sent. */
  holdChanges?: boolean;
  /** How long a signed change waits for others to be read together with (feed/enrich/held-changes.ts); 0 reads each at
   * once. CHANGE_COLLECT_MS by default; nothing waits where changes are not held. */
  collectMs?: number;
}

/** A signed change waits this long for others of its account, so that those arriving together (a bulk edit, an
 * office's edit and its note) cost one read per kind (feed/enrich/batch-reads.ts): short beside the 2 s in which a live
 * change must show. */
export const CHANGE_COLLECT_MS = 250;

export interface CompanionApp {
  app: Hono;
  /** Ends the open change streams (a shutdown: their clients reconnect to another instance). */
  endStreams(): void;
  /** Resolves once no signed change waits to be collected or is being read (feed/enrich/held-changes.ts). */
  settled(): Promise<void>;
  /** Stops what the feed module keeps running (heartbeats, Redis connections). */
  close(): Promise<void>;
}

/** The feed's routes take no body at all, and the OAuth bodies are a few small JSON fields. */
const FEED_BODY_LIMIT = 1024;
const OAUTH_BODY_LIMIT = 16 * 1024;
/** A pairing claim is a code and an installation id. */
const PAIR_BODY_LIMIT = 4 * 1024;

/** `stores`: the entry's choice (node-stores.ts, edge-stores.ts), so each runtime bundles only what it can reach. */
export async function createCompanionApp(
  config: CompanionConfig,
  stores: CompanionStores,
  deps: CompanionDeps = {},
): Promise<CompanionApp> {
  const log = deps.log ?? consoleLogger;
  const allowlist = await createRedirectAllowlist(config.allowedExtensionIds);
  // Shared by every instance when the stores are (Redis, or Redis over HTTP): a flood spread over instances is
  // still one flood.
  const limits = await stores.limits(config);
  const limiter = createRateLimiter({ store: limits, limits: config.limits, ...(deps.now ? { now: deps.now } : {}) });
  const now = deps.now ?? Date.now;
  const addressOf = createClientAddress(config);
  const platform = { platformBaseUrl: config.platformBaseUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) };
  const createFeed = deps.createFeedModule === undefined ? createFeedModule : deps.createFeedModule;
  let feed: FeedModule | undefined;
  let addonStore: Awaited<ReturnType<CompanionStores['addon']>> | undefined;
  let tokens: AccountTokenKeeper | undefined;
  try {
    addonStore = await stores.addon(config);
    // The account's kept tokens read each changed job once for the whole account (feed/enrich/account-readers.ts).
    tokens = createAccountTokens({ config, store: addonStore, now, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
    feed = createFeed
      ? await createFeed({
          config,
          store: await stores.feed(config),
          limits,
          limiter,
          addressOf,
          accountTokens: tokens,
          shared: addonStore,
          log,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
          ...(deps.now ? { now: deps.now } : {}),
          ...(deps.holdChanges === false ? { holdChanges: false } : { collectMs: deps.collectMs ?? CHANGE_COLLECT_MS }),
        })
      : undefined;
  } catch (error) {
    await addonStore?.close();
    await limits.close();
    throw error;
  }
  const store = addonStore;
  const keeper = tokens;

  const app = new Hono();
  logRequests(app, log);
  // The feed module applies the same layer to its own routes (feed/routes.ts); two CORS layers on one path would
  // answer preflights twice over, so this one covers only the routes composed here.
  const corsLayer = createCorsMiddleware(allowlist.chromeIds);
  app.use('/oauth/*', corsLayer);
  app.use(COMPANION_PATHS.health, corsLayer);
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => jsonError(c, 413, 'invalid_request', 'The request is too large for the companion'),
    });
  app.use('/oauth/*', limitBody(OAUTH_BODY_LIMIT));
  for (const path of [COMPANION_PATHS.feedRead, `${COMPANION_PATHS.feedRead}/*`])
    app.use(path, limitBody(FEED_BODY_LIMIT));

  app.get(COMPANION_PATHS.home, (c) => sendPage(c, 200, HOME_TITLE, homePage(config.storeLinks)));
  app.get(COMPANION_PATHS.health, (c) => c.json({ ok: true }));
  app.get(COMPANION_PATHS.addonIcon, (c) =>
    c.body(iconPng(), 200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' }),
  );
  app.get(COMPANION_PATHS.ready, readinessRoute(feed?.probe));
  app.route(
    '/',
    createOAuthRoutes({
      config,
      allowlist,
      limiter,
      // An activated account's changes come signed through the add-on: its Webhooks-API subscriptions of the
      // companion's are removed (feed/subscriptions/account-subscriptions.ts).
      keepTokens: async (account, kept) => {
        await keeper.keep(account, kept);
        await feed?.activated(account);
      },
      hasTokens: (account) => keeper.has(account),
      store,
      addressOf,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.now ? { now: deps.now } : {}),
    }),
  );
  app.route(
    '/',
    createAddonRoutes({
      config,
      tokens,
      reads: createPlatformReads(platform),
      now,
      log,
      ...(feed ? { takeSigned: feed.takeSigned } : {}),
    }),
  );
  app.use(COMPANION_PATHS.pairClaim, corsLayer);
  app.use(COMPANION_PATHS.pairClaim, limitBody(PAIR_BODY_LIMIT));
  app.route('/', createPairingRoutes({ config, store, limiter, now, addressOf }));
  if (feed) app.route('/', feed.routes);

  app.notFound((c) =>
    jsonError(
      c,
      404,
      'not_found',
      `No route for ${c.req.method} ${c.req.path.startsWith('/webhooks/') ? '/webhooks/…' : c.req.path}`,
    ),
  );
  app.onError((error, c) => {
    // The name only: messages of library errors can quote URLs or bodies.
    log({ level: 'error', path: redactPath(c.req.path), error: error.name });
    return jsonError(c, 500, 'internal_error', 'The companion failed to handle this request');
  });

  return {
    app,
    endStreams: () => feed?.endStreams(),
    settled: async () => feed?.settled(),
    close: async () => {
      await feed?.close();
      await store.close();
      await limits.close();
    },
  };
}
