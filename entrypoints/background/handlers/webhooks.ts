import type { SessionService } from '@/lib/account/session-service';
import { NotAllowedError, type WhoAreYou } from '@/lib/account/who-are-you';
import type { PlatformClient } from '@/lib/api/client';
import type { FeedService } from '@/lib/live-updates/feed-service';
import { createSubscriptionAdmin } from '@/lib/live-updates/subscriptions';
import type { Handlers } from '@/lib/messaging/router';

export interface WebhookHandlerDeps {
  client: () => Promise<PlatformClient>;
  session: Pick<SessionService, 'view'>;
  who: Pick<WhoAreYou, 'list'>;
  feed: Pick<FeedService, 'rotate'>;
}

/**
 * Whether the person may manage the webhook subscriptions: with an API key (the account's own key), yes; signed
 * in, only as an administrator, by the role the platform gives their staff record now (not the one stored when
 * they chose who they are).
 */
export async function mayManageWebhooks(deps: Pick<WebhookHandlerDeps, 'session' | 'who'>): Promise<boolean> {
  const view = await deps.session.view();
  if (view.mode === 'api_key') return true;
  if (view.mode !== 'oauth' || !view.me) return false;
  const me = view.me.uuid;
  return (await deps.who.list()).staff.some((s) => s.uuid === me && s.isAdmin);
}

/** The options page's "Webhooks" section: the workspace's client lists, re-activates, deletes; the companion
 * changes the callback address. Administrators only. */
export function createWebhookHandlers(deps: WebhookHandlerDeps): Pick<Handlers, 'webhooks.list' | 'webhooks.reactivate' | 'webhooks.delete' | 'webhooks.rotate'> {
  const admin = createSubscriptionAdmin(deps.client);
  const administratorsOnly = async () => {
    if (!(await mayManageWebhooks(deps))) throw new NotAllowedError('Only an administrator of the account manages its webhook subscriptions');
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
