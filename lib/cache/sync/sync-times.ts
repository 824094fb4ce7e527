import { z } from 'zod';
import {
  syncCustomerUseItem,
  syncDailyLimitHoldItem,
  syncFeedLiveSeenItem,
  syncFullRefreshItem,
} from '../../settings/items';

// Times the sync schedule keeps per workspace or account in storage.local (the items are declared
// in lib/settings/items.ts), so they survive the service worker being stopped: when each workspace
// last had a full refresh (the hourly refresh of impersonated workspaces), and until when automatic syncs hold back
// after the platform's daily request limit, and when an alarm last found the live feed connected.
const Schema = z.record(z.string(), z.number());

export interface TimesStore {
  get(key: string): Promise<number | null>;
  set(key: string, at: number): Promise<void>;
}

type TimesItem = typeof syncFullRefreshItem;

function timesStore(item: TimesItem): TimesStore {
  return {
    async get(key) {
      const parsed = Schema.safeParse(await item.getValue());
      return parsed.success ? (parsed.data[key] ?? null) : null;
    },
    async set(key, at) {
      const parsed = Schema.safeParse(await item.getValue());
      // Only the newest few keys: switching "view as" through many staff must not grow this forever.
      const entries = Object.entries(parsed.success ? parsed.data : {})
        .filter(([k]) => k !== key)
        .slice(-9);
      await item.setValue(Object.fromEntries([...entries, [key, at]]));
    },
  };
}

export const fullRefreshStore = timesStore(syncFullRefreshItem);
export const dailyLimitHoldStore = timesStore(syncDailyLimitHoldItem);
export const feedLiveSeenStore = timesStore(syncFeedLiveSeenItem);
export const customerUseStore = timesStore(syncCustomerUseItem);
