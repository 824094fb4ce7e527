import type { PlatformClient } from '@/lib/api/client';
import { createSubscriptionAdmin } from '@/lib/live-updates/subscriptions';
import type { Handlers } from '@/lib/messaging/router';

/** The options page's "Webhooks" section: the workspace's client lists, re-activates, deletes. */
export function createWebhookHandlers(client: () => Promise<PlatformClient>): Pick<Handlers, 'webhooks.list' | 'webhooks.reactivate' | 'webhooks.delete'> {
  const admin = createSubscriptionAdmin(client);
  return {
    'webhooks.list': async ({ status }) => ({ subscriptions: await admin.list(status) }),
    'webhooks.reactivate': async (id) => (await admin.reactivate(id), {}),
    'webhooks.delete': async (id) => (await admin.remove(id), {}),
  };
}
