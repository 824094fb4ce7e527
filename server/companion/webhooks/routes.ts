import { COMPANION_PATHS } from '../../../contracts/companion-http';
import { Hono } from 'hono';
import type { FeedStore, NewChange } from '../feed/types';
import { readBoundedText } from './body';
import type { CallbackTokens } from './callback-token';
import { dedupKey, dedupKeyWithRecord, NotificationSchema, toChange } from './notification';

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
 * The only wait is the companion's one read of the changed record for the whole account (`enrich`, each read
 * short and bounded), so the platform is never kept waiting long. Errors are never 410, which would make the
 * platform delete the subscription.
 */
export function createWebhookRoutes(opts: {
  tokens: CallbackTokens;
  store: FeedStore;
  platformBaseUrl: string;
  /** Adds what the companion reads once for the whole account to a new change (feed/enrich-change.ts); never
   * throws, and a failed read only leaves the change as the notification said it. */
  enrich?: (account: string, change: NewChange) => Promise<void>;
}): Hono {
  const app = new Hono();
  // resource_url is later fetched by extensions with their access token: only platform REST URLs may pass.
  const resourcePrefix = `${opts.platformBaseUrl}/api_1.0/`;

  app.post(`${COMPANION_PATHS.webhooks}/:token`, async (c) => {
    const owner = await opts.tokens.resolve(c.req.param('token'));
    // A retired token (rotated away) is as unknown as a forged one. Never 410: that would make the platform
    // delete the subscription, which has moved to the new URL.
    const unknown = () => c.json({ error: 'Unknown webhook callback URL' }, 404);
    if (owner === undefined) return unknown();

    const body = await readBoundedText(c);
    if (body === undefined) return c.json({ error: 'Webhook body larger than 64 KiB' }, 413);
    let json: unknown;
    if (isForm(c.req.header('content-type') ?? '', body)) {
      const form = new URLSearchParams(body);
      const challenge = form.get('challenge');
      // The platform requires a body of exactly the challenge, nothing else.
      if (form.get('mode') === 'subscribe' && challenge) return (await opts.tokens.current(owner)) ? c.text(challenge, 200) : unknown();
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
    const plainKey = await dedupKey(change);
    try {
      // The platform retries a delivery it thinks failed: a retry already taken costs no platform read. The
      // peek is only a saving: append's own atomic check still decides, so two copies arriving at once may
      // both be read, but only one is appended. (Appending first and adding the record after would need an
      // update of an entry already streamed to browsers, which a Redis stream cannot do.) A change that will
      // carry a record is read whatever the peek says: two edits of one job within one second make the same
      // notification, and only the record tells the second from a retry of the first (its state is part of
      // the key), so the last state of the second reaches the browsers.
      const carriesRecord = change.object === 'job' || change.object === 'jobactivity';
      if (opts.enrich && (carriesRecord || !(await opts.store.seen(owner.account, plainKey)))) await opts.enrich(owner.account, change);
      const key = change.record ? await dedupKeyWithRecord(plainKey, change.record) : plainKey;
      const appended = await opts.store.append(owner.account, change, key, owner.generation);
      if (appended.kind === 'retired') return unknown();
      return c.json({ ok: true, duplicate: appended.kind === 'duplicate' });
    } catch {
      // 503 makes the platform retry later, which is what we want while the store is unavailable.
      return c.json({ error: 'The change feed is unavailable; retry later' }, 503);
    }
  });
  return app;
}
