import { createAddonStore } from './addon/store/create-store';
import { createFeedStore } from './feed/store/create-store';
import { createLimitStore } from './limits/create-limit-store';
import type { CompanionStores } from './stores';

/** On Node: Redis when REDIS_URL is set (several instances), memory otherwise. */
export const nodeStores: CompanionStores = {
  limits: createLimitStore,
  feed: createFeedStore,
  addon: createAddonStore,
};
