// The shapes of the webhook subscription API, a leaf module (contracts.ts re-exports them).

/**
 * Webhook subscription API, as the real platform takes it (PLATFORM-NOTES "Webhook subscriptions as the real
 * platform takes them"; the spec leaves methods and bodies "not shown"). Form-encoded bodies (JSON also accepted).
 * - Object: POST {base_url}/webhook_subscriptions/object  object, fields (comma-separated), callback_url, unique_id
 *           → the stored ObjectSubscription. Identified by (app, account, object, unique_id): the same again
 *           modifies it (and reactivates it, clearing the failure fields).
 * - Event:  POST {base_url}/webhook_subscriptions/event   event, callback_url, unique_id → {"success": true}.
 *           Identified by (app, account, event, unique_id).
 * - Bare:   POST {base_url}/webhook_subscriptions → 400 "webhook_subscriptions is not an authorised object type".
 * - List:   GET  {base_url}/webhook_subscriptions?status=active|inactive|all (default active) → both kinds.
 * - Delete: DELETE {base_url}/webhook_subscriptions with object or event, unique_id (default ""), callback_url
 *           (optional) as form body or query; or DELETE {base_url}/webhook_subscriptions/{uuid}.
 *           {"errorCode":0,"message":"OK"}; 404 "No matching webhook found".
 * Subscriptions belong to the calling app (principal.appId) and account.
 */
interface SubscriptionState {
  /** The emulator's id for DELETE /webhook_subscriptions/{uuid} (the real list's id field is unknown). */
  uuid: string;
  callback_url: string;
  unique_id: string;
  active: boolean;
  last_failure_reason: string | null;
  last_failure_at: string | null;
}

export interface ObjectSubscription extends SubscriptionState {
  type: 'object';
  object: string;
  fields: string[];
}

export interface EventSubscription extends SubscriptionState {
  type: 'event';
  event: string;
}

export type WebhookSubscription = ObjectSubscription | EventSubscription;
