import { z } from 'zod';
import type { Context } from 'hono';
import { FeedQuerySchema } from '../../../contracts/companion-http';
import { sha256Base64Url } from '../../../contracts/installation-binding';
import type { CompanionLimits } from '../config';
import { jsonError } from '../http-errors';
import { tooManyRequests, type RateLimiter } from '../limits/rate-limit';
import type { LimitStore, SlotRequest } from '../limits/types';
import type { AccountSubscriptions } from './subscriptions/account-subscriptions';
import type { BackgroundWork } from './background-work';
import type { JobVisibility } from './visibility/job-visibility';
import type { FeedEnv } from './pass-auth';
import { streamFeed } from './sse';
import type { FeedStore } from './store/types';

export interface StreamRouteDeps {
  store: FeedStore;
  slots: LimitStore;
  limiter: RateLimiter;
  limits: CompanionLimits;
  heartbeatMs: number;
  /** The companion's clock: a stream ends when its pass expires by the same clock that checked the pass. */
  now: () => number;
  /** Open streams' finishers, so closing the module ends them. */
  streams: Set<() => void>;
  /** Asks the platform whether a stream's token still works (FEED_STREAM_RECHECK_SECONDS). */
  stillValid: (token: string) => Promise<boolean>;
  /** Whose browsers are online, to ask who may see a changed job (job-visibility.ts). */
  visibility?: JobVisibility;
  /** The companion's own Webhooks-API subscriptions of an activated account, retired when due a look
   * (account-subscriptions.ts). */
  accountSubscriptions?: AccountSubscriptions;
  /** Where the look at the subscriptions runs, unawaited. */
  background: BackgroundWork;
  /** The caller's address, for the per-address limit. */
  addressOf?: (c: Context) => string | undefined;
}

/** A slot lives this many heartbeats without renewal: a stream whose instance died frees its slot by then. */
const LEASE_HEARTBEATS = 3;

const TOO_MANY =
  'Too many live-update connections are open for this sign-in, this person or this account. Close Fieldside in other windows, or wait a minute; changes are caught up meanwhile.';

/**
 * `GET /feed/stream`: leases in the limit store, counted across instances and renewed by each heartbeat: at most
 * FEED_STREAMS_PER_TOKEN per access token, FEED_STREAMS_PER_ACCOUNT per account, FEED_STREAMS_PER_STAFF per staff
 * member the platform vouched for, and for browsers nobody vouched for, FEED_UNVERIFIED_STREAM_SHARE percent of the
 * account's together: one insider's tokens cannot fill the account. Past a cap, a 429 in words; each stream ends
 * when its token would expire.
 */
export async function openStream(c: Context<FeedEnv>, deps: StreamRouteDeps): Promise<Response> {
  const q = FeedQuerySchema.safeParse(c.req.query());
  if (!q.success) return jsonError(c, 400, 'invalid_request', `Invalid query: ${z.prettifyError(q.error)}`);
  const address = deps.addressOf?.(c);
  if (address) {
    const limited = await deps.limiter.check({ kind: 'address', id: address });
    if (!limited.ok) return tooManyRequests(c, limited, 'live-update connections');
  }
  // EventSource-style reconnects name the last id received in a header instead of the query.
  const after = q.data.after ?? c.req.header('last-event-id') ?? undefined;
  const account = c.get('account');
  const token = c.get('token');
  const staff = c.get('staff');
  const first = await deps.store.read(account, after, 500); // also rejects a bad position before streaming

  const { limits } = deps;
  const slots: SlotRequest[] = [
    { key: `stream-token:${await sha256Base64Url(token)}`, cap: limits.streamsPerToken },
    { key: `stream-account:${account}`, cap: limits.streamsPerAccount },
    staff
      ? { key: `stream-staff:${account}:${staff}`, cap: limits.streamsPerStaff }
      : {
          key: `stream-unverified:${account}`,
          cap: Math.floor((limits.streamsPerAccount * limits.unverifiedStreamShare) / 100),
        },
  ];
  const keys = slots.map((s) => s.key);
  const id = crypto.randomUUID();
  const leaseMs = deps.heartbeatMs * LEASE_HEARTBEATS;
  if (!(await deps.slots.acquire(slots, id, leaseMs, Date.now()))) {
    c.header('retry-after', String(Math.ceil(leaseMs / 1000)));
    return jsonError(c, 429, 'too_many_streams', TOO_MANY);
  }
  // A browser reconnects its stream at least hourly (each token's life): its stream is what says it is online.
  // Only a staff member the platform vouched for is ever asked about, or named for, a job.
  if (staff) await deps.visibility?.registered(account, staff);
  // Not awaited: the stream does not wait for the platform. A failure waits for the next register or stream.
  const { accountSubscriptions } = deps;
  if (accountSubscriptions) deps.background.run(() => accountSubscriptions.ensure(account));
  return streamFeed(c, {
    store: deps.store,
    account,
    reader: { staff },
    first,
    heartbeatMs: deps.heartbeatMs,
    streams: deps.streams,
    endsAt: c.get('expiresAt'),
    now: deps.now,
    recheckMs: limits.streamRecheckMs,
    stillValid: () => deps.stillValid(token),
    onHeartbeat: () => deps.slots.renew(keys, id, leaseMs, Date.now()),
    onEnd: () => void deps.slots.release(keys, id).catch(() => undefined),
  });
}
