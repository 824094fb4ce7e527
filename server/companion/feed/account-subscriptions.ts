import type { AccountTokenKeeper } from '../addon/account-tokens';
import type { EnsuredSubscriptions } from './ensured-subscriptions';
import { ensureSubscriptions } from './subscriptions';

// The account's subscriptions made with its own tokens, kept since an administrator activated Fieldside
// (../addon/account-tokens.ts). Before this only an administrator's browser made them, so in a business whose
// administrator activated the add-on but never opened Fieldside, nobody's browser ever got a live change (the
// first version's note: an office-only account had no subscriptions). The caller triggers nothing it could not
// already: the companion's own tokens write, and no answer carries the callback URL. Runs at activation, on a
// register that did not make them, and when a stream opens while they are due a check (a browser registers only
// when its grant changes; its stream reconnects at least hourly).

export function createAccountSubscriptions(opts: {
  keeper: Pick<AccountTokenKeeper, 'current'>;
  ensured: EnsuredSubscriptions;
  /** The account's current callback URL (its secret token signed for the current generation). */
  callbackUrl: (account: string) => Promise<string>;
  platformBaseUrl: string;
  fetch?: typeof fetch;
}) {
  /** One ensure per account at a time: a morning's streams all open within minutes. */
  const running = new Map<string, Promise<void>>();

  async function run(account: string): Promise<void> {
    const url = await opts.callbackUrl(account);
    if (opts.ensured.fresh(account, url)) return;
    const kept = await opts.keeper.current(account);
    if (kept.kind !== 'tokens') return;
    const { refused } = await ensureSubscriptions({ platformBaseUrl: opts.platformBaseUrl, token: kept.accessToken, callbackUrl: url, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
    // Whoever's register made them last stays known: the account's tokens are nobody's browser.
    opts.ensured.remember(account, url, refused, opts.ensured.administrator(account) ?? '');
  }

  return {
    /** Makes sure of them when they are due a check and the account has kept tokens; never throws (an outage or a
     * refusal leaves them for the next register or stream). */
    ensure(account: string): Promise<void> {
      const already = running.get(account);
      if (already) return already;
      const started = run(account)
        .catch(() => undefined)
        .finally(() => running.delete(account));
      running.set(account, started);
      return started;
    },
  };
}

export type AccountSubscriptions = ReturnType<typeof createAccountSubscriptions>;
