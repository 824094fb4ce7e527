import { COMPANION_PATHS } from '../../../contracts/companion-http';
import { Hono } from 'hono';
import type { FeedStore } from '../feed/types';
import { readBoundedText } from './body';
import type { CallbackTokens } from './callback-token';
import { dedupKey, NotificationSchema, toChange } from './notification';

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
export function createWebhookRoutes(opts: {
  tokens: CallbackTokens;
  store: FeedStore;
  platformBaseUrl: string;
  /** The job of a changed note, read once for the account (feed/note-jobs.ts). */
  noteJob?: (account: string, noteUuid: string) => Promise<string | null>;
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
    if (change.object === 'note' && opts.noteJob) {
      const job = await opts.noteJob(owner.account, change.uuid);
      if (job) change.job_uuid = job;
    }
    try {
      const appended = await opts.store.append(owner.account, change, await dedupKey(change), owner.generation);
      if (appended.kind === 'retired') return unknown();
      return c.json({ ok: true, duplicate: appended.kind === 'duplicate' });
    } catch {
      // 503 makes the platform retry later, which is what we want while the store is unavailable.
      return c.json({ error: 'The change feed is unavailable; retry later' }, 503);
    }
  });
  return app;
}
