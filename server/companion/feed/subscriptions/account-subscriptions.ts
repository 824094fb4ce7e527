import type { AccountTokenKeeper } from '../../addon/account-tokens';
import { addonKey, type AddonStore } from '../../addon/store/types';
import { retireSubscriptions } from './subscriptions';

// An account that activated Fieldside sends its changes signed, through the add-on's manifest webhooks
// (../addon/manifest-webhook.ts): the companion makes no Webhooks-API subscriptions for it, whose deliveries anyone
// who learnt the callback URL could forge, and removes the ones it made (before activation, by an administrator's
// browser, or by an earlier version with the account's grant), with the account's own grant. Done at activation, and
// on a register or a stream of the account when due a look: once an hour across instances (a mark in the shared
// store), so a fresh instance (an edge isolate) does not list them at every stream.

/** How long one look spares the others. */
const LOOK_MARK_MS = 3_600_000;

export function createAccountSubscriptions(opts: {
  keeper: Pick<AccountTokenKeeper, 'current'>;
  /** The store the instances share: the mark that one of them looked lately. */
  marks: Pick<AddonStore, 'setIfAbsent'>;
  /** How long a look holds on this instance (FEED_SUBSCRIPTIONS_RECHECK_SECONDS). */
  recheckMs: number;
  platformBaseUrl: string;
  fetch?: typeof fetch;
  now?: () => number;
}) {
  const now = opts.now ?? Date.now;
  /** One look per account at a time: a morning's streams all open within minutes. */
  const running = new Map<string, Promise<void>>();
  /** Account → when this instance last looked. */
  const looked = new Map<string, number>();

  async function run(account: string, activated: boolean): Promise<void> {
    const last = looked.get(account);
    if (!activated && last !== undefined && now() - last < opts.recheckMs) return;
    const kept = await opts.keeper.current(account);
    if (kept.kind !== 'tokens') return;
    const mark = addonKey('subscriptions-checked', account);
    if (!activated && !(await opts.marks.setIfAbsent(mark, '1', Math.min(opts.recheckMs, LOOK_MARK_MS)))) {
      looked.set(account, now());
      return;
    }
    await retireSubscriptions({
      platformBaseUrl: opts.platformBaseUrl,
      token: kept.accessToken,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    });
    looked.set(account, now());
  }

  return {
    /** Removes the companion's Webhooks-API subscriptions of an activated account, when due a look (or the account
     * was just `activated`); never throws (an outage leaves them for the next look, and their deliveries are
     * answered 410 meanwhile, which removes them too). */
    ensure(account: string, how: { activated?: boolean } = {}): Promise<void> {
      const already = running.get(account);
      if (already && !how.activated) return already;
      const started = (already ?? Promise.resolve())
        .then(() => run(account, how.activated === true))
        .catch(() => undefined)
        .finally(() => {
          if (running.get(account) === started) running.delete(account);
        });
      running.set(account, started);
      return started;
    },
  };
}

export type AccountSubscriptions = ReturnType<typeof createAccountSubscriptions>;
