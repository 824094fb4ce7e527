import { Hono, type Context } from 'hono';
import { failedRetryLater } from '../http-errors';
import type { CompanionConfig } from '../config';
import { createMemoryLimitStore } from '../limits/memory-limit-store';
import { createRateLimiter, type RateLimiter } from '../limits/rate-limit';
import type { LimitStore } from '../limits/types';
import { createCallbackTokens } from '../webhooks/callback-token';
import { createWebhookRoutes } from '../webhooks/routes';
import type { Logger } from '../request-log';
import type { AccountTokenKeeper } from '../addon/account-tokens';
import { createAccountReaders } from './enrich/account-readers';
import { createBackgroundWork } from './background-work';
import { createChangeEnrichment } from './enrich/enrich-change';
import { createJobRecords } from './enrich/job-records';
import { createJobVisibility } from './visibility/job-visibility';
import { createJobYes } from './visibility/job-yes';
import { createStaffKnowledge } from './visibility/staff-knowledge';
import { createMemoryAddonStore } from '../addon/store/memory-store';
import type { AddonStore } from '../addon/store/types';
import { createAccountZones } from './enrich/account-zone';
import { createBatchReads } from './enrich/batch-reads';
import { createHeldChanges } from './enrich/held-changes';
import { createNoteJobs } from './enrich/note-jobs';
import { createReadBudget } from './enrich/read-budget';
import { createVisitJobs } from './enrich/visit-jobs';
import { callbackUrlFor, createFeedRoutes } from './routes';
import { createAccountActivation } from './account-activation';
import { keepNotActivated } from '../webhooks/not-activated-kept';
import { createAccountSubscriptions } from './subscriptions/account-subscriptions';
import { createEnsuredSubscriptions } from './subscriptions/ensured-subscriptions';
import { createRoleCheck } from './visibility/staff-role';
import { createTokenRecheck } from './token-recheck';
import type { FeedStore, NewChange } from './store/types';
import { createChangeIntake, type Taken } from '../webhooks/intake';

export type { FeedChange, FeedPage, FeedStore } from './store/types';
export { FIELDSIDE_SUBSCRIPTIONS } from './subscriptions/subscriptions';
export { callbackKey, signCallbackToken } from '../webhooks/callback-token';

export interface FeedModule {
  /** `/webhooks/*` and `/feed*`; mount at `/`. */
  routes: Hono;
  /** Whether the store answers a read (for the readiness route); rejects when it fails. */
  probe(): Promise<void>;
  /** Ends the open streams (their clients reconnect and resume from their last position). */
  endStreams(): void;
  /** Resolves once no signed change waits to be collected or is being read (held-changes.ts), and no read started in
   * the background is running (background-work.ts); changes waiting for the account's share of the minute may still
   * wait. */
  settled(): Promise<void>;
  /** Ends open streams and releases the store (Redis connections). */
  close(): Promise<void>;
  /** An administrator just activated Fieldside for the account: the companion's own Webhooks-API subscriptions of it
   * are removed (its changes come signed, through the add-on). */
  activated(account: string): Promise<void>;
  /** A change the platform signed (the add-on's manifest webhook): read with the account's grant, and appended. */
  takeSigned(account: string, change: NewChange, key: string): Promise<Taken>;
}

/** A day: yesterday's answers still hold at the morning's first registers, when the subscriptions are due a check
 * and every browser of the account registers within minutes (staff-role.ts). */
const NOT_ADMINISTRATOR_KEPT_MS = 24 * 3_600_000;

/** An account name no platform uuid can be: what the readiness probe reads. */
const PROBE_ACCOUNT = 'fieldside:readiness-probe';

