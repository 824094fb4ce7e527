import { applyChanges, readsNeeded } from './apply-changes';
import { CATCH_UP_REREADS_MAX, type FeedServiceDeps, type FeedState } from './feed-service-deps';
import { createHold } from './hold';
import { createResync } from './resync';
import { FeedError, isFeedError, type FeedChange } from './types';

export type { FeedAccount, SavedPosition } from './feed-service-deps';

// Keeps the extension's caches in step with the companion's change feed while the worker is awake:
// on wake (start-up, sign-in, an alarm, `online`) it registers, catches up from the saved position
// with GET /feed, then reads the live stream; every change is held per record (hold.ts) and applied in batches.
// The position is saved only after the changes before it were applied, so a worker killed mid-batch
// catches them up again on its next wake. When the companion no longer keeps every change after the
// position (its feed was trimmed, or restarted, or the position is unknown to it), the service says so by
// running one incremental sync rather than skipping what it missed. API-key sessions have no feed (the
// companion checks platform OAuth tokens); the periodic incremental sync is the safety net for the rest.

export function createFeedService(deps: FeedServiceDeps) {
  const report = deps.report ?? ((m: string, e: unknown) => console.warn(`Fieldside feed: ${m}`, e));
  const retryMin = deps.retryMinMs ?? 1_000;
  const retryMax = deps.retryMaxMs ?? 30_000;

  let state: FeedState = 'off';
  let account: string | null = null;
  /** The grant the companion was last registered with (see FeedAccount.scopes). */
  let registeredGrant: string | null = null;
  /** The verified staff member the open stream's pass named ('' for none). */
  let streamingAs = '';
  /** The newest position received (saved once the changes before it are applied). */
  let received: string | null = null;
  let controller: AbortController | null = null;
  let waking: Promise<void> | null = null;
  const now = deps.now ?? Date.now;
  const resync = createResync({ ...(deps.resync ? { sync: deps.resync } : {}), report });
  const gap = () => resync.gap();
  const hold = createHold({
    apply: async (batch) => {
      // While live changes are held, the position saved stays before the oldest of them: a worker stopped now
      // catches them up on its next wake.
      const held = hold.safePosition();
      const upTo = held === undefined ? received : held;
      const forAccount = account;
      const result = await applyChanges(batch, deps.target, report);
      deps.onApplied?.(result, batch);
      if (upTo && forAccount && forAccount === account) await save(forAccount, upTo);
    },
    ...(deps.settleMs !== undefined ? { settleMs: deps.settleMs } : {}),
    now,
  });

  const save = (accountUuid: string, position: string) =>
    deps.savePosition({ accountUuid, position, ...(registeredGrant ? { grant: registeredGrant } : {}) });

  /** From the catch-up: older than a second, applied with the next batch. */
  function accept(change: FeedChange): void {
    received = change.id;
    hold.caughtUp(change);
  }

  /** From the live stream: the change is a moment old, so it is held until its second has passed
   * (SETTLE_MS, hold.ts) and then read once. */
  function acceptLive(change: FeedChange): void {
    hold.live(change, received);
    received = change.id;
  }

  /** Reads what the feed kept since `from`. Changes that carry what they are about (a job's record, a note's job),
   * or are about jobs this browser neither holds nor was named for, cost nothing, however many; of the rest, a few
   * are re-read one by one, and more than CATCH_UP_REREADS_MAX (a
   * morning, a laptop that slept, an account whose changes the companion could not read) are brought in by one
   * incremental sync. */
  async function catchUp(from: string): Promise<string> {
    let position = from;
    const missed: FeedChange[] = [];
    let gapped = false;
    for (;;) {
      const page = await deps.feed.read(position);
      gapped ||= page.gap;
      missed.push(...page.changes);
      position = page.position;
      if (page.changes.length === 0) break;
    }
    if (deps.resync && (gapped || (await readsNeeded(missed, deps.target)) > CATCH_UP_REREADS_MAX)) {
      // The sync reads the platform now, so it also covers every change the feed kept before `position`.
      gap();
      await resync.idle();
      received = position;
      if (account) await save(account, position);
      return position;
    }
    if (gapped) gap();
    for (const change of missed) accept(change);
    if (missed.length === 0 && received === null) received = position;
    return position;
  }

  /** Reads the stream until stopped, reconnecting from the last position received with backoff. */
  async function live(signal: AbortSignal, from: string): Promise<void> {
    let delay = retryMin;
    while (!signal.aborted) {
      try {
        state = 'connecting';
        await deps.feed.stream(received ?? from, signal, {
          onOpen: () => {
            state = 'live';
            delay = retryMin;
          },
          onChange: acceptLive,
          onGap: gap,
        });
      } catch (error) {
        if (signal.aborted) return;
        // 401/403: the token is no good for the feed (signed out, or no vendor scope); the next wake tries again.
        if (isFeedError(error) && (error.status === 401 || error.status === 403)) {
          report('the companion refused the feed stream', error);
          state = 'off';
          return;
        }
        if (isFeedError(error) && error.status === 400) {
          received = null; // a position it does not know: start over, and sync what it cannot tell us
          gap();
        }
      }
      if (signal.aborted) return;
      state = 'retrying';
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, delay);
        signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
      });
      delay = Math.min(delay * 2, retryMax);
    }
  }

  async function doWake(): Promise<void> {
    const signedIn = await deps.account();
    if (!signedIn || signedIn.mode !== 'oauth') {
      service.stop();
      state = signedIn ? 'api_key' : 'off';
      return;
    }
    const sameAccount = account === signedIn.accountUuid;
    const streaming = controller !== null && !controller.signal.aborted;
    const reader = signedIn.verified ? (signedIn.staffUuid ?? '') : '';
    const grant = `${[...signedIn.scopes].sort().join(' ')}|${signedIn.staffUuid ?? ''}${reader ? '|verified' : ''}`;
    if (sameAccount && streaming && reader === streamingAs) {
      // Already live: a wake only catches up (cheap), in case the stream silently missed something;
      // after new scopes, or once the person says who they are, it registers again, so the companion can
      // add what was refused before (or an administrator's register makes the subscriptions).
      if (grant !== registeredGrant) {
        await deps.feed.register();
        registeredGrant = grant;
      }
      // While the stream is open it delivers every change: reading the feed as well would cost the
      // companion a token check at the platform on every wake, for nothing.
      if (received && state !== 'live') await catchUp(received);
      return;
    }
    service.stop();
    account = signedIn.accountUuid;
    const saved = await deps.loadPosition();
    const ours = saved !== null && saved.accountUuid === signedIn.accountUuid;
    // A new worker with a position saved under the same grant is registered already: registering is what
    // made that position, and the companion keeps the subscriptions without being asked again.
    const registered = ours && saved.grant === grant ? null : await deps.feed.register();
    registeredGrant = grant;
    let from = ours ? saved.position : registered!.position;
    try {
      from = await catchUp(from);
    } catch (error) {
      if (!isFeedError(error) || error.status !== 400) throw error;
      received = null; // an unknown position (another companion, or its storage was reset)
      from = registered?.position ?? (await deps.feed.register()).position;
      gap();
    }
    received ??= from;
    if (!ours || saved.grant !== grant) await save(signedIn.accountUuid, from);
    streamingAs = reader;
    controller = new AbortController();
    void live(controller.signal, from);
  }

  const service = {
    /** Start, resume or catch up (idempotent; concurrent calls share one). Never throws: reports. */
    wake(): Promise<void> {
      waking ??= doWake()
        .catch((error) => {
          state = 'retrying';
          report('could not reach the change feed', error);
        })
        .finally(() => (waking = null));
      return waking;
    },
    /** Stops the stream (sign-out, account change). Queued changes are dropped; the position stays. */
    stop(): void {
      controller?.abort();
      controller = null;
      hold.clear();
      received = null;
      account = null;
      state = 'off';
    },
    /** Forgets the saved position too (sign-out). */
    async reset(): Promise<void> {
      service.stop();
      await deps.savePosition(null);
    },
    state: (): FeedState => state,
    /** A new callback URL for the account (administrators): the options page's "change the webhook address". */
    async rotate() {
      const signedIn = await deps.account();
      if (!signedIn || signedIn.mode !== 'oauth' || !signedIn.staffUuid)
        throw new FeedError('Sign in and say who you are first', 403);
      return deps.feed.rotate();
    },
    /** Resolves when every change received so far has been applied (follow-up re-reads included). */
    async idle(): Promise<void> {
      await hold.idle();
      await resync.idle();
    },
  };
  return service;
}
export type FeedService = ReturnType<typeof createFeedService>;
