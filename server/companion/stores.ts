import type { AddonStore } from './addon/store/types';
import type { CompanionConfig } from './config';
import type { FeedStore } from './feed/store/types';
import type { LimitStore } from './limits/types';

/**
 * Where the companion keeps what its instances share: the rate limits and stream slots, the change feed, and the
 * add-on's kept tokens and one-time marks.
 * Each entry chooses (Node: node-stores.ts, memory or Redis; edge: edge-stores.ts, memory or Redis over HTTP),
 * so a runtime's bundle holds only the stores it can reach: an edge runtime cannot load a Redis TCP client.
 */
export interface CompanionStores {
  limits(config: CompanionConfig): Promise<LimitStore>;
  feed(config: CompanionConfig): Promise<FeedStore>;
  addon(config: CompanionConfig): Promise<AddonStore>;
}
