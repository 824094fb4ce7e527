import type { NewChange } from '../feed/store/types';
import { dedupKey, NotificationSchema, toChange } from '../webhooks/notification';
import type { VerifiedEvent } from './event-token';

// A change a webhook of the add-on's manifest watches (../addon-manifest.json `webhooks`): the platform posts it to
// the event URL like an action, signed with the App Secret, `eventName` "webhook_subscription", the spec's
// notification as its `eventArgs` (PLATFORM-NOTES, "Add-ons inside the platform"). Signed, so its origin is known:
// for an account that activated Fieldside it is the only source of changes the companion reads and publishes
// records for (feed/subscriptions/account-subscriptions.ts).

export const WEBHOOK_EVENT_NAME = 'webhook_subscription';

export type SignedChange = { ok: true; change: NewChange; key: string } | { ok: false; why: string };

/** The change a signed webhook event tells of; `resourcePrefix` is the platform's REST base. */
export async function signedChangeOf(
  event: Pick<VerifiedEvent, 'args'>,
  resourcePrefix: string,
): Promise<SignedChange> {
  const parsed = NotificationSchema.safeParse(event.args);
  if (!parsed.success) return { ok: false, why: 'not a notification' };
  if (!parsed.data.resource_url.startsWith(resourcePrefix)) return { ok: false, why: 'resource_url elsewhere' };
  const change = toChange(parsed.data);
  return { ok: true, change, key: await dedupKey(change) };
}
