import { COMPANION_PATHS } from '../../../contracts/companion-http';
import { Hono, type Context } from 'hono';
import type { CallbackTokenOwner, FeedStore, NewChange } from '../feed/types';
import type { Logger } from '../request-log';
import { readBoundedText } from './body';
import type { CallbackTokens } from './callback-token';
import { readDeliveryBody } from './delivery-body';
import { readEventNotification } from './event-notification';
import { noteAddedChange, noteAddedKey } from './note-added';
import { createNoteEventWait, type NoteEventWait } from './note-event-wait';
import { dedupKey, dedupKeyWithRecord, NotificationSchema, toChange } from './notification';

/** The answer to a callback URL that is forged or retired: as unknown as each other. Never 410, which would make
 * the platform delete the subscription (it has moved to the new URL). */
const unknownCallback = (c: Context) => c.json({ error: 'Unknown webhook callback URL' }, 404);

/** An event's name as it may be logged: a short dotted word, else nothing of what the sender wrote. */
const EVENT_NAME = /^[a-z][a-z0-9_]{0,31}(\.[a-z0-9_]{1,32}){0,3}$/i;

/**
 * `POST /webhooks/<token>`: the platform's callback URL for one account. Answers the subscription
 * challenge, and takes notifications: validate, drop duplicates, append to the account's feed, 200.
 * The only waits are the companion's one read of the changed record for the whole account (`enrich`, each read
 * short and bounded), and a new note's object notification waiting for the note's event (note-event-wait.ts),
 * so the platform is never kept waiting long. Errors are never 410, which would make the platform delete the
 * subscription; and a body that came through an authentic callback URL is answered 200 even when the companion
 * cannot read it, since any other answer counts toward the platform deactivating the subscription
 * (PLATFORM-NOTES): it is dropped, logged by its kind and event name only.
 */
export function createWebhookRoutes(opts: {
  tokens: CallbackTokens;
  store: FeedStore;
  platformBaseUrl: string;
  /** Adds what the companion reads once for the whole account to a new change (feed/enrich-change.ts); never
   * throws, and a failed read only leaves the change as the notification said it. */
  enrich?: (account: string, change: NewChange) => Promise<void>;
  /** Whether a note's `job.note_added` event already made its change (note-event-wait.ts). */
  noteEvents?: NoteEventWait;
  log?: Logger;
}): Hono {
  const app = new Hono();
  // resource_url is later fetched by extensions with their access token: only platform REST URLs may pass.
  const resourcePrefix = `${opts.platformBaseUrl}/api_1.0/`;
  const noteEvents = opts.noteEvents ?? createNoteEventWait({ store: opts.store });
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

  app.post(`${COMPANION_PATHS.webhooks}/:token`, async (c) => {
    const owner = await opts.tokens.resolve(c.req.param('token'));
    const unknown = () => unknownCallback(c);
    if (owner === undefined) return unknown();

    const text = await readBoundedText(c);
    if (text === undefined) return c.json({ error: 'Webhook body larger than 64 KiB' }, 413);
    const body = readDeliveryBody(c.req.header('content-type') ?? '', text);
    // The platform requires a body of exactly the challenge, nothing else.
    if (body.kind === 'challenge') return (await opts.tokens.current(owner)) ? c.text(body.challenge, 200) : unknown();
    if (body.kind === 'unreadable') return ignore(c, owner, 'unreadable', body.why);

    let change: NewChange;
    let key: string;
    // An event subscription's notification, in either shape the platform may post (event-notification.ts).
    const event = readEventNotification(body.json, resourcePrefix);
    if (event) {
      if (!event.ok) return ignore(c, owner, 'unexpected-event', event.why, event.name);
      change = noteAddedChange(event.noteAdded, opts.platformBaseUrl);
      key = noteAddedKey(change.uuid, change.time);
    } else {
      const parsed = NotificationSchema.safeParse(body.json);
      if (!parsed.success)
        return ignore(c, owner, 'unreadable', `Invalid webhook notification: ${problems(parsed.error.issues)}`);
      if (!parsed.data.resource_url.startsWith(resourcePrefix))
        return ignore(c, owner, 'unreadable', `resource_url must be a REST address under ${resourcePrefix}`);
      change = toChange(parsed.data);
      key = await dedupKey(change);
    }

    try {
      // The platform retries a delivery it thinks failed: a retry already taken costs no platform read. The
      // peek is only a saving: append's own atomic check still decides, so two copies arriving at once may
      // both be read, but only one is appended. (Appending first and adding the record after would need an
      // update of an entry already streamed to browsers, which a Redis stream cannot do.) A change that will
      // carry a record is read whatever the peek says: two edits of one job within one second make the same
      // notification, and only the record tells the second from a retry of the first (its state is part of
      // the key), so the last state of the second reaches the browsers.
      const carriesRecord = change.object === 'job' || change.object === 'jobactivity';
      if (!event && (carriesRecord || !(await opts.store.seen(owner.account, key)))) {
        // A new note's event already made its change, job and all: this notification of it adds nothing.
        if (await noteEvents.coveredByEvent(owner.account, change))
          return (await opts.tokens.current(owner)) ? c.json({ ok: true, duplicate: true }) : unknown();
        if (opts.enrich) await opts.enrich(owner.account, change);
        if (change.record) key = await dedupKeyWithRecord(key, change.record);
      }
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

function problems(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${i.path.map(String).join('.') || 'body'}: ${i.message}`).join('; ');
}
