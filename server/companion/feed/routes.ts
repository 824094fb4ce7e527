import { z } from 'zod';
import { Hono, type Context } from 'hono';
import {
  COMPANION_ERRORS,
  COMPANION_PATHS,
  FeedQuerySchema,
  type FeedPage,
  type FeedRegisterReply,
  type FeedRotateReply,
} from '../../../contracts/companion-http';
import type { Uuid } from '../../../contracts/uuid';
import { jsonError } from '../http-errors';
import { tooManyRequests } from '../limits/rate-limit';
import type { CallbackTokens } from '../webhooks/callback-token';
import type { AccountActivation } from './account-activation';
import { createCorsMiddleware } from '../cors';
import { passAuth, type FeedEnv } from './pass-auth';
import { isPlatformError } from './platform-error';
import { forReader } from './visibility/reader-view';
import type { RoleCheck } from './visibility/staff-role';
import { openStream, type StreamRouteDeps } from './stream-route';
import type { EnsuredSubscriptions } from './subscriptions/ensured-subscriptions';
import { ensureSubscriptions } from './subscriptions/subscriptions';
import { isFeedPositionError } from './store/types';

export interface FeedRoutesDeps extends StreamRouteDeps {
  tokens: CallbackTokens;
  roles: RoleCheck;
  /** Whether the account activated Fieldside, and its kept grant's token (account-activation.ts). */
  activation: AccountActivation;
  publicUrl: string;
  platformBaseUrl: string;
  allowedExtensionIds: readonly string[];
  signingSecret: string;
  fetch?: typeof fetch;
  /** What this instance last made sure of, per account (ensured-subscriptions.ts). */
  ensured: EnsuredSubscriptions;
  /** The account's current callback URL (callbackUrlFor its current token). */
  currentCallbackUrl(account: string): Promise<string>;
}

/** Where the platform posts an account's changes: the companion's public address and the account's signed token. */
export const callbackUrlFor = (publicUrl: string, token: string): string =>
  `${publicUrl}${COMPANION_PATHS.webhooks}/${token}`;

const IDENTITY_REQUIRED =
  'Only an administrator whose Fieldside the platform vouched for can do this. Open any job in the platform, choose Fieldside, then "Use Fieldside in this browser".';
const NOT_ADMINISTRATOR = 'Only an administrator of the account can change its webhook address.';

/**
 * `POST /feed/register`, `POST /feed/rotate`, `GET /feed`, `GET /feed/stream`: what extensions call, with their
 * platform token and pass (pass-auth.ts). Administrator powers go only to a staff member the platform vouched for
 * (the pass's) whose platform role is an administrator one: the webhook subscriptions of an account that did not
 * activate Fieldside (an activated account's changes come signed, through the add-on, and it has none), and the
 * rotation of the callback URL. Every change goes out as its reader may have it (reader-view.ts); nothing here ever
 * answers a callback URL.
 */
export function createFeedRoutes(deps: FeedRoutesDeps): Hono<FeedEnv> {
  const app = new Hono<FeedEnv>();
  const auth = passAuth({ secret: deps.signingSecret, now: deps.now });
  const cors = createCorsMiddleware(new Set(deps.allowedExtensionIds));
  for (const path of [COMPANION_PATHS.feedRead, `${COMPANION_PATHS.feedRead}/*`]) app.use(path, cors, auth);

  app.onError((err, c) => {
    if (isFeedPositionError(err)) return jsonError(c, 400, 'invalid_position', err.message);
    if (isPlatformError(err))
      return jsonError(c, err.status, err.status === 502 ? 'platform_unavailable' : 'platform_refused', err.message);
    return jsonError(c, 503, 'feed_unavailable', 'The change feed failed; retry later');
  });

  /** Whether the pass's staff member is an administrator, as the platform says now: asked with the account's kept
   * grant when it activated Fieldside (a technician's token may not read roles), else with the caller's token. */
  async function isAdministrator(c: Context<FeedEnv>, staff: Uuid): Promise<boolean> {
    const account = c.get('account');
    const kept = await deps.activation.token(account);
    return deps.roles.isAdministrator(kept ?? c.get('token'), account, staff);
  }

  const callbackUrl = (token: string) => callbackUrlFor(deps.publicUrl, token);
  const { ensured } = deps;

  app.post(COMPANION_PATHS.feedRegister, async (c) => {
    const account = c.get('account');
    const staff = c.get('staff');
    const limited = await deps.limiter.check({ kind: 'account', id: account });
    if (!limited.ok) return tooManyRequests(c, limited, 'live-update registrations');
    if (staff) await deps.visibility?.registered(account, staff);
    let refused: FeedRegisterReply['refused'] = [];
    let manages = false;
    if (await deps.activation.activated(account)) {
      // Its changes come signed through the add-on: the companion's own subscriptions are retired, when due.
      await deps.accountSubscriptions?.ensure(account);
    } else {
      // While the account's subscriptions are known to be in place, a register has nothing to do at the platform:
      // the caller's role (two requests) is asked only when they are due a check, and only of the administrator who
      // made them last while one is known.
      const url = await deps.currentCallbackUrl(account);
      const administrator = ensured.administrator(account);
      if (staff && !ensured.fresh(account, url) && (administrator === undefined || administrator === staff)) {
        manages = await isAdministrator(c, staff);
        if (manages) {
          ({ refused } = await ensureSubscriptions({
            platformBaseUrl: deps.platformBaseUrl,
            token: c.get('token'),
            callbackUrl: url,
            ...(deps.fetch ? { fetch: deps.fetch } : {}),
          }));
          ensured.remember(account, url, refused, staff);
        } else if (administrator !== undefined) ensured.forgetAdministrator(account);
      }
    }
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
    const staff = c.get('staff');
    const limited = await deps.limiter.check({ kind: 'account', id: account });
    if (!limited.ok) return tooManyRequests(c, limited, 'changes of the webhook address');
    if (!staff) return jsonError(c, 403, COMPANION_ERRORS.identityRequired, IDENTITY_REQUIRED);
    if (!(await isAdministrator(c, staff)))
      return jsonError(c, 403, COMPANION_ERRORS.notAdministrator, NOT_ADMINISTRATOR);
    const activated = await deps.activation.activated(account);
    const rotation = await deps.tokens.rotate(account, async (token) => {
      // An activated account has no subscriptions of the companion's to move: its old callback URL simply retires.
      if (activated) return [];
      const moved = await ensureSubscriptions({
        platformBaseUrl: deps.platformBaseUrl,
        token: c.get('token'),
        callbackUrl: callbackUrl(token),
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      });
      return moved.refused;
    });
    const reply: FeedRotateReply = rotation;
    return c.json(reply);
  });

  app.get(COMPANION_PATHS.feedRead, async (c) => {
    const q = FeedQuerySchema.safeParse(c.req.query());
    if (!q.success) return jsonError(c, 400, 'invalid_request', `Invalid query: ${z.prettifyError(q.error)}`);
    const page = await deps.store.read(c.get('account'), q.data.after, q.data.limit);
    const reader = { staff: c.get('staff') };
    const answer: FeedPage = { ...page, changes: page.changes.map((change) => forReader(change, reader)) };
    return c.json(answer);
  });

  app.get(COMPANION_PATHS.feedStream, (c) => openStream(c, deps));

  return app;
}
