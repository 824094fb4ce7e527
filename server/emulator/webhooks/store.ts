import type { WebhookSubscription } from '../contracts';
import type { StatusFilter, UpsertInput } from './input';

/** One subscription with its owner. The object's identity is stable across modifications and ends with deletion,
 * so delivery can key its per-subscription queue on it. */
export interface StoredSubscription {
  readonly appId: string;
  readonly accountUuid: string;
  record: WebhookSubscription;
}

export interface SubscriptionOwner {
  appId: string;
  accountUuid: string;
}

/** Subscriptions of every app and account, in creation order, identified by (app, account, object, unique_id). */
export function createSubscriptionStore() {
  const byKey = new Map<string, StoredSubscription>();
  const keyOf = (owner: SubscriptionOwner, object: string, uniqueId: string) =>
    JSON.stringify([owner.appId, owner.accountUuid, object, uniqueId]);

  return {
    /** Adds, or modifies the subscription with the same identity; either way it is active with no failure. */
    upsert(owner: SubscriptionOwner, input: UpsertInput): { sub: StoredSubscription; created: boolean } {
      const record: WebhookSubscription = {
        type: 'object',
        object: input.object,
        callback_url: input.callback_url,
        fields: [...input.fields],
        unique_id: input.unique_id,
        active: true,
        last_failure_reason: null,
        last_failure_at: null,
      };
      const key = keyOf(owner, input.object, input.unique_id);
      const existing = byKey.get(key);
      if (existing) {
        existing.record = record;
        return { sub: existing, created: false };
      }
      const sub: StoredSubscription = { appId: owner.appId, accountUuid: owner.accountUuid, record };
      byKey.set(key, sub);
      return { sub, created: true };
    },

    find(owner: SubscriptionOwner, object: string, uniqueId: string): StoredSubscription | undefined {
      return byKey.get(keyOf(owner, object, uniqueId));
    },

    /** Removes the subscription; false if it was already gone. */
    remove(sub: StoredSubscription): boolean {
      const key = keyOf(sub, sub.record.object, sub.record.unique_id);
      if (byKey.get(key) !== sub) return false;
      byKey.delete(key);
      return true;
    },

    /** Whether `sub` is still stored (not deleted or replaced by a delete-then-add). */
    has(sub: StoredSubscription): boolean {
      return byKey.get(keyOf(sub, sub.record.object, sub.record.unique_id)) === sub;
    },

    list(owner: SubscriptionOwner, status: StatusFilter): StoredSubscription[] {
      return [...byKey.values()].filter(
        (sub) =>
          sub.appId === owner.appId &&
          sub.accountUuid === owner.accountUuid &&
          (status === 'all' || sub.record.active === (status === 'active')),
      );
    },

    /** Active subscriptions of any app on this account for this record type. */
    activeFor(accountUuid: string, object: string): StoredSubscription[] {
      return [...byKey.values()].filter(
        (sub) => sub.accountUuid === accountUuid && sub.record.object === object && sub.record.active,
      );
    },

    all(): StoredSubscription[] {
      return [...byKey.values()];
    },
  };
}

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;