/** The companion's webhook receiver and change feed, over the store its entry chose (../stores.ts). */
export async function createFeedModule(opts: {
  config: CompanionConfig;
  /** The change feed's store; the module closes it when it closes. */
  store: FeedStore;
  fetch?: typeof fetch;
  /** Interval of the SSE comment heartbeat (15 s). */
  heartbeatMs?: number;
  /** The companion's shared limits (app.ts); a module of its own (tests) keeps them in memory. */
  limits?: LimitStore;
  limiter?: RateLimiter;
  /** Clock of the token and role caches (the companion's `now`; a benchmark's simulated day). */
  now?: () => number;
  /** Caller addresses, for the per-address limit on stream opens (app.ts). */
  addressOf?: (c: Context) => string | undefined;
  /** The store the companion's instances share (app.ts: the add-on's): whose browsers were online lately, and who
   * may see new jobs (staff-knowledge.ts). A module of its own (tests) keeps it in memory. */
  shared?: Pick<AddonStore, 'get' | 'setIfAbsent' | 'compareAndSet'>;
  /** The account's own tokens, kept since it activated Fieldside (app.ts): they read changed records first. */
  accountTokens?: Pick<AccountTokenKeeper, 'current'>;
  /** Where the webhook receiver says what it dropped (by kind and event name only). */
  log?: Logger;
  /** How often changes held for the account's share look for room again (held-changes.ts; 1 s). */
  heldRetryMs?: number;
  /** False: a change the share cannot read now goes on unread (a runtime that runs no timer after its answer). */
  holdChanges?: boolean;
  /** How long a signed change waits for others to be read together with (held-changes.ts); 0 (the default): it is
   * read at once, and only a burst past the share is read together. */
  collectMs?: number;
}): Promise<FeedModule> {
  const { config, store } = opts;
  const slots = opts.limits ?? createMemoryLimitStore();
  const limiter = opts.limiter ?? createRateLimiter({ store: slots, limits: config.limits });
  const tokens = createCallbackTokens({ secret: config.signingSecret, store });
  const platform = { platformBaseUrl: config.platformBaseUrl, ...(opts.fetch ? { fetch: opts.fetch } : {}) };
  const clock = opts.now ? { now: opts.now } : {};
  const roles = createRoleCheck({ ...platform, ...clock, notAdministratorTtlMs: NOT_ADMINISTRATOR_KEPT_MS });
  const streams = new Set<() => void>();

  // The webhook route answers its own failures (webhooks/routes.ts), so it is mounted without an error handler: Hono
  // wraps each route of an app that has one in a chain of its own, at every notification. The feed's routes have it.
  const routes = new Hono();
  const feedRoutes = new Hono();
  feedRoutes.onError((_err, c) => failedRetryLater(c));
  const ensured = createEnsuredSubscriptions({ recheckMs: config.limits.subscriptionsRecheckMs, ...clock });
  const callbackUrl = async (account: string) => callbackUrlFor(config.publicUrl, await tokens.issue(account));
  const shared = opts.shared ?? createMemoryAddonStore(opts.now);
  const activation = createAccountActivation(opts.accountTokens);
  const deliveryActivation = keepNotActivated((account) => activation.activated(account));
  const accountSubscriptions = opts.accountTokens
    ? createAccountSubscriptions({
        ...platform,
        ...clock,
        keeper: opts.accountTokens,
        marks: shared,
        recheckMs: config.limits.subscriptionsRecheckMs,
      })
    : undefined;
  const budget = createReadBudget(clock);
  // Late-bound: the readers ask how many changes wait, and the held changes read with the readers.
  let waiting = (_account: string) => 0;
  const readers = createAccountReaders({
    budget,
    waiting: (account) => waiting(account),
    ...(opts.accountTokens ? { keeper: opts.accountTokens } : {}),
  });
  const batch = createBatchReads({ ...platform, readers, zones: createAccountZones({ ...platform, ...clock }) });
  const held = createHeldChanges({
    room: (account) => budget.room(account),
    readTogether: batch.readTogether,
    ...clock,
    ...(opts.heldRetryMs ? { retryMs: opts.heldRetryMs } : {}),
    ...(opts.collectMs ? { collectMs: opts.collectMs } : {}),
  });
  waiting = held.waiting;
  const knowledge = createStaffKnowledge({ store: shared, ...clock });
  const yes = createJobYes(clock);
  const background = createBackgroundWork();
  const visibility = createJobVisibility({
    ...platform,
    ...clock,
    knowledge,
    yes,
    spend: readers.spendOnWhoMaySee,
    background,
  });
  const enrich = createChangeEnrichment({
    noteJobs: createNoteJobs({ ...platform, readers, batch }),
    jobRecords: createJobRecords({ ...platform, readers, visibility, batch }),
    visitJobs: createVisitJobs({ ...platform, readers, yes, batch, knowledge }),
  });
  const intake = createChangeIntake({ store, enrich, ...(opts.holdChanges === false ? {} : { held }) });
  routes.route(
    '/',
    createWebhookRoutes({
      tokens,
      store,
      platformBaseUrl: config.platformBaseUrl,
      intake,
      activated: (account) => deliveryActivation.activated(account),
      ...(opts.log ? { log: opts.log } : {}),
    }),
  );
  feedRoutes.route(
    '/',
    createFeedRoutes({
      store,
      tokens,
      roles,
      activation,
      signingSecret: config.signingSecret,
      now: opts.now ?? Date.now,
      stillValid: createTokenRecheck(platform),
      ...(opts.addressOf ? { addressOf: opts.addressOf } : {}),
      limiter,
      slots,
      limits: config.limits,
      publicUrl: config.publicUrl,
      platformBaseUrl: config.platformBaseUrl,
      allowedExtensionIds: config.allowedExtensionIds,
      heartbeatMs: opts.heartbeatMs ?? 15_000,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
      streams,
      visibility,
      ensured,
      currentCallbackUrl: callbackUrl,
      ...(accountSubscriptions ? { accountSubscriptions } : {}),
      background,
    }),
  );
  routes.route('/', feedRoutes);

  const endStreams = () => {
    for (const finish of [...streams]) finish();
  };
  return {
    routes,
    probe: async () => {
      await store.position(PROBE_ACCOUNT);
    },
    endStreams,
    activated: async (account) => {
      deliveryActivation.forget(account);
      await accountSubscriptions?.ensure(account, { activated: true });
    },
    async settled() {
      // A held change's read can start a list in the background, and that list's answer no held change: one pass each.
      await held.settled();
      await background.settled();
    },
    takeSigned: async (account, change, key) =>
      intake.take(account, change, key, await store.callbackGeneration(account), { read: true }),
    async close() {
      endStreams();
      await held.release();
      await store.close();
      if (!opts.limits) await slots.close();
    },
  };
}
