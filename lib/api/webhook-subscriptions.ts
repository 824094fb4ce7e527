// {base_url}/webhook_subscriptions as the real platform takes it (PLATFORM-NOTES, "Webhook subscriptions as
// the real platform takes them"): object subscriptions at /object, event subscriptions at /event (a bare POST
// is refused), one list holding both kinds, removal by the subscription's identifying fields. Bodies are
// form-encoded. Each subscription is made on its own: the platform may refuse one object and take the rest.
import { ApiError } from './errors';
import type { HttpClient } from './http';
import { ObjectSubscriptionSchema, WebhookSubscriptionSchema, type WebhookSubscription } from './schemas';

export type SubscriptionStatus = 'active' | 'inactive' | 'all';

export interface ObjectSubscriptionInput {
  /** Record type, e.g. "job". */
  object: string;
  fields: readonly string[];
  callbackUrl: string;
  /** Distinguishes subscriptions of the same object; posting the same one again modifies it. */
  uniqueId?: string;
}

export interface EventSubscriptionInput {
  /** e.g. "job.note_added". */
  event: string;
  callbackUrl: string;
  uniqueId?: string;
}

/** What identifies a subscription for removal: its object or event, and its unique_id. */
export type SubscriptionIdentity = ({ object: string } | { event: string }) & {
  uniqueId: string;
  callbackUrl?: string;
};

const PATH = 'webhook_subscriptions';

export function createWebhookSubscriptionsApi(http: HttpClient) {
  const invalid = (label: string, message: string, cause?: unknown) =>
    new ApiError('ValidationError', `${label}: unexpected subscription shape: ${message}`, {
      status: 200,
      cause,
      request: label,
    });

  return {
    /** Both kinds; an entry of neither shape is skipped rather than failing the whole list. */
    async list(
      status: SubscriptionStatus = 'active',
      opts: { signal?: AbortSignal } = {},
    ): Promise<WebhookSubscription[]> {
      const label = `GET /${PATH}`;
      const answer = await http.send({ method: 'GET', path: `${PATH}?status=${status}`, ...opts });
      if (!Array.isArray(answer.body)) throw invalid(label, 'the answer is not a list');
      return answer.body.flatMap((item) => {
        const parsed = WebhookSubscriptionSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      });
    },

    /** Adds or modifies (and so reactivates) an object subscription. Idempotent: safe to retry. */
    async subscribeObject(input: ObjectSubscriptionInput, opts: { signal?: AbortSignal } = {}): Promise<void> {
      const label = `POST /${PATH}/object`;
      const answer = await http.send({
        method: 'POST',
        path: `${PATH}/object`,
        form: {
          object: input.object,
          fields: input.fields.join(','),
          callback_url: input.callbackUrl,
          unique_id: input.uniqueId ?? '',
        },
        ...opts,
      });
      // What the real platform answers a success with is unknown: only the status counts, and a body that
      // is a subscription must at least be one of this object.
      const echoed = ObjectSubscriptionSchema.safeParse(answer.body);
      if (echoed.success && echoed.data.object !== input.object) throw invalid(label, `it names ${echoed.data.object}`);
    },

    /** Adds or modifies an event subscription (answered `{"success": true}`). */
    async subscribeEvent(input: EventSubscriptionInput, opts: { signal?: AbortSignal } = {}): Promise<void> {
      await http.send({
        method: 'POST',
        path: `${PATH}/event`,
        form: { event: input.event, callback_url: input.callbackUrl, unique_id: input.uniqueId ?? '' },
        ...opts,
      });
    },

    /** Re-posts a listed subscription as it is: the platform modifies it in place, sets it active and
     * clears its failure fields. */
    async reactivate(s: WebhookSubscription, opts: { signal?: AbortSignal } = {}): Promise<void> {
      if (s.type === 'event')
        return this.subscribeEvent({ event: s.event, callbackUrl: s.callback_url, uniqueId: s.unique_id }, opts);
      return this.subscribeObject(
        { object: s.object, fields: s.fields, callbackUrl: s.callback_url, uniqueId: s.unique_id },
        opts,
      );
    },

    /** Deletes a subscription by its identifying fields, the form integrations use; NotFoundError when none matched. */
    async remove(id: SubscriptionIdentity, opts: { signal?: AbortSignal } = {}): Promise<void> {
      const form: Record<string, string> = 'event' in id ? { event: id.event } : { object: id.object };
      form.unique_id = id.uniqueId;
      if (id.callbackUrl) form.callback_url = id.callbackUrl;
      await http.send({ method: 'DELETE', path: PATH, form, ...opts });
    },
  };
}
