import type { EpochMs } from '../contracts';

/** How long a 429 from a callback slows the account's deliveries (spec: 15 minutes). */
export const THROTTLE_PERIOD_MS = 15 * 60_000;
/** The gap between two deliveries of the account right after a 429; it shrinks linearly to none at 15 minutes. */
export const THROTTLE_MAX_GAP_MS = 60_000;

interface AccountState {
  throttledAt: EpochMs;
  lastSendAt: EpochMs;
}

/**
 * "Webhook volume for the account is gradually throttled for 15 minutes": after a 429 each delivery for the
 * account (any subscription, any app) waits for a gap after the previous one. The gap starts at a minute and
 * shrinks to zero over the 15 minutes, so the volume ramps back up instead of resuming at full rate at once.
 * A further 429 restarts the period.
 */
export function createAccountThrottle() {
  const accounts = new Map<string, AccountState>();

  function gapAt(state: AccountState, now: EpochMs): number {
    const elapsed = now - state.throttledAt;
    if (elapsed >= THROTTLE_PERIOD_MS) return 0;
    return Math.ceil(THROTTLE_MAX_GAP_MS * (1 - Math.max(0, elapsed) / THROTTLE_PERIOD_MS));
  }

  return {
    /** A callback of this account answered 429 at `now`. */
    throttle(accountUuid: string, now: EpochMs): void {
      accounts.set(accountUuid, { throttledAt: now, lastSendAt: now });
    },

    /**
     * Asks to send a delivery for the account now. Answers undefined and counts the send when allowed;
     * otherwise answers the emulator time to ask again.
     */
    reserve(accountUuid: string, now: EpochMs): EpochMs | undefined {
      const state = accounts.get(accountUuid);
      if (!state) return undefined;
      const gap = gapAt(state, now);
      if (gap === 0) {
        accounts.delete(accountUuid);
        return undefined;
      }
      const allowedAt = state.lastSendAt + gap;
      if (allowedAt > now) return allowedAt;
      state.lastSendAt = now;
      return undefined;
    },

    /** The current gap between deliveries for the account, in ms (0 when not throttled). */
    currentGap(accountUuid: string, now: EpochMs): number {
      const state = accounts.get(accountUuid);
      return state ? gapAt(state, now) : 0;
    },
  };
}

export type AccountThrottle = ReturnType<typeof createAccountThrottle>;
