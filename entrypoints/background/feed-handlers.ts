import type { Handlers } from '@/lib/messaging/router';
import { createSubscriptionAdmin } from '@/lib/live-updates/subscriptions';
import type { BackgroundServices } from './handlers';

/** The options page's "Webhooks" view (issue 7): the view's client lists, re-activates, deletes. */
export function createFeedHandlers({ view }: Pick<BackgroundServices, 'view'>): Pick<Handlers, 'webhooks.list' | 'webhooks.reactivate' | 'webhooks.delete'> {
  const admin = createSubscriptionAdmin(() => view.client());
  return {
    'webhooks.list': async ({ status }) => ({ subscriptions: await admin.list(status) }),
    'webhooks.reactivate': async (id) => (await admin.reactivate(id), {}),
    'webhooks.delete': async (id) => (await admin.remove(id), {}),
  };
}
