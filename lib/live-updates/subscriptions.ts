import { notFoundError } from '../api/errors';
import type { PlatformClient } from '../api/client';
import type { WebhookSubscription } from '../api/schemas';
import type { SubscriptionStatus } from '../api/webhook-subscriptions';

// The options page's "Webhooks" section: the account's subscriptions as the platform lists them for this
// app (OAuth: Fieldside's own, made by the companion; API key: the private app's), re-activation and
// deletion. Re-activating is re-posting the same object, unique_id, fields and callback: the platform
// then modifies the subscription in place, sets it active and clears its failure fields.

export interface SubscriptionView {
  object: string;
  uniqueId: string;
  callbackUrl: string;
  fields: string[];
  active: boolean;
  lastFailureReason: string | null;
  /** UTC, `YYYY-MM-DD HH:MM:SS`, as the platform gives it. */
  lastFailureAt: string | null;
}

export interface SubscriptionIdentity {
  object: string;
  uniqueId: string;
}

export function toView(s: WebhookSubscription): SubscriptionView {
  return {
    object: s.object,
    uniqueId: s.unique_id,
    callbackUrl: s.callback_url,
    fields: [...s.fields],
    active: s.active,
    lastFailureReason: s.last_failure_reason,
    lastFailureAt: s.last_failure_at,
  };
}

export function createSubscriptionAdmin(client: () => Promise<PlatformClient>) {
  async function find(id: SubscriptionIdentity): Promise<WebhookSubscription> {
    const all = await (await client()).webhooks.list('all');
    const found = all.find((s) => s.object === id.object && s.unique_id === id.uniqueId);
    if (!found) throw notFoundError(`No ${id.object} subscription "${id.uniqueId}" on this account`);
    return found;
  }

  return {
    async list(status: SubscriptionStatus): Promise<SubscriptionView[]> {
      const listed = await (await client()).webhooks.list(status);
      return listed.map(toView);
    },
    async reactivate(id: SubscriptionIdentity): Promise<void> {
      const s = await find(id);
      await (await client()).webhooks.upsert({ object: s.object, uniqueId: s.unique_id, fields: s.fields, callbackUrl: s.callback_url });
    },
    async remove(id: SubscriptionIdentity): Promise<void> {
      await (await client()).webhooks.remove({ object: id.object, uniqueId: id.uniqueId });
    },
  };
}
export type SubscriptionAdmin = ReturnType<typeof createSubscriptionAdmin>;
