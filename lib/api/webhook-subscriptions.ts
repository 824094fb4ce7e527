// {base_url}/webhook_subscriptions: list by status, add or modify (keyed by object + unique_id),
// delete. Bodies are form-encoded, the real platform's shape (server/emulator/contracts.ts).
import { ApiError } from './errors';
import type { HttpClient } from './http';
import { WebhookSubscriptionSchema, type WebhookSubscription } from './schemas';

export type SubscriptionStatus = 'active' | 'inactive' | 'all';

export interface SubscriptionInput {
  /** Record type, e.g. "job". */
  object: string;
  fields: readonly string[];
  callbackUrl: string;
  /** Distinguishes subscriptions of the same object; posting the same one again modifies it. */
  uniqueId?: string;
}

const PATH = 'webhook_subscriptions';

export function createWebhookSubscriptionsApi(http: HttpClient) {
  const parseOne = (body: unknown, label: string): WebhookSubscription => {
    const parsed = WebhookSubscriptionSchema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError('ValidationError', `${label}: unexpected subscription shape: ${parsed.error.issues[0]?.message}`, {
        status: 200,
        cause: parsed.error,
        request: label,
      });
    }
    return parsed.data;
  };

  return {
    async list(status: SubscriptionStatus = 'active', opts: { signal?: AbortSignal } = {}): Promise<WebhookSubscription[]> {
      const label = `GET /${PATH}`;
      const answer = await http.send({ method: 'GET', path: `${PATH}?status=${status}`, ...opts });
      if (!Array.isArray(answer.body)) {
        throw new ApiError('ValidationError', `${label}: the answer is not a list`, { status: 200, request: label });
      }
      return answer.body.map((item) => parseOne(item, label));
    },

    /** Adds or modifies (and so reactivates) a subscription. Idempotent: safe to retry. */
    async upsert(input: SubscriptionInput, opts: { signal?: AbortSignal } = {}): Promise<WebhookSubscription> {
      const answer = await http.send({
        method: 'POST',
        path: PATH,
        form: {
          object: input.object,
          fields: input.fields.join(','),
          callback_url: input.callbackUrl,
          unique_id: input.uniqueId ?? '',
        },
        ...opts,
      });
      return parseOne(answer.body, `POST /${PATH}`);
    },

    /** Deletes a subscription; NotFoundError when none matched. */
    async remove(input: { object: string; uniqueId?: string }, opts: { signal?: AbortSignal } = {}): Promise<void> {
      await http.send({
        method: 'DELETE',
        path: PATH,
        form: { object: input.object, unique_id: input.uniqueId ?? '' },
        ...opts,
      });
    },
  };
}
