import type { MiddlewareHandler } from 'hono';
import type { Clock, EmulatorEnv } from '../contracts';
import type { Switches } from '../switches';
import { apiError, DAILY_RATE_LIMIT_MESSAGE, RATE_LIMIT_MESSAGE } from './errors';

/** Requests an app may make for one account, as the platform allows them (PLATFORM-NOTES "Rate limits"). */
export interface RateLimits {
  perMinute: number;
  perDay: number;
}

export const PLATFORM_RATE_LIMITS: RateLimits = { perMinute: 180, perDay: 20_000 };

export type LimitWindow = 'minute' | 'day';

const MINUTE_MS = 60_000;
// Day windows start at midnight UTC. Neither the spec nor the notes say when the platform's day
// starts; UTC midnight needs nothing per account (an account-local midnight would tie the limit to
// `timezone_name`), is the same for every app and test run, and is easy to reach with the control
// clock. The client must not rely on it: it only learns "per day" from the 429's text.
const DAY_MS = 24 * 60 * MINUTE_MS;

/** How the platform counts, where its documentation is silent: the switches of those names (switches.ts). */
type RateCounting = Pick<Switches, 'rateWindow' | 'refusedRequests'>;

const FIXED_FREE: RateCounting = { rateWindow: 'fixed', refusedRequests: 'free' };

/** Requests per key in fixed windows of `lengthMs` on the emulator clock (epoch-aligned). */
function createWindowCounts(clock: Clock, lengthMs: number) {
  let window = -1;
  const counts = new Map<string, number>();
  const current = (): Map<string, number> => {
    const now = Math.floor(clock.now() / lengthMs);
    if (now !== window) {
      window = now;
      counts.clear();
    }
    return counts;
  };
  return {
    used: (key: string): number => current().get(key) ?? 0,
    add(key: string): void {
      const c = current();
      c.set(key, (c.get(key) ?? 0) + 1);
    },
    clear: () => counts.clear(),
  };
}

/** Requests per key in the `lengthMs` before each moment (a rolling window): the times of those still inside. */
function createRollingCounts(clock: Clock, lengthMs: number) {
  const times = new Map<string, number[]>();
  const inside = (key: string): number[] => {
    const list = times.get(key);
    if (!list) return [];
    const since = clock.now() - lengthMs;
    let gone = 0;
    while (gone < list.length && list[gone]! <= since) gone++;
    if (gone > 0) list.splice(0, gone);
    return list;
  };
  return {
    used: (key: string): number => inside(key).length,
    add(key: string): void {
      const list = inside(key);
      if (list.length === 0) times.set(key, list);
      list.push(clock.now());
    },
    clear: () => times.clear(),
  };
}

/**
 * The platform's per-minute and per-day limits, per app per account, on the emulator clock (so a test can advance
 * past a window instead of waiting a minute or a day). `counting` is read at every request: the documentation says
 * neither whether the minute is a fixed or a rolling one nor whether a refused request counts.
 */
export function createRateLimiter(
  clock: Clock,
  initial: RateLimits = PLATFORM_RATE_LIMITS,
  counting: () => RateCounting = () => FIXED_FREE,
) {
  const limits: RateLimits = { ...initial };
  const fixedMinute = createWindowCounts(clock, MINUTE_MS);
  const rollingMinute = createRollingCounts(clock, MINUTE_MS);
  const day = createWindowCounts(clock, DAY_MS);
  let lastWindow = counting().rateWindow;
  return {
    /** Changes either limit (the other stays); counting starts afresh, so a test sees exactly the new limit. */
    setLimits(next: Partial<RateLimits>) {
      Object.assign(limits, next);
      fixedMinute.clear();
      rollingMinute.clear();
      day.clear();
    },
    limits: (): RateLimits => ({ ...limits }),
    /**
     * Counts a request; answers the window whose limit refuses it, or null when it may go on. The day
     * is checked first: once it is spent, saying "per day" is what tells a client waiting will not help.
     * A refused request counts against both windows when refusals are `counted`, else against neither.
     */
    take(key: string): LimitWindow | null {
      const { rateWindow: window, refusedRequests: refusals } = counting();
      if (window !== lastWindow) {
        // Switched: the minute is counted afresh the new way (the day is a fixed window either way).
        lastWindow = window;
        fixedMinute.clear();
        rollingMinute.clear();
      }
      const minute = window === 'sliding' ? rollingMinute : fixedMinute;
      const refused = day.used(key) >= limits.perDay ? 'day' : minute.used(key) >= limits.perMinute ? 'minute' : null;
      if (refused === null || refusals === 'counted') {
        day.add(key);
        minute.add(key);
      }
      return refused;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

const MESSAGES: Record<LimitWindow, string> = { minute: RATE_LIMIT_MESSAGE, day: DAILY_RATE_LIMIT_MESSAGE };

export function rateLimitMiddleware(limiter: RateLimiter): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    const refused = limiter.take(`${principal.appId}|${principal.accountUuid}`);
    if (refused) return apiError(c, 429, MESSAGES[refused]);
    await next();
  };
}
