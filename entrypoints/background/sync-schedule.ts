import { cacheDbName } from '@/lib/databases';
import { keepTodaysFirstScreen } from '@/lib/cache/first-screen/first-screen';
import {
  customerUseStore,
  dailyLimitHoldStore,
  feedLiveSeenStore,
  fullRefreshStore,
} from '@/lib/cache/sync/sync-times';
import { createCustomerUse } from '@/lib/cache/sync/customer-use';
import { workspaceId, type WorkspaceKey } from '@/lib/settings/workspace-key';
import { createSyncSchedule, type SyncSchedule } from '@/lib/cache/sync/schedule';
import { SYNC_ALARM_PERIOD_MINUTES } from '@/lib/cache/sync/alarm-policy';
import type { LiveHub } from '@/lib/messaging/live-hub';
import type { LiveEvent } from '@/lib/messaging/views';
import { connectionItem, sessionItem } from '@/lib/settings/items';
import type { Workspace } from '@/lib/workspace/workspace';
import { ensurePeriodicAlarm } from './alarms';

// Wires the sync schedule (lib/cache/sync) to the browser: its periodic alarm (alarms.ts), session
// changes in storage (sign-in, sign-out, "who are you") and worker start-up.

/** `feedLive`: whether the live feed is connected (then it replaces the periodic incremental sync);
 * `timeZone`: the account's, whose today the popup shows; `installationId`: how long the morning's walk waits. */
export function startSyncSchedule(
  workspace: Workspace,
  hub: LiveHub,
  feedLive: () => Promise<boolean>,
  timeZone: () => Promise<string | null>,
  installationId: () => Promise<string | null>,
): SyncSchedule {
  const schedule = createSyncSchedule({
    workspace,
    hub,
    lastFullRefresh: fullRefreshStore,
    dailyLimitHold: dailyLimitHoldStore,
    feedLiveSeen: feedLiveSeenStore,
    feedLive,
    installationId,
    // The next popup opening paints today's jobs at once, even the first one after this sync.
    afterSync: async (key, sync) =>
      keepTodaysFirstScreen(
        cacheDbName(key.accountUuid, key.staffUuid, key.ownView),
        await sync.searchIndex(),
        await timeZone(),
        Date.now(),
      ),
  });
  void ensurePeriodicAlarm('sync', SYNC_ALARM_PERIOD_MINUTES, SYNC_ALARM_PERIOD_MINUTES);
  // Storage changes reach the worker whichever context made them (the options page signs in).
  sessionItem.watch(() => void schedule.onSessionChanged());
  connectionItem.watch(() => void schedule.onSessionChanged());
  void schedule.onStartup();
  return schedule;
}

/** Fieldside's pages that search customers (the popup's search; the new job's caller and sender lookup). */
const CUSTOMER_PAGES = new Set(['/popup.html', '/new-job.html']);

/** A view that searches customers opened: its person searches customers (customer-use.ts), and an index the syncs
 * had stopped keeping catches up now (it shows what it holds meanwhile). */
export async function customerViewOpened(workspace: Pick<Workspace, 'key' | 'sync'>): Promise<void> {
  const key = await workspace.key();
  if (key && (await customerUse.opened(workspaceId(key)))) await (await workspace.sync()).catchUpCustomers();
}

const customerUse = createCustomerUse(customerUseStore);
/** Whether a workspace's syncs keep its contacts (its person searched customers lately). */
export const contactsWanted = (key: WorkspaceKey) => customerUse.wanted(workspaceId(key));

/** A page connected to the live hub: it is told the sync status at once; one of Fieldside's own pages (someone
 * looks, not a content script) also runs a morning's walk still waiting its spread, and a page that searches
 * customers counts as their use. */
export function greetLivePage(
  schedule: SyncSchedule,
  workspace: Pick<Workspace, 'key' | 'sync'>,
  send: (event: LiveEvent) => void,
  ownPage: string | null,
): void {
  void schedule.status().then(
    (status) => send({ type: 'sync.status', status }),
    () => undefined,
  );
  const warn = (error: unknown) => console.warn('Fieldside: sync', error);
  if (ownPage !== null) void schedule.onViewOpened().catch(warn);
  if (ownPage !== null && CUSTOMER_PAGES.has(ownPage)) void customerViewOpened(workspace).catch(warn);
}

/** Asks the browser to keep the cache under storage pressure; false where it can't be asked. */
export async function requestPersistence(): Promise<boolean> {
  const storageManager = globalThis.navigator?.storage;
  if (!storageManager?.persist) return false;
  return (await storageManager.persisted?.()) || storageManager.persist();
}
