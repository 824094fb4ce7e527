import { browser } from 'wxt/browser';

// The one alarm table: every alarm the background sets, and who handles it. Alarms outlive the
// service worker (a stopped worker forgets its timers, not its alarms), so each long wait is one.

export const ALARMS = {
  /** Shortly before the access token expires: refresh it. */
  tokenRefresh: 'fieldside-token-refresh',
  /** Every few minutes: incremental sync (now and then a full refresh of a staff member's cache). */
  sync: 'fieldside-sync',
  /** Every few minutes: wake the live feed (reconnect, catch up). */
  feedWake: 'fieldside-feed-wake',
  /** A queued write's backoff is longer than a timer should be trusted with: send it then. */
  outbox: 'fieldside-outbox',
} as const;

export type AlarmName = keyof typeof ALARMS;

/** Routes each alarm to its handler; one listener for all. */
export function listenForAlarms(handlers: Record<AlarmName, () => void>): void {
  const byName = new Map(Object.entries(ALARMS).map(([key, name]) => [name, handlers[key as AlarmName]]));
  browser.alarms.onAlarm.addListener((alarm) => byName.get(alarm.name as (typeof ALARMS)[AlarmName])?.());
}

/** A periodic alarm, created once (kept across worker restarts; not re-created, so its phase stays). */
export async function ensurePeriodicAlarm(
  name: AlarmName,
  periodInMinutes: number,
  delayInMinutes?: number,
): Promise<void> {
  if (await browser.alarms.get(ALARMS[name])) return;
  await browser.alarms.create(ALARMS[name], {
    periodInMinutes,
    ...(delayInMinutes !== undefined ? { delayInMinutes } : {}),
  });
}

export function setAlarm(name: AlarmName, when: number): Promise<void> {
  return browser.alarms.create(ALARMS[name], { when });
}

export async function clearAlarm(name: AlarmName): Promise<void> {
  await browser.alarms.clear(ALARMS[name]);
}

export async function hasAlarm(name: AlarmName): Promise<boolean> {
  return (await browser.alarms.get(ALARMS[name])) !== undefined;
}
