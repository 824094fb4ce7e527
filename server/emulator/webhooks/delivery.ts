import { formatUtc } from '../clock';
import type { Clock, RecordChange } from '../contracts';
import type { SwitchBoard } from '../switches';
import { jobEventsOf, type JobEvent } from './events';
import { postToCallback, type PostOutcome } from './http-post';
import { newLane, stopTimers, UNORDERED_IN_FLIGHT, waitingIn, type Lane } from './delivery-lane';
import { buildNotification, encodePayload, type WebhookPayload } from './notification';
import { nextAttemptAt, windowExpired } from './retry-policy';
import type { StoredSubscription, SubscriptionStore } from './store';
import type { AccountThrottle } from './throttle';

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
      lane = newLane();
      lanes.set(sub, lane);
    }
    return lane;
  }

  function drop(sub: StoredSubscription): void {
    const lane = lanes.get(sub);
    if (lane) stopTimers(lane);
    lanes.delete(sub);
  }

  const unordered = () => deps.switches.get().deliveryOrder === 'unordered';

  /** Starts the lane's pumps (one, or under `unordered` one per queued notification up to UNORDERED_IN_FLIGHT) unless
   * they are running or the lane waits for its timer. The promise ends with them. */
  function kick(sub: StoredSubscription, lane: Lane): Promise<void> {
    if (lane.cancelTimer || deps.signal.aborted) return Promise.resolve();
    const wanted = unordered() ? Math.min(UNORDERED_IN_FLIGHT, lane.queue.length) : 1;
    const runs: Promise<void>[] = [];
    while (lane.pumps < wanted) {
      lane.pumps += 1;
      const run = pump(sub, lane).catch((error: unknown) => console.error('webhook delivery failed', error));
      running.add(run);
      void run.then(() => running.delete(run));
      runs.push(run);
    }
    return Promise.all(runs).then(() => undefined);
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
    // `pumps` is counted down in the same step as the pump ends (not a microtask later), so a wake-up it scheduled
    // can never find the lane still pumping and be lost.
    try {
      await sendQueued(sub, lane);
    } finally {
      lane.pumps -= 1;
    }
  }

  async function sendQueued(sub: StoredSubscription, lane: Lane): Promise<void> {
    // A pump stops when the lane waits for its timer (a failure's backoff, the throttle): the wake-up kicks it again.
    while (current(sub, lane) && !lane.cancelTimer) {
      const head = lane.queue[0];
      if (!head) return;
      const waitUntil = throttle.reserve(sub.accountUuid, clock.now());
      if (waitUntil !== undefined) return wakeAt(sub, lane, waitUntil);
      // Under `unordered` a pump takes its notification off the queue, so the others send the next ones meanwhile;
      // under `queued` one pump sends the head (the others of a switch flipped back end here).
      const taken = unordered();
      if (!taken && lane.pumps > 1) return;
      if (taken) {
        lane.queue.shift();
        lane.inFlight += 1;
      }

      const generation = lane.generation;
      // Encoded when sent, not when queued: a switch flipped between the two applies to the next POST.
      const outcome = await postToCallback(
        sub.record.callback_url,
        encodePayload(head, deps.switches.get().webhookContentType),
        { timeoutMs: deps.timeoutMs, signal: deps.signal },
      );
      if (taken) lane.inFlight -= 1;
      if (!current(sub, lane)) return;
      if (isSuccess(outcome)) {
        if (!taken) lane.queue.shift();
        lane.failures = 0;
        lane.firstFailureAt = undefined;
        continue;
      }
      // Modified while this POST was out: the answer concerns the old settings; try again with the new ones.
      if (lane.generation !== generation) {
        if (taken) lane.queue.unshift(head);
        continue;
      }
      if (outcome.kind === 'answer' && outcome.status === 410) {
        store.remove(sub);
        return drop(sub);
      }
      if (outcome.kind === 'answer' && outcome.status === 429) {
        // Not a failure: the notification stays at the head and goes out once the throttle allows.
        if (taken) lane.queue.unshift(head);
        throttle.throttle(sub.accountUuid, clock.now());
        continue;
      }
      if (!fail(sub, lane, outcome.kind === 'answer' ? `HTTP ${outcome.status}` : outcome.reason)) return;
      if (!taken) return wakeAt(sub, lane, retryAt(lane));
      lane.held.push(head);
      holdForRetry(sub, lane);
    }
  }

  /** Records a failure on the subscription; false when it ended the retry window (the subscription deactivated). */
  function fail(sub: StoredSubscription, lane: Lane, reason: string): boolean {
    const now = clock.now();
    sub.record.last_failure_reason = reason;
    sub.record.last_failure_at = formatUtc(now);
    lane.failures += 1;
    lane.firstFailureAt ??= now;
    if (!windowExpired(now, lane.firstFailureAt)) return true;
    // Cancelled: the queued notifications go with it; reactivation starts afresh.
    sub.record.active = false;
    drop(sub);
    return false;
  }

  const retryAt = (lane: Lane) => nextAttemptAt(clock.now(), lane.failures, lane.firstFailureAt!);

  /** Under `unordered`: the held notifications go back on the queue, behind what came meanwhile, at the retry. */
  function holdForRetry(sub: StoredSubscription, lane: Lane): void {
    if (lane.cancelRetry) return;
    const cancel = clock.setTimer(retryAt(lane), () => {
      if (lane.cancelRetry !== cancel) return;
      lane.cancelRetry = undefined;
      lane.queue.push(...lane.held.splice(0));
      return kick(sub, lane);
    });
    lane.cancelRetry = cancel;
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
      stopTimers(lane);
      lane.queue.push(...lane.held.splice(0));
      lane.failures = 0;
      lane.firstFailureAt = undefined;
      lane.generation += 1;
      void kick(sub, lane);
    },

    /** The subscription was deleted: its queued notifications are discarded. */
    drop,

    /** Notifications waiting (including ones being sent) for a subscription, or for all. */
    queued(sub?: StoredSubscription): number {
      if (sub) return waitingIn(lanes.get(sub));
      let total = 0;
      for (const lane of lanes.values()) total += waitingIn(lane);
      return total;
    },

    /** Resolves once no POST is in flight (scheduled retries may remain). */
    async whenIdle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },

    close(): void {
      for (const lane of lanes.values()) stopTimers(lane);
      lanes.clear();
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;

function isSuccess(outcome: PostOutcome): boolean {
  return outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300;
}
