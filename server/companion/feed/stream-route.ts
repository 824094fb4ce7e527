import type { Context } from 'hono';
import { FeedQuerySchema } from '../../../contracts/companion-http';
import { sha256Base64Url } from '../../../contracts/installation-binding';
import type { CompanionLimits } from '../config';
import type { LimitStore } from '../limits/types';
import type { AccountReaders } from './account-readers';
import type { FeedEnv } from './bearer-auth';
import type { AccountSubscriptions } from './account-subscriptions';
import type { JobVisibility } from './job-visibility';
import { LEGACY_STAFF_HEADER, STAFF_UUID } from './staff-role';
import { streamFeed } from './sse';
import type { TokenChecker } from './token-check';
import type { FeedStore } from './types';

export interface StreamRouteDeps {
  store: FeedStore;
  checker: TokenChecker;
  slots: LimitStore;
  limits: CompanionLimits;
  heartbeatMs: number;
  /** Open streams' finishers, so closing the module ends them. */
  streams: Set<() => void>;
  /** An open stream's token may read changed records for its account while the stream lasts. */
  readers?: AccountReaders;
  /** Whose browsers are online, to ask who may see a new job (job-visibility.ts). */
  visibility?: JobVisibility;
  /** The subscriptions made with the account's own tokens, when due a check (account-subscriptions.ts). */
  accountSubscriptions?: AccountSubscriptions;
}

/** A slot lives this many heartbeats without renewal: a stream whose instance died frees its slot by then. */
const LEASE_HEARTBEATS = 3;

/**
 * `GET /feed/stream`: at most FEED_STREAMS_PER_TOKEN open streams per access token and FEED_STREAMS_PER_ACCOUNT
 * per account, counted across instances (leases in the limit store, renewed by each heartbeat). Past a cap the
 * answer is a 429 in words; each stream ends when its token would expire.
 */
export async function openStream(c: Context<FeedEnv>, deps: StreamRouteDeps): Promise<Response> {
  const q = FeedQuerySchema.safeParse(c.req.query());
  if (!q.success) return c.json({ error: `Invalid query: ${q.error.issues.map((i) => i.message).join('; ')}` }, 400);
  // EventSource-style reconnects name the last id received in a header instead of the query.
  const after = q.data.after ?? c.req.header('last-event-id') ?? undefined;
  const account = c.get('account');
  const token = c.get('token');
  const first = await deps.store.read(account, after, 500); // also rejects a bad position before streaming

  const tokenKey = `stream-token:${await sha256Base64Url(token)}`;
  const accountKey = `stream-account:${account}`;
  const keys = [tokenKey, accountKey];
  const id = crypto.randomUUID();
  const leaseMs = deps.heartbeatMs * LEASE_HEARTBEATS;
  const slots = [
    { key: tokenKey, cap: deps.limits.streamsPerToken },
    { key: accountKey, cap: deps.limits.streamsPerAccount },
  ];
  if (!(await deps.slots.acquire(slots, id, leaseMs, Date.now()))) {
    c.header('retry-after', String(Math.ceil(leaseMs / 1000)));
    return c.json(
      {
        error:
          'Too many live-update connections are open for this sign-in or this account. Close Fieldside in other windows, or wait a minute; changes are caught up meanwhile.',
      },
      429,
    );
  }
  const withdraw = deps.readers?.offer(account, token);
  // A browser reconnects its stream at least hourly (each token's life), and registers only when its grant
  // changes: its stream is what says it is online. Unverified, and need not be: the platform answers for each
  // staff member before anyone is named.
  const staff = c.req.header(LEGACY_STAFF_HEADER);
  if (staff && STAFF_UUID.test(staff)) await deps.visibility?.registered(account, staff);
  // Not awaited: the stream does not wait for the platform. A failure waits for the next register or stream.
  void deps.accountSubscriptions?.ensure(account);
  return streamFeed(c, {
    store: deps.store,
    account,
    first,
    heartbeatMs: deps.heartbeatMs,
    streams: deps.streams,
    endsAt: await deps.checker.expiresBy(token),
    recheckMs: deps.limits.streamRecheckMs,
    stillValid: () => deps.checker.stillValid(token),
    onHeartbeat: () => deps.slots.renew(keys, id, leaseMs, Date.now()),
    onEnd: () => {
      withdraw?.();
      void deps.slots.release(keys, id).catch(() => undefined);
    },
  });
}
