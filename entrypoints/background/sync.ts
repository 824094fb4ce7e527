import { browser } from 'wxt/browser';
import { connectionItem, sessionItem } from '@/lib/settings/items';
import type { ActiveView, LiveHub } from '@/lib/workspace/workspace';
import { cacheDbName } from '@/lib/cache/store/schema';
import { keepFirstScreen } from '@/lib/cache/first-screen/first-screen';
import { localDay } from '@/lib/quick-search/freshness';
import { dailyLimitHoldStore, fullRefreshStore } from '@/lib/cache/sync/sync-times';
import { createSyncService, type SyncService } from '@/lib/cache/sync/schedule';

// Wires the sync service (lib/sync) to the browser: the 10-minute alarm (alarms outlive the
// worker), session changes in storage (sign-in, sign-out, "who are you") and worker start-up.

export const SYNC_ALARM = 'fieldside-sync';
export const SYNC_PERIOD_MINUTES = 10;

export function startSyncService(view: ActiveView, hub: LiveHub): SyncService {
  const service = createSyncService({
    view,
    hub,
    lastFullRefresh: fullRefreshStore,
    dailyLimitHold: dailyLimitHoldStore,
    // The next popup opening paints today's jobs at once, even the first one after this sync.
    afterSync: async (scope, sync) => keepFirstScreen(cacheDbName(scope.accountUuid, scope.staffUuid), await sync.searchIndex(), localDay(new Date())),
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === SYNC_ALARM) void service.onAlarm();
  });
  void browser.alarms.get(SYNC_ALARM).then((existing) => {
    if (!existing) void browser.alarms.create(SYNC_ALARM, { periodInMinutes: SYNC_PERIOD_MINUTES, delayInMinutes: SYNC_PERIOD_MINUTES });
  });
  // Storage changes reach the worker whichever context made them (the options page signs in).
  sessionItem.watch(() => void service.onSessionChanged());
  connectionItem.watch(() => void service.onSessionChanged());
  void service.onStartup();
  return service;
}

/** Asks the browser to keep the cache under storage pressure; false where it can't be asked. */
export async function requestPersistence(): Promise<boolean> {
  const storageManager = globalThis.navigator?.storage;
  if (!storageManager?.persist) return false;
  return (await storageManager.persisted?.()) || storageManager.persist();
}
