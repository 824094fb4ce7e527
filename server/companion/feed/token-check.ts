import { z } from 'zod';
import { sha256Base64Url } from '../../../contracts/installation-binding';
import { isPlatformError, PlatformError, platformErrorFrom, platformFetch } from './platform-error';

const Vendor = z.object({ uuid: z.string().min(1) });
// The real platform answers vendor.json as an array of one vendor; accept a bare object too.
const VendorAnswer = z.union([z.array(Vendor).min(1), Vendor]);

type Outcome = { ok: true; account: string } | { ok: false; error: PlatformError };

interface Entry {
  expires: number;
  outcome: Promise<Outcome>;
}

/**
 * Maps a platform access token to its account by asking the platform (`vendor.json`), remembering
 * the answer for a short while so a stream reconnect or a burst of feed reads costs one platform call.
 * Tokens are cached by their SHA-256 only, never in the clear. Concurrent checks of one token share a call.
 * It also remembers when it first saw each token: a token lives at most `lifetimeMs` after it was issued,
 * so at most that long after it was first seen, which bounds how long a stream opened with it may run.
 */
export function createTokenChecker(opts: {
  platformBaseUrl: string;
  fetch?: typeof fetch;
  /** The platform's access-token lifetime (the spec's 3,600 s). */
  lifetimeMs?: number;
  ttlMs?: number;
  /** Refusals are cached more briefly, in case the platform refused by mistake. */
  refusalTtlMs?: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const fetchFn = opts.fetch ?? fetch;
  // A token's account never changes, so an answer is kept for the token's whole life (by default): a browser's
  // reconnects and feed reads then cost the account's shared budget nothing (issue 18). A revoked token is
  // refused by the platform on the browser's own next request (which signs it out), and its stream ends
  // when the token expires at the latest (expiresBy), or sooner with FEED_STREAM_RECHECK_SECONDS.
  const lifetimeMs = opts.lifetimeMs ?? 3_600_000;
  const ttlMs = opts.ttlMs ?? lifetimeMs;
  const refusalTtlMs = opts.refusalTtlMs ?? 10_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, Entry>();
  /** Token digest → when first seen; in insertion order, so the oldest are at the front. */
  const firstSeen = new Map<string, number>();

  function seen(key: string, at: number): number {
    const known = firstSeen.get(key);
    if (known !== undefined && known + lifetimeMs > at) return known;
    firstSeen.delete(key);
    firstSeen.set(key, at);
    for (const [old, when] of firstSeen) {
      if (firstSeen.size <= maxEntries && when + lifetimeMs > at) break;
      firstSeen.delete(old);
    }
    return at;
  }

  async function ask(token: string): Promise<Outcome> {
    const url = `${opts.platformBaseUrl}/api_1.0/vendor.json`;
    const what = 'GET vendor.json';
    try {
      const res = await platformFetch(
        fetchFn,
        url,
        { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
        what,
      );
      if (!res.ok) return { ok: false, error: await platformErrorFrom(res, what) };
      const parsed = VendorAnswer.safeParse(await res.json().catch(() => null));
      if (!parsed.success)
        return {
          ok: false,
          error: new PlatformError('The platform answered vendor.json without an account uuid', 502),
        };
      const vendor = Array.isArray(parsed.data) ? parsed.data[0] : parsed.data;
      return { ok: true, account: vendor!.uuid };
    } catch (e) {
      if (isPlatformError(e)) return { ok: false, error: e };
      throw e;
    }
  }

  function evict(at: number): void {
    for (const [key, entry] of cache) {
      if (entry.expires > at && cache.size < maxEntries) break;
      cache.delete(key);
    }
  }

  return {
    /** The token's account uuid; throws a PlatformError (401, 403 or 502). */
    async accountFor(token: string): Promise<string> {
      const key = await sha256Base64Url(token);
      const at = now();
      seen(key, at);
      let entry = cache.get(key);
      if (!entry || entry.expires <= at) {
        evict(at);
        // No longer than the token can live (first sighting plus its lifetime).
        const created: Entry = { expires: Math.min(at + ttlMs, seen(key, at) + lifetimeMs), outcome: ask(token) };
        entry = created;
        cache.delete(key); // re-inserted at the end, so the map stays in expiry order
        cache.set(key, created);
        created.outcome.then(
          (o) => {
            // Outages are not remembered; refusals only briefly.
            if (!o.ok && o.error.status === 502) cache.delete(key);
            else if (!o.ok) created.expires = Math.min(created.expires, now() + refusalTtlMs);
          },
          () => cache.delete(key),
        );
      }
      const outcome = await entry.outcome;
      if (!outcome.ok) throw outcome.error;
      return outcome.account;
    },

    /**
     * The companion handed this token out just now and knows its account (the OAuth token routes): remembered as
     * if the platform had answered, so the feed's first check of it costs no vendor.json. A token handed out is
     * new, so it is first seen now, and its answer lasts no longer than it can live.
     */
    async vouch(token: string, account: string): Promise<void> {
      const key = await sha256Base64Url(token);
      const at = now();
      evict(at);
      cache.delete(key);
      cache.set(key, {
        expires: Math.min(at + ttlMs, seen(key, at) + lifetimeMs),
        outcome: Promise.resolve({ ok: true, account }),
      });
    },

    /** The latest moment the token can still work: its first sighting plus the token lifetime. */
    async expiresBy(token: string): Promise<number> {
      return seen(await sha256Base64Url(token), now()) + lifetimeMs;
    },

    /** Asks the platform again, past the cache: false once it refuses the token (expired or revoked); an
     * outage is not a refusal. */
    async stillValid(token: string): Promise<boolean> {
      const outcome = await ask(token);
      if (outcome.ok || outcome.error.status === 502) return true;
      cache.delete(await sha256Base64Url(token));
      return false;
    },
  };
}

export type TokenChecker = ReturnType<typeof createTokenChecker>;
