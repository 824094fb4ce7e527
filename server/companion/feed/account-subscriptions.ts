import { sha256Base64Url } from '../../../contracts/installation-binding';
import type { AccountTokenKeeper } from '../addon/account-tokens';
import { addonKey, type AddonStore } from '../addon/store/types';
import type { EnsuredSubscriptions } from './ensured-subscriptions';
import { ensureSubscriptions } from './subscriptions';

// The account's subscriptions made with its own tokens, kept since an administrator activated Fieldside
// (../addon/account-tokens.ts). Before this only an administrator's browser made them, so in a business whose
// administrator activated the add-on but never opened Fieldside, nobody's browser ever got a live change (the
// first version's note: an office-only account had no subscriptions). The caller triggers nothing it could not
// already: the companion's own tokens write, and no answer carries the callback URL. Runs at activation, on a
// register that did not make them, and when a stream opens while they are due a check (a browser registers only
// when its grant changes; its stream reconnects at least hourly). What an instance made sure of is in its memory
// (ensured-subscriptions.ts), and a fresh instance (an edge isolate) knows nothing: a mark in the shared store lets
// one instance in an hour check them, so streams opening on new instances do not each list the subscriptions.

/** How long one instance's check spares the others (and how soon a failed one is tried again). */
const CHECK_MARK_MS = 3_600_000;

export function createAccountSubscriptions(opts: {
  keeper: Pick<AccountTokenKeeper, 'current'>;
  ensured: EnsuredSubscriptions;
  /** The store the instances share: the mark that one of them is checking, or checked lately. */
  marks: Pick<AddonStore, 'setIfAbsent'>;
  /** How long a check holds (the companion's FEED_SUBSCRIPTIONS_RECHECK_SECONDS). */
  recheckMs: number;
  /** The account's current callback URL (its secret token signed for the current generation). */
  callbackUrl: (account: string) => Promise<string>;
  platformBaseUrl: string;
  fetch?: typeof fetch;
}) {
  /** One ensure per account at a time: a morning's streams all open within minutes. */
  const running = new Map<string, Promise<void>>();

  async function run(account: string, activated: boolean): Promise<void> {
    const url = await opts.callbackUrl(account);
    // A new activation is a new grant (perhaps with scopes a refused subscription lacked): it checks at once.
    if (!activated && opts.ensured.fresh(account, url)) return;
    const kept = await opts.keeper.current(account);
    if (kept.kind !== 'tokens') return;
    // Keyed by the URL's digest: a rotation's new URL is checked at once. The URL itself holds a secret.
    const mark = addonKey('subscriptions-checked', `${account}:${await sha256Base64Url(url)}`);
    if (!activated && !(await opts.marks.setIfAbsent(mark, '1', Math.min(opts.recheckMs, CHECK_MARK_MS)))) return;
    const { refused } = await ensureSubscriptions({
      platformBaseUrl: opts.platformBaseUrl,
      token: kept.accessToken,
      callbackUrl: url,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    });
    // Whoever's register made them last stays known: the account's tokens are nobody's browser. Their grant
    // changes only at the next activation (which checks at once), so a refusal waits the whole window, not an hour.
    opts.ensured.remember(account, url, refused, opts.ensured.administrator(account) ?? '', opts.recheckMs);
  }

  return {
    /** Makes sure of them when they are due a check (or the account was just `activated`) and the account has
     * kept tokens; never throws (an outage or a refusal leaves them for the next register or stream). */
    ensure(account: string, how: { activated?: boolean } = {}): Promise<void> {
      const already = running.get(account);
      // A check already under way may have read the tokens this activation replaced: the activation's comes after.
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
