import { Hono, type Context } from 'hono';
import {
  COMPANION_PATHS,
  FeedQuerySchema,
  type FeedRegisterReply,
  type FeedRotateReply,
} from '../../../contracts/companion-http';
import { tooManyRequests, type RateLimiter } from '../limits/rate-limit';
import type { CallbackTokens } from '../webhooks/callback-token';
import { bearerAuth, type FeedEnv } from './bearer-auth';
import { feedCors } from './cors';
import { isPlatformError } from './platform-error';
import { LEGACY_STAFF_HEADER, STAFF_UUID, type RoleCheck } from './staff-role';
import { openStream, type StreamRouteDeps } from './stream-route';
import type { EnsuredSubscriptions } from './ensured-subscriptions';
import { ensureSubscriptions } from './subscriptions';
import { isFeedPositionError } from './types';

export interface FeedRoutesDeps extends StreamRouteDeps {
  tokens: CallbackTokens;
  roles: RoleCheck;
  limiter: RateLimiter;
  publicUrl: string;
  platformBaseUrl: string;
  allowedExtensionIds: readonly string[];
  fetch?: typeof fetch;
  /** What this instance last made sure of, per account (ensured-subscriptions.ts). */
  ensured: EnsuredSubscriptions;
  /** The account's current callback URL (callbackUrlFor its current token). */
  currentCallbackUrl(account: string): Promise<string>;
}

type Staff = { ok: true; admin: boolean } | { ok: false; response: Response };

/** Where the platform posts an account's changes: the companion's public address and the account's signed token. */
export const callbackUrlFor = (publicUrl: string, token: string): string =>
  `${publicUrl}${COMPANION_PATHS.webhooks}/${token}`;

/**
 * `POST /feed/register`, `POST /feed/rotate`, `GET /feed`, `GET /feed/stream`: what extensions call, with their
 * platform token. Only an administrator's register touches the webhook subscriptions with the caller's token
 * (anyone's may have the companion check them with the account's kept tokens), and only an administrator may
 * rotate the callback URL; nothing here ever answers a callback URL.
 */
export function createFeedRoutes(deps: FeedRoutesDeps): Hono<FeedEnv> {
  const app = new Hono<FeedEnv>();
  const auth = bearerAuth(deps.checker);
  for (const path of [COMPANION_PATHS.feedRead, `${COMPANION_PATHS.feedRead}/*`])
    app.use(path, feedCors(deps.allowedExtensionIds), auth);

  app.onError((err, c) => {
    if (isFeedPositionError(err)) return c.json({ error: err.message }, 400);
    if (isPlatformError(err)) return c.json({ error: err.message }, err.status);
    return c.json({ error: 'The change feed failed; retry later' }, 503);
  });

  /** Whether the caller's staff member (X-Fieldside-Staff) is an administrator of the token's account. */
  async function staffOf(c: Context<FeedEnv>): Promise<Staff> {
    const staff = c.req.header(LEGACY_STAFF_HEADER);
    if (staff === undefined || staff === '') return { ok: true, admin: false };
    if (!STAFF_UUID.test(staff))
      return {
        ok: false,
        response: c.json({ error: `${LEGACY_STAFF_HEADER} must be a staff member's uuid` }, 400),
      };
    return { ok: true, admin: await deps.roles.isAdministrator(c.get('token'), c.get('account'), staff) };
  }

  const callbackUrl = (token: string) => callbackUrlFor(deps.publicUrl, token);
  const { ensured } = deps;

  app.post(COMPANION_PATHS.feedRegister, async (c) => {
    const account = c.get('account');
    const limited = await deps.limiter.check({ kind: 'account', id: account });
    if (!limited.ok) return tooManyRequests(c, limited, 'live-update registrations');
    const staffHeader = c.req.header(LEGACY_STAFF_HEADER);
    if (staffHeader && !STAFF_UUID.test(staffHeader))
      return c.json({ error: `${LEGACY_STAFF_HEADER} must be a staff member's uuid` }, 400);
    // Unverified here, and need not be: the platform answers for each staff member before anyone is named.
    if (staffHeader) await deps.visibility?.registered(account, staffHeader);
    // While the account's subscriptions are known to be in place, a register has nothing to do at the
    // platform: the caller's role (two platform requests) is asked only when they are due a check, so a
    // day of worker wakes costs the account's shared budget nothing here (issue 18).
    const url = await deps.currentCallbackUrl(account);
    let refused: FeedRegisterReply['refused'] = [];
    let manages = false;
    // Due a check: the administrator who made them last checks them; while one is known, nobody else is asked.
    const administrator = ensured.administrator(account);
    if (
      staffHeader &&
      !ensured.fresh(account, url) &&
      (administrator === undefined || administrator === staffHeader.toLowerCase())
    ) {
      const staff = await staffOf(c);
      if (!staff.ok) return staff.response;
      manages = staff.admin;
      if (staff.admin) {
        ({ refused } = await ensureSubscriptions({
          platformBaseUrl: deps.platformBaseUrl,
          token: c.get('token'),
          callbackUrl: url,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
        }));
        ensured.remember(account, url, refused, staffHeader);
      } else if (administrator !== undefined) ensured.forgetAdministrator(account);
    }
    // An account that activated Fieldside needs no administrator's browser: the companion makes sure of them with
    // the account's own tokens (account-subscriptions.ts).
    if (!ensured.fresh(account, url)) await deps.accountSubscriptions?.ensure(account);
    const reply: FeedRegisterReply = {
      account_uuid: account,
      position: await deps.store.position(account),
      refused,
      manages_subscriptions: manages,
    };
    return c.json(reply);
  });

  app.post(COMPANION_PATHS.feedRotate, async (c) => {
    const account = c.get('account');
    const limited = await deps.limiter.check({ kind: 'account', id: account });
    if (!limited.ok) return tooManyRequests(c, limited, 'changes of the webhook address');
    const staff = await staffOf(c);
    if (!staff.ok) return staff.response;
    if (!staff.admin)
      return c.json({ error: 'Only an administrator of the account can change its webhook address' }, 403);
    const rotation = await deps.tokens.rotate(account, async (token) => {
      const ensured = await ensureSubscriptions({
        platformBaseUrl: deps.platformBaseUrl,
        token: c.get('token'),
        callbackUrl: callbackUrl(token),
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      });
      return ensured.refused;
    });
    const reply: FeedRotateReply = rotation;
    return c.json(reply);
  });

  app.get(COMPANION_PATHS.feedRead, async (c) => {
    const q = FeedQuerySchema.safeParse(c.req.query());
    if (!q.success) return c.json({ error: `Invalid query: ${q.error.issues.map((i) => i.message).join('; ')}` }, 400);
    return c.json(await deps.store.read(c.get('account'), q.data.after, q.data.limit));
  });

  app.get(COMPANION_PATHS.feedStream, (c) => openStream(c, deps));

  return app;
}
