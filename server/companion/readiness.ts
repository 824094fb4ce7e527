import type { Context } from 'hono';
import { jsonError } from './http-errors';

// `GET /ready`: whether this instance can take traffic, for a load balancer or an orchestrator. It is ready when
// its change-feed store answers a read in time (Redis when configured, where the feed, the rate limits and the
// stream slots live); `GET /health` asks nothing of the store, so a Redis outage marks instances unready without
// getting them restarted for it.

/** Longer than a healthy store ever takes, and shorter than the probes of load balancers wait. */
export const READY_TIMEOUT_MS = 2_000;

/** Resolves true when `probe` succeeds within `ms`; false when it fails or is late (its late end is ignored). */
async function answersWithin(probe: Promise<void>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      probe.then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function readinessRoute(probe: (() => Promise<void>) | undefined, timeoutMs = READY_TIMEOUT_MS) {
  return async (c: Context): Promise<Response> => {
    c.header('cache-control', 'no-store');
    if (!probe || (await answersWithin(probe(), timeoutMs))) return c.json({ ready: true });
    return jsonError(
      c,
      503,
      'not_ready',
      'The companion cannot reach its change-feed store, so it is not taking requests until it can. It keeps trying.',
    );
  };
}
