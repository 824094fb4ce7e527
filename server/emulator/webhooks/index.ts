import type { Hono } from 'hono';
import type { EmulatorEnv, WebhookDeps, WebhookSubscription } from '../contracts';
import { DEFAULT_SWITCHES } from '../switches';
import { createDelivery } from './delivery';
import { createWebhookRoutes } from './routes';
import { copyOf, createSubscriptionStore } from './store';
import { createAccountThrottle } from './throttle';
import { verifyCallback } from './verify';

export { WEBHOOK_EVENTS, WEBHOOK_OBJECTS, type WebhookEvent, type WebhookObject } from './input';
export {
  FORM_FIELD,
  type EntryEventNotification,
  type TypedEventNotification,
  type WebhookEventNotification,
  type WebhookNotification,
  type WebhookPayload,
} from './notification';
export { RETRY_WINDOW_MS } from './retry-policy';
export { THROTTLE_MAX_GAP_MS, THROTTLE_PERIOD_MS } from './throttle';

export interface WebhookOptions {
  /** Real-time limit of one delivery or verification POST (default 10 s). */
  requestTimeoutMs?: number;
}

/** A stored subscription with its owner, as tests and the control surface read it. */
export type OwnedSubscription = WebhookSubscription & {
  appId: string;
  accountUuid: string;
};

export interface Webhooks {
  /** GET / (list), POST /object and /event (add or modify), DELETE / and /{uuid} (remove); mount at
   * {base_url}/webhook_subscriptions. */
  routes: Hono<EmulatorEnv>;
  /** Stops delivery: unsubscribes from changes, cancels retries, aborts POSTs in flight. */
  close(): void;
  /** Every subscription of every app and account, active or not (copies). */
  subscriptions(): OwnedSubscription[];
  /** Notifications waiting for delivery (including ones being sent and ones waiting for a retry). */
  queued(): number;
  /** Resolves once no delivery POST is in flight; scheduled retries and throttled deliveries may remain. */
  whenIdle(): Promise<void>;
}

/**
 * The platform's webhooks: the subscription API and delivery of record changes from `deps.changes`, with the
 * spec's verification, 410 / 429 / 72-hour rules, all timed on `deps.clock`.
 */
export function createWebhooks(deps: WebhookDeps, options: WebhookOptions = {}): Webhooks {
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const shutdown = new AbortController();
  const store = createSubscriptionStore();
  const delivery = createDelivery({
    clock: deps.clock,
    store,
    throttle: createAccountThrottle(),
    baseUrl: deps.baseUrl,
    switches: deps.switches ?? { get: () => ({ ...DEFAULT_SWITCHES }) },
    timeoutMs,
    signal: shutdown.signal,
  });
  const unsubscribe = deps.changes.subscribe((change) => delivery.enqueue(change));
  const routes = createWebhookRoutes({
    store,
    delivery,
    verify: (url) => verifyCallback(url, { timeoutMs, signal: shutdown.signal }),
  });

  return {
    routes,
    close() {
      unsubscribe();
      shutdown.abort();
      delivery.close();
    },
    subscriptions: () =>
      store.all().map((sub) => ({ ...copyOf(sub.record), appId: sub.appId, accountUuid: sub.accountUuid })),
    queued: () => delivery.queued(),
    whenIdle: () => delivery.whenIdle(),
  };
}
