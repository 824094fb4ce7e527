import { formatUtc } from '../clock';
import type { Clock, RecordChange } from '../contracts';
import type { SwitchBoard } from '../switches';
import { jobEventsOf, type JobEvent } from './events';
import { postToCallback, type PostOutcome } from './http-post';
import { buildNotification, encodePayload, type WebhookPayload } from './notification';
import { nextAttemptAt, windowExpired } from './retry-policy';
import type { StoredSubscription, SubscriptionStore } from './store';
import type { AccountThrottle } from './throttle';

/** Per-subscription delivery state: a FIFO queue, so one subscription's notifications arrive in order. */
interface Lane {
  queue: WebhookPayload[];
  /** A pump loop is running (possibly awaiting a POST). */
  running: boolean;
  /** Cancels the scheduled wake-up (retry backoff or throttle gap), if one is pending. */
  cancelTimer: (() => void) | undefined;
  failures: number;
  firstFailureAt: number | undefined;
  /** Bumped when the subscription is modified, so an answer from before it does not count against it. */
  generation: number;
}

export interface DeliveryDeps {
  clock: Clock;
  store: SubscriptionStore;
  throttle: AccountThrottle;
  baseUrl: () => string;
  switches: Pick<SwitchBoard, 'get'>;
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * Sends notifications for record changes (object subscriptions) and the job events they amount to (event
 * subscriptions), and applies the spec's answers: 2xx completes, 410 removes the
 * subscription, 429 throttles the account, anything else (other status, timeout, refused connection) is retried
 * with backoff on the emulator clock for 72 hours, then the subscription is deactivated.
 */
export function createDelivery(deps: DeliveryDeps) {
  const { clock, store, throttle } = deps;
  const lanes = new Map<StoredSubscription, Lane>();
  const running = new Set<Promise<void>>();

  function laneOf(sub: StoredSubscription): Lane {
    let lane = lanes.get(sub);
    if (!lane) {
      lane = {
        queue: [],
        running: false,
        cancelTimer: undefined,
        failures: 0,
        firstFailureAt: undefined,
        generation: 0,
      };
      lanes.set(sub, lane);
    }
    return lane;
  }

  function drop(sub: StoredSubscription): void {
    const lane = lanes.get(sub);
    lane?.cancelTimer?.();
    lanes.delete(sub);
  }

  /** Starts the lane's pump unless it is already running or waiting for its timer. The promise ends with it. */
  function kick(sub: StoredSubscription, lane: Lane): Promise<void> {
    if (lane.running || lane.cancelTimer || deps.signal.aborted) return Promise.resolve();
    lane.running = true;
    const run = pump(sub, lane).catch((error: unknown) => console.error('webhook delivery failed', error));
    running.add(run);
    void run.then(() => running.delete(run));
    return run;
  }

  function wakeAt(sub: StoredSubscription, lane: Lane, at: number): void {
    const cancel = clock.setTimer(at, () => {
      if (lane.cancelTimer !== cancel) return;
      lane.cancelTimer = undefined;
      return kick(sub, lane);
    });
    lane.cancelTimer = cancel;
  }

  const current = (sub: StoredSubscription, lane: Lane) =>
    !deps.signal.aborted && store.has(sub) && sub.record.active && lanes.get(sub) === lane;

  async function pump(sub: StoredSubscription, lane: Lane): Promise<void> {
    // `running` is cleared in the same step as the pump ends (not a microtask later), so a wake-up it scheduled
    // can never find the lane still marked running and be lost.
    try {
      await sendQueued(sub, lane);
    } finally {
      lane.running = false;
    }
  }

  async function sendQueued(sub: StoredSubscription, lane: Lane): Promise<void> {
    while (current(sub, lane)) {
      const head = lane.queue[0];
      if (!head) return;
      const waitUntil = throttle.reserve(sub.accountUuid, clock.now());
      if (waitUntil !== undefined) return wakeAt(sub, lane, waitUntil);

      const generation = lane.generation;
      // Encoded when sent, not when queued: a switch flipped between the two applies to the next POST.
      const outcome = await postToCallback(
        sub.record.callback_url,
        encodePayload(head, deps.switches.get().webhookContentType),
        { timeoutMs: deps.timeoutMs, signal: deps.signal },
      );
      if (!current(sub, lane)) return;
      if (isSuccess(outcome)) {
        lane.queue.shift();
        lane.failures = 0;
        lane.firstFailureAt = undefined;
        continue;
      }
      // Modified while this POST was out: the answer concerns the old settings; try again with the new ones.
      if (lane.generation !== generation) continue;
      if (outcome.kind === 'answer' && outcome.status === 410) {
        store.remove(sub);
        return drop(sub);
      }
      if (outcome.kind === 'answer' && outcome.status === 429) {
        // Not a failure: the notification stays at the head and goes out once the throttle allows.
        throttle.throttle(sub.accountUuid, clock.now());
        continue;
      }
      return fail(sub, lane, outcome.kind === 'answer' ? `HTTP ${outcome.status}` : outcome.reason);
    }
  }

  function fail(sub: StoredSubscription, lane: Lane, reason: string): void {
    const now = clock.now();
    sub.record.last_failure_reason = reason;
    sub.record.last_failure_at = formatUtc(now);
    lane.failures += 1;
    lane.firstFailureAt ??= now;
    if (windowExpired(now, lane.firstFailureAt)) {
      // Cancelled: the queued notifications go with it; reactivation starts afresh.
      sub.record.active = false;
      return drop(sub);
    }
    wakeAt(sub, lane, nextAttemptAt(now, lane.failures, lane.firstFailureAt));
  }

  return {
    /** Queues the change for every active subscription of its account that it concerns: object subscriptions
     * watching one of its fields, event subscriptions to an event it amounts to. */
    enqueue(change: RecordChange): void {
      let events: JobEvent[] | undefined;
      for (const sub of store.activeFor(change.accountUuid)) {
        const record = sub.record;
        let payloads: WebhookPayload[] = [];
        if (record.type === 'object') {
          const notification =
            record.object === change.recordType
              ? buildNotification(change, record.fields, deps.baseUrl(), deps.switches.get().createdFields)
              : undefined;
          if (notification) payloads = [notification];
        } else {
          // The shape is decided when the event happens; each retry sends the same body.
          events ??= jobEventsOf(change, deps.baseUrl(), deps.switches.get().eventNotificationShape);
          payloads = events.filter((e) => e.event === record.event).map((e) => e.notification);
        }
        if (payloads.length === 0) continue;
        const lane = laneOf(sub);
        lane.queue.push(...payloads);
        void kick(sub, lane);
      }
    },

    /** The subscription was added or modified (and so reactivated): forget past failures, retry queued ones now. */
    restart(sub: StoredSubscription): void {
      const lane = lanes.get(sub);
      if (!lane) return;
      lane.cancelTimer?.();
      lane.cancelTimer = undefined;
      lane.failures = 0;
      lane.firstFailureAt = undefined;
      lane.generation += 1;
      void kick(sub, lane);
    },

    /** The subscription was deleted: its queued notifications are discarded. */
    drop,

    /** Notifications waiting (including ones being sent) for a subscription, or for all. */
    queued(sub?: StoredSubscription): number {
      if (sub) return lanes.get(sub)?.queue.length ?? 0;
      let total = 0;
      for (const lane of lanes.values()) total += lane.queue.length;
      return total;
    },

    /** Resolves once no POST is in flight (scheduled retries may remain). */
    async whenIdle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },

    close(): void {
      for (const lane of lanes.values()) lane.cancelTimer?.();
      lanes.clear();
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;

function isSuccess(outcome: PostOutcome): boolean {
  return outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300;
}
