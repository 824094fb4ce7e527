import { z } from 'zod';
import { COMPANION_PATHS } from '../../../contracts/companion-http';
import { Hono, type Context } from 'hono';
import type { BlankEnv } from 'hono/types';
import type { CallbackTokenOwner, FeedStore, NewChange } from '../feed/store/types';
import { failedRetryLater, jsonError } from '../http-errors';
import type { Logger } from '../request-log';
import { readBoundedText } from './body';
import type { CallbackTokens } from './callback-token';
import { readDeliveryBody } from './delivery-body';
import { readEventNotification } from './event-notification';
import type { ChangeIntake } from './intake';
import { noteAddedChange, noteAddedKey } from './note-added';
import { dedupKey, NotificationSchema, toChange } from './notification';

/** The answer to a callback URL that is forged or retired: as unknown as each other. Never 410, which would make
 * the platform delete the subscription (it has moved to the new URL). */
const unknownCallback = (c: Context) => jsonError(c, 404, 'unknown_callback', 'Unknown webhook callback URL');

/** The answer to any delivery for an account that activated Fieldside: its changes come signed, through the add-on,
 * and an unsigned one (anyone who learnt the callback URL can post one) is read by nobody. 410, so the platform
 * removes the subscription that sent it (the companion also removes its own: feed/subscriptions/account-subscriptions.ts). */
const signedOnly = (c: Context) =>
  jsonError(
    c,
    410,
    'signed_only',
    'This account sends its changes through the Fieldside add-on; this subscription is no longer used',
  );

/** An event's name as it may be logged: a short dotted word, else nothing of what the sender wrote. */
const EVENT_NAME = /^[a-z][a-z0-9_]{0,31}(\.[a-z0-9_]{1,32}){0,3}$/i;

/**
 * `POST /webhooks/<token>`: the callback URL of an account that did not activate Fieldside (an activated account's
 * changes come signed through the add-on; its deliveries here are answered 410). Answers the subscription challenge
 * and appends each valid, new notification to the account's feed as a bare poke: it is unsigned, so the companion
 * reads nothing for it and a forged one shows nobody anything. A body that came through an authentic callback URL is
 * answered 200 even when unreadable, since any other answer counts toward deactivating the subscription.
 */
export function createWebhookRoutes(opts: {
  tokens: CallbackTokens;
  store: FeedStore;
  platformBaseUrl: string;
  intake: ChangeIntake;
  /** Whether the account activated Fieldside (its changes then come signed). */
  activated: (account: string) => Promise<boolean>;
  log?: Logger;
}): Hono {
  const app = new Hono();
  // resource_url is later fetched by extensions with their access token: only platform REST URLs may pass.
  const resourcePrefix = `${opts.platformBaseUrl}/api_1.0/`;
  // Per kind only: event names are the sender's to choose, and a count per name could grow without bound.
  const ignoredCount = { unreadable: 0, 'unexpected-event': 0 };

  /** 200 for what cannot be read: never its content in the log, only what kind it was and the event's name. */
  async function ignore(
    c: Context,
    owner: CallbackTokenOwner,
    kind: 'unreadable' | 'unexpected-event',
    why: string,
    event?: unknown,
  ) {
    if (!(await opts.tokens.current(owner))) return unknownCallback(c);
    const name = typeof event === 'string' && EVENT_NAME.test(event) ? event : event === undefined ? '' : 'unnamed';
    const count = ++ignoredCount[kind];
    opts.log?.({ level: 'warn', webhook: 'ignored', kind, ...(name ? { event: name } : {}), count });
    return c.json({ ok: true, ignored: why });
  }

  const path = `${COMPANION_PATHS.webhooks}/:token` as const;

  async function receive(c: Context<BlankEnv, typeof path>): Promise<Response> {
    // No named closure per request: the build and tsx keep function names (keepNames), so each costs a defineProperty
    // as it is made (for one answer helper, about 1.5 % of a companion process's busy samples under the bench's load).
    const owner = await opts.tokens.resolve(c.req.param('token'));
    if (owner === undefined) return unknownCallback(c);
    if (await opts.activated(owner.account))
      return (await opts.tokens.current(owner)) ? signedOnly(c) : unknownCallback(c);

    const text = await readBoundedText(c);
    if (text === undefined) return jsonError(c, 413, 'body_too_large', 'Webhook body larger than 64 KiB');
    const body = readDeliveryBody(c.req.header('content-type') ?? '', text);
    // The platform requires a body of exactly the challenge, nothing else.
    if (body.kind === 'challenge')
      return (await opts.tokens.current(owner)) ? c.text(body.challenge, 200) : unknownCallback(c);
    if (body.kind === 'unreadable') return ignore(c, owner, 'unreadable', body.why);

    let change: NewChange;
    let key: string;
    // An event subscription's notification, in either shape the platform may post (event-notification.ts).
    const event = readEventNotification(body.json, resourcePrefix);
    if (event) {
      if (!event.ok) return ignore(c, owner, 'unexpected-event', event.why, event.name);
      change = noteAddedChange(event.noteAdded, opts.platformBaseUrl);
      key = noteAddedKey(event.noteAdded.note, event.noteAdded.time);
    } else {
      const parsed = NotificationSchema.safeParse(body.json);
      if (!parsed.success)
        return ignore(c, owner, 'unreadable', `Invalid webhook notification: ${z.prettifyError(parsed.error)}`);
      if (!parsed.data.resource_url.startsWith(resourcePrefix))
        return ignore(c, owner, 'unreadable', `resource_url must be a REST address under ${resourcePrefix}`);
      change = toChange(parsed.data);
      key = await dedupKey(change);
    }

    try {
      const taken = await opts.intake.take(owner.account, change, key, owner.generation, {
        read: false,
        noteEvent: event !== undefined,
      });
      if (taken.kind === 'covered')
        return (await opts.tokens.current(owner)) ? c.json({ ok: true, duplicate: true }) : unknownCallback(c);
      if (taken.kind === 'retired') return unknownCallback(c);
      return c.json({ ok: true, duplicate: taken.kind === 'duplicate' });
    } catch {
      // 503 makes the platform retry later, which is what we want while the store is unavailable.
      return jsonError(c, 503, 'feed_unavailable', 'The change feed is unavailable; retry later');
    }
  }

  // Mounted without an error handler (feed/index.ts): a store that fails before the append (the callback generation,
  // an old token's owner) is answered here, as the feed's routes answer theirs.
  app.post(path, async (c) => {
    try {
      return await receive(c);
    } catch {
      return failedRetryLater(c);
    }
  });
  return app;
}
