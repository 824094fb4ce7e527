import { signal } from '@preact/signals';
import type { WebhookFilter } from '@/components/webhooks/WebhooksView';
import type { SubscriptionView } from '@/lib/messaging/views';
import { sendMessage } from '@/lib/messaging/send';
import { toWireError } from '@/lib/messaging/errors';
import type { WireError } from '@/lib/messaging/protocol';

// The "Webhooks" section's state: the filter, the listed subscriptions and the last outcome.
// Each action sends one message, then lists again so the page shows what the platform now has.

export function createWebhooksModel() {
  const filter = signal<WebhookFilter>('active', { name: 'webhooks.filter' });
  const subscriptions = signal<SubscriptionView[] | null>(null, { name: 'webhooks.subscriptions' });
  /** The filter the shown list was loaded with (it lags `filter` while a list is on its way). */
  const listed = signal<WebhookFilter | null>(null, { name: 'webhooks.listed' });
  const busy = signal(false, { name: 'webhooks.busy' });
  const error = signal<WireError | null>(null, { name: 'webhooks.error' });
  const status = signal<string | null>(null, { name: 'webhooks.status' });

  let issued = 0;
  async function load(): Promise<void> {
    const ticket = ++issued;
    const asked = filter.value;
    const reply = await sendMessage('webhooks.list', { status: asked });
    if (ticket === issued) {
      subscriptions.value = reply.subscriptions;
      listed.value = asked;
    }
  }

  async function run(action: () => Promise<string | null>): Promise<void> {
    busy.value = true;
    error.value = null;
    try {
      const done = await action();
      await load();
      status.value = done;
    } catch (e) {
      error.value = toWireError(e);
    } finally {
      busy.value = false;
    }
  }

  const label = (s: SubscriptionView) => `${s.name} subscription ${s.uniqueId || '(no name)'}`;
  const identity = (s: SubscriptionView) => ({ kind: s.kind, name: s.name, uniqueId: s.uniqueId });

  return {
    filter,
    listed,
    subscriptions,
    busy,
    error,
    status,
    refresh: () => run(async () => null),
    setFilter: (next: WebhookFilter) => {
      filter.value = next;
      return run(async () => null);
    },
    reactivate: (s: SubscriptionView) =>
      run(async () => {
        await sendMessage('webhooks.reactivate', identity(s));
        return `Re-activated the ${label(s)}.`;
      }),
    remove: (s: SubscriptionView) =>
      run(async () => {
        await sendMessage('webhooks.delete', identity(s));
        return `Deleted the ${label(s)}.`;
      }),
    rotate: () =>
      run(async () => {
        const { retired, refused } = await sendMessage('webhooks.rotate', {});
        if (retired) return 'The platform now sends changes to a new address; the old address no longer works.';
        const which = refused.map((r) => r.unique_id || '(no name)').join(', ');
        return `The platform did not move ${which} to the new address, so the old address still works. Try again later.`;
      }),
  };
}
export type WebhooksModel = ReturnType<typeof createWebhooksModel>;
