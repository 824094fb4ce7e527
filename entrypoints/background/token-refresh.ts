import { REFRESH_MARGIN_MS, type TokenKeeper } from '@/lib/auth/token-keeper';
import { clearAlarm, hasAlarm, setAlarm } from './alarms';

// Proactive refresh: an alarm shortly before the access token expires. Alarms outlive the service
// worker, and the expiry is in IndexedDB, so a stopped and restarted worker keeps the schedule.

export async function scheduleRefresh(expiresAt: number | null): Promise<void> {
  if (expiresAt === null) return clearAlarm('tokenRefresh');
  // Alarms fire no sooner than 30 s from now in Chrome; never ask for the past.
  await setAlarm('tokenRefresh', Math.max(expiresAt - REFRESH_MARGIN_MS, Date.now() + 30_000));
}

/** The alarm's handler. A failure here is not lost: invalid_grant signs out inside the keeper, and
 * anything else is retried by the refresh-on-401 of the next request. */
export function refreshOnAlarm(tokens: TokenKeeper): () => void {
  return () =>
    void tokens
      .refreshIfDue()
      .catch((error: unknown) => console.warn('Fieldside: scheduled token refresh failed', error));
}

/** On worker start: make sure the alarm exists for the stored tokens (it may have been lost with a browser restart). */
export async function ensureRefreshScheduled(tokens: TokenKeeper): Promise<void> {
  const current = await tokens.current();
  if (current && !(await hasAlarm('tokenRefresh'))) await scheduleRefresh(current.expiresAt);
}
