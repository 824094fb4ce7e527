import { NotAllowedError, type WhoAreYou } from '@/lib/account/who-are-you';
import type { PlatformClient } from '@/lib/api/client';
import type { FeedService } from '@/lib/live-updates/feed-service';
import { createSubscriptionAdmin } from '@/lib/live-updates/subscriptions';
import type { Handlers } from '@/lib/messaging/router';

export interface WebhookHandlerDeps {
  client: () => Promise<PlatformClient>;
  who: Pick<WhoAreYou, 'isAdministrator'>;
  feed: Pick<FeedService, 'rotate'>;
}

/** The options page's "Webhooks" section: the workspace's client lists, re-activates, deletes; the companion
 * changes the callback address. Administrators only. */
export function createWebhookHandlers(
  deps: WebhookHandlerDeps,
): Pick<Handlers, 'webhooks.list' | 'webhooks.reactivate' | 'webhooks.delete' | 'webhooks.rotate'> {
  const admin = createSubscriptionAdmin(deps.client);
  const administratorsOnly = async () => {
    if (!(await deps.who.isAdministrator()))
      throw new NotAllowedError('Only an administrator of the account manages its webhook subscriptions');
  };
  return {
    'webhooks.list': async ({ status }) => (await administratorsOnly(), { subscriptions: await admin.list(status) }),
    'webhooks.reactivate': async (id) => (await administratorsOnly(), await admin.reactivate(id), {}),
    'webhooks.delete': async (id) => (await administratorsOnly(), await admin.remove(id), {}),
    'webhooks.rotate': async () => {
      await administratorsOnly();
      const { retired, refused } = await deps.feed.rotate();
      return { retired, refused };
    },
  };
}
