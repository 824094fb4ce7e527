import { Hono } from 'hono';
import { COMPANION_PATHS, FeedQuerySchema, type FeedRegisterReply } from '../../../contracts/companion-http';
import type { CallbackTokens } from '../webhooks/callback-token';
import { bearerAuth, type FeedEnv } from './bearer-auth';
import { feedCors } from './cors';
import { isPlatformError } from './platform-error';
import { streamFeed } from './sse';
import { ensureSubscriptions } from './subscriptions';
import type { TokenChecker } from './token-check';
import { isFeedPositionError, type FeedStore } from './types';

export interface FeedRoutesDeps {
  store: FeedStore;
  tokens: CallbackTokens;
  checker: TokenChecker;
  publicUrl: string;
  platformBaseUrl: string;
  allowedExtensionIds: readonly string[];
  heartbeatMs: number;
  fetch?: typeof fetch;
  /** Open streams' finishers, so closing the module ends them. */
  streams: Set<() => void>;
}

/** `POST /feed/register`, `GET /feed`, `GET /feed/stream`: what extensions call, with their platform token. */
export function createFeedRoutes(deps: FeedRoutesDeps): Hono<FeedEnv> {
  const app = new Hono<FeedEnv>();
  const auth = bearerAuth(deps.checker);
  for (const path of [COMPANION_PATHS.feedRead, `${COMPANION_PATHS.feedRead}/*`]) app.use(path, feedCors(deps.allowedExtensionIds), auth);

  app.onError((err, c) => {
    if (isFeedPositionError(err)) return c.json({ error: err.message }, 400);
    if (isPlatformError(err)) return c.json({ error: err.message }, err.status);
    return c.json({ error: 'The change feed failed; retry later' }, 503);
  });

  app.post(COMPANION_PATHS.feedRegister, async (c) => {
    const account = c.get('account');
    const token = await deps.tokens.issue(account);
    const { refused } = await ensureSubscriptions({
      platformBaseUrl: deps.platformBaseUrl,
      token: c.get('token'),
      callbackUrl: `${deps.publicUrl}${COMPANION_PATHS.webhooks}/${token}`,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    const reply: FeedRegisterReply = { account_uuid: account, position: await deps.store.position(account), refused };
    return c.json(reply);
  });

  app.get(COMPANION_PATHS.feedRead, async (c) => {
    const q = FeedQuerySchema.safeParse(c.req.query());
    if (!q.success) return c.json({ error: `Invalid query: ${q.error.issues.map((i) => i.message).join('; ')}` }, 400);
    return c.json(await deps.store.read(c.get('account'), q.data.after, q.data.limit));
  });

  app.get(COMPANION_PATHS.feedStream, async (c) => {
    const q = FeedQuerySchema.safeParse(c.req.query());
    if (!q.success) return c.json({ error: `Invalid query: ${q.error.issues.map((i) => i.message).join('; ')}` }, 400);
    // EventSource-style reconnects name the last id received in a header instead of the query.
    const after = q.data.after ?? c.req.header('last-event-id') ?? undefined;
    const account = c.get('account');
    const first = await deps.store.read(account, after, 500); // also rejects a bad position before streaming
    return streamFeed(c, { store: deps.store, account, first, heartbeatMs: deps.heartbeatMs, streams: deps.streams });
  });

  return app;
}
