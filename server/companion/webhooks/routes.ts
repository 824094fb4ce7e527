import { COMPANION_PATHS } from '../../../contracts/companion-http';
import { Hono, type Context } from 'hono';
import type { FeedStore } from '../feed/types';
import type { CallbackTokens } from './callback-token';
import { dedupKey, NotificationSchema, toChange } from './notification';

const MAX_BODY = 64 * 1024;

const tooLarge = (c: Context) => c.json({ error: 'Webhook body larger than 64 KiB' }, 413);

function isForm(contentType: string, body: string): boolean {
  if (body.trimStart().startsWith('{')) return false;
  return contentType.includes('application/x-www-form-urlencoded') || !contentType.includes('json');
}

/**
 * A notification sent as a form: the platform's callback "must accept form-encoded data", and
 * integrations report the JSON inside a form field (PLATFORM-NOTES). The field's name is not known,
 * so the notification is the first field whose value is a JSON object.
 */
function jsonInForm(form: URLSearchParams): unknown {
  for (const value of form.values()) {
    if (!value.trimStart().startsWith('{')) continue;
    try {
      return JSON.parse(value);
    } catch {
      // not this field
    }
  }
  return undefined;
}

/**
 * `POST /webhooks/<token>`: the platform's callback URL for one account. Answers the subscription
 * challenge, and takes notifications: validate, drop duplicates, append to the account's feed, 200.
 * Nothing slow happens here (extensions re-read records themselves), so the platform is never kept
 * waiting. Errors are never 410, which would make the platform delete the subscription.
 */
export function createWebhookRoutes(opts: { tokens: CallbackTokens; store: FeedStore; platformBaseUrl: string }): Hono {
  const app = new Hono();
  // resource_url is later fetched by extensions with their access token: only platform REST URLs may pass.
  const resourcePrefix = `${opts.platformBaseUrl}/api_1.0/`;

  app.post(`${COMPANION_PATHS.webhooks}/:token`, async (c) => {
    const account = await opts.tokens.resolve(c.req.param('token'));
    if (account === undefined) return c.json({ error: 'Unknown webhook callback URL' }, 404);

    // A hand-made limit rather than hono/body-limit: that middleware touches `request.body`, which makes
    // @hono/node-server build a full web Request per notification and costs a third of the intake rate.
    if (Number(c.req.header('content-length') ?? 0) > MAX_BODY) return tooLarge(c);
    const body = await c.req.text();
    if (body.length > MAX_BODY) return tooLarge(c);
    let json: unknown;
    if (isForm(c.req.header('content-type') ?? '', body)) {
      const form = new URLSearchParams(body);
      const challenge = form.get('challenge');
      // The platform requires a body of exactly the challenge, nothing else.
      if (form.get('mode') === 'subscribe' && challenge) return c.text(challenge, 200);
      json = jsonInForm(form);
      if (json === undefined) {
        return c.json({ error: 'A form-encoded request must be a verification (mode=subscribe and a challenge) or carry the notification as JSON in a field' }, 400);
      }
    } else {
      try {
        json = JSON.parse(body);
      } catch {
        return c.json({ error: 'The notification body is not valid JSON' }, 400);
      }
    }
    const parsed = NotificationSchema.safeParse(json);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      return c.json({ error: `Invalid webhook notification: ${problems}` }, 400);
    }
    if (!parsed.data.resource_url.startsWith(resourcePrefix)) {
      return c.json({ error: `resource_url must be a REST address under ${resourcePrefix}` }, 400);
    }

    const change = toChange(parsed.data);
    try {
      const id = await opts.store.append(account, change, dedupKey(change));
      return c.json({ ok: true, duplicate: id === null });
    } catch {
      // 503 makes the platform retry later, which is what we want while the store is unavailable.
      return c.json({ error: 'The change feed is unavailable; retry later' }, 503);
    }
  });
  return app;
}
