import type { WebhookPayload } from './notification';

// One subscription's delivery state (delivery.ts runs it).

/** Per-subscription delivery state: a FIFO queue, sent in order (deliveryOrder `queued`: a failure holds the lane
 * until its retry), or by several pumps at once (`unordered`: a failed notification is held for its retry while the
 * newer ones go on, so they arrive before it). */
export interface Lane {
  queue: WebhookPayload[];
  /** Pump loops running (possibly awaiting a POST): one under `queued`, up to UNORDERED_IN_FLIGHT under `unordered`. */
  pumps: number;
  /** Notifications taken off the queue by a pump under `unordered`, their POST not answered yet. */
  inFlight: number;
  /** Under `unordered`: failed notifications waiting for their retry, and its timer. */
  held: WebhookPayload[];
  cancelRetry: (() => void) | undefined;
  /** Cancels the scheduled wake-up (retry backoff or throttle gap), if one is pending. */
  cancelTimer: (() => void) | undefined;
  failures: number;
  firstFailureAt: number | undefined;
  /** Bumped when the subscription is modified, so an answer from before it does not count against it. */
  generation: number;
}

/** POSTs at once on one subscription under deliveryOrder `unordered`. */
export const UNORDERED_IN_FLIGHT = 4;

export const newLane = (): Lane => ({
  queue: [],
  pumps: 0,
  inFlight: 0,
  held: [],
  cancelRetry: undefined,
  cancelTimer: undefined,
  failures: 0,
  firstFailureAt: undefined,
  generation: 0,
});

/** Notifications the lane still has to deliver: queued, being sent, held for a retry. */
export const waitingIn = (lane: Lane | undefined): number =>
  lane ? lane.queue.length + lane.inFlight + lane.held.length : 0;

/** Cancels the lane's wake-up and its retry of held notifications. */
export function stopTimers(lane: Lane): void {
  lane.cancelTimer?.();
  lane.cancelTimer = undefined;
  lane.cancelRetry?.();
  lane.cancelRetry = undefined;
}
