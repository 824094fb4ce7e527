import type { MiddlewareHandler } from 'hono';
import type { Clock, EmulatorEnv } from '../contracts';
import { apiError, RATE_LIMIT_MESSAGE } from './errors';

/**
 * The platform's per-minute limit, per app per account, in fixed windows of the emulator clock (so a test can
 * advance past a window instead of waiting a minute).
 */
export function createRateLimiter(clock: Clock, perMinute: number) {
  let limit = perMinute;
  let window = -1;
  const counts = new Map<string, number>();
  return {
    setLimit(next: number) {
      limit = next;
      counts.clear();
    },
    limit: () => limit,
    /** Counts a request; false when it is over the limit. */
    take(key: string): boolean {
      const current = Math.floor(clock.now() / 60_000);
      if (current !== window) {
        window = current;
        counts.clear();
      }
      const used = counts.get(key) ?? 0;
      if (used >= limit) return false;
      counts.set(key, used + 1);
      return true;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function rateLimitMiddleware(limiter: RateLimiter): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (!limiter.take(`${principal.appId}|${principal.accountUuid}`)) return apiError(c, 429, RATE_LIMIT_MESSAGE);
    await next();
  };
}
