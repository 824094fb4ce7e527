import { randomUUID } from 'node:crypto';
import type { EventSubscription, ObjectSubscription, WebhookSubscription } from '../contracts';
import type { EventInput, ObjectInput, StatusFilter } from './input';

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

/** What names a subscription within its owner: its kind, the object or event, and the caller's unique_id. */
export interface SubscriptionName {
  type: WebhookSubscription['type'];
  name: string;
  uniqueId: string;
}

const nameOf = (record: WebhookSubscription): SubscriptionName => ({
  type: record.type,
  name: record.type === 'object' ? record.object : record.event,
  uniqueId: record.unique_id,
});

const fresh = { active: true, last_failure_reason: null, last_failure_at: null } as const;

/**
 * Subscriptions of every app and account, in creation order, identified by (app, account, kind, object or event,
 * unique_id), and by a uuid of their own for DELETE /webhook_subscriptions/{uuid}.
 */
export function createSubscriptionStore() {
  const byKey = new Map<string, StoredSubscription>();
  const keyOf = (owner: SubscriptionOwner, n: SubscriptionName) =>
    JSON.stringify([owner.appId, owner.accountUuid, n.type, n.name, n.uniqueId]);

  /** Adds, or modifies the subscription with the same name (keeping its uuid); either way active, no failure. */
  function put(
    owner: SubscriptionOwner,
    make: (uuid: string) => WebhookSubscription,
  ): { sub: StoredSubscription; created: boolean } {
    const draft = make('');
    const key = keyOf(owner, nameOf(draft));
    const existing = byKey.get(key);
    if (existing) {
      existing.record = make(existing.record.uuid);
      return { sub: existing, created: false };
    }
    const sub: StoredSubscription = { appId: owner.appId, accountUuid: owner.accountUuid, record: make(randomUUID()) };
    byKey.set(key, sub);
    return { sub, created: true };
  }

  const owned = (sub: StoredSubscription, owner: SubscriptionOwner) =>
    sub.appId === owner.appId && sub.accountUuid === owner.accountUuid;

  return {
    upsertObject(owner: SubscriptionOwner, input: ObjectInput) {
      return put(owner, (uuid): ObjectSubscription => ({
        uuid,
        type: 'object',
        object: input.object,
        fields: [...input.fields],
        callback_url: input.callback_url,
        unique_id: input.unique_id,
        ...fresh,
      }));
    },

    upsertEvent(owner: SubscriptionOwner, input: EventInput) {
      return put(owner, (uuid): EventSubscription => ({
        uuid,
        type: 'event',
        event: input.event,
        callback_url: input.callback_url,
        unique_id: input.unique_id,
        ...fresh,
      }));
    },

    find(owner: SubscriptionOwner, name: SubscriptionName): StoredSubscription | undefined {
      return byKey.get(keyOf(owner, name));
    },

    findByUuid(owner: SubscriptionOwner, uuid: string): StoredSubscription | undefined {
      const wanted = uuid.toLowerCase();
      return [...byKey.values()].find((sub) => owned(sub, owner) && sub.record.uuid === wanted);
    },

    /** Removes the subscription; false if it was already gone. */
    remove(sub: StoredSubscription): boolean {
      const key = keyOf(sub, nameOf(sub.record));
      if (byKey.get(key) !== sub) return false;
      byKey.delete(key);
      return true;
    },

    /** Whether `sub` is still stored (not deleted or replaced by a delete-then-add). */
    has(sub: StoredSubscription): boolean {
      return byKey.get(keyOf(sub, nameOf(sub.record))) === sub;
    },

    list(owner: SubscriptionOwner, status: StatusFilter): StoredSubscription[] {
      return [...byKey.values()].filter(
        (sub) => owned(sub, owner) && (status === 'all' || sub.record.active === (status === 'active')),
      );
    },

    /** Active subscriptions of any app on this account, of both kinds. */
    activeFor(accountUuid: string): StoredSubscription[] {
      return [...byKey.values()].filter((sub) => sub.accountUuid === accountUuid && sub.record.active);
    },

    all(): StoredSubscription[] {
      return [...byKey.values()];
    },
  };
}

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;

/** A copy of the record for an answer or a test, so callers never hold the live one. */
export function copyOf(record: WebhookSubscription): WebhookSubscription {
  return record.type === 'object' ? { ...record, fields: [...record.fields] } : { ...record };
}
