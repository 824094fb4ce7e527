import type { PlatformClient } from '../api/client';
import { notFoundError } from '../api/errors';
import type { WebhookSubscription } from '../api/schemas';
import type { SubscriptionStatus } from '../api/webhook-subscriptions';
import type { SubscriptionView } from '../messaging/views';

// The options page's "Webhooks" section: the account's subscriptions as the platform lists them for this
// app (OAuth: Fieldside's own, made by the companion; API key: the private app's), both kinds, with
// re-activation and deletion. Re-activating is re-posting the same subscription: the platform then
// modifies it in place, sets it active and clears its failure fields. Callback URLs stay here, in the
// background: the views pages get leave them out (they carry the account's secret token).

export interface SubscriptionIdentity {
  kind: 'object' | 'event';
  name: string;
  uniqueId: string;
}

export function toView(s: WebhookSubscription): SubscriptionView {
  return {
    kind: s.type,
    name: s.type === 'event' ? s.event : s.object,
    uniqueId: s.unique_id,
    fields: s.type === 'event' ? [] : [...s.fields],
    active: s.active,
    lastFailureReason: s.last_failure_reason,
    lastFailureAt: s.last_failure_at,
  };
}

const matches = (s: WebhookSubscription, id: SubscriptionIdentity) =>
  s.type === id.kind && (s.type === 'event' ? s.event : s.object) === id.name && s.unique_id === id.uniqueId;

export function createSubscriptionAdmin(client: () => Promise<PlatformClient>) {
  async function find(id: SubscriptionIdentity): Promise<WebhookSubscription> {
    const found = (await (await client()).webhooks.list('all')).find((s) => matches(s, id));
    if (!found) throw notFoundError(`No ${id.name} subscription "${id.uniqueId}" on this account`);
    return found;
  }

  return {
    async list(status: SubscriptionStatus): Promise<SubscriptionView[]> {
      return (await (await client()).webhooks.list(status)).map(toView);
    },
    async reactivate(id: SubscriptionIdentity): Promise<void> {
      await (await client()).webhooks.reactivate(await find(id));
    },
    async remove(id: SubscriptionIdentity): Promise<void> {
      const s = await find(id);
      const by = s.type === 'event' ? { event: s.event } : { object: s.object };
      await (await client()).webhooks.remove({ ...by, uniqueId: s.unique_id, callbackUrl: s.callback_url });
    },
  };
}
export type SubscriptionAdmin = ReturnType<typeof createSubscriptionAdmin>;
