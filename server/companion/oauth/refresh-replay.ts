import { z } from 'zod';
import { sha256Base64Url } from '../../../contracts/installation-binding';
import { addonKey, type AddonStore } from '../addon/store/types';
import { openSealed, sealClaims } from '../tokens/sealed-claims';
import type { PlatformTokens } from './platform-token';

// A refresh whose answer never reached the extension (its network dropped, the browser stopped its worker) is tried
// again with the same sealed token. Where the platform rotates refresh tokens (the emulator's refreshTokens `rotate`,
// FIDELITY.md #10) that token is spent, and the platform's invalid_grant would sign the person out for a dropped
// connection. So the platform's answer to a refresh that spent its token is kept for a minute, sealed and bound to
// the digest of the token it spent, in the store every instance shares; the same token again within the minute (its
// installation's signature checked first, as for any refresh) is answered from it, and costs the platform nothing.

export const REFRESH_REPLAY_MS = 60_000;
/** How long a refresh the platform refused as spent waits for the answer that spent it to be kept: two tries of one
 * token at once on two instances both miss the kept answer, the platform answers one and refuses the other, and the
 * refused one can ask before the answered one has kept its answer (a digest, a seal and a store write away). */
export const LATE_ANSWER_MS = 1_000;
const LATE_ANSWER_POLL_MS = 50;
const LABEL = 'fieldside-refresh-replay';

const KeptSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  token_type: z.string().min(1),
  scope: z.string(),
  refresh_token: z.string().min(1),
  /** The companion's clock when the platform answered, ms since the epoch. */
  at: z.number(),
});

export function createRefreshReplay(secret: string, store: Pick<AddonStore, 'get' | 'setIfAbsent'>, now: () => number) {
  const place = async (spent: string) => {
    const digest = await sha256Base64Url(spent);
    return { key: addonKey('refreshed', digest), digest };
  };
  return {
    /** The platform's answer to a refresh that spent `spent` within the last minute, its lifetime counted down. */
    async answered(spent: string): Promise<PlatformTokens | undefined> {
      const { key, digest } = await place(spent);
      const value = await store.get(key);
      const kept = value === undefined ? undefined : await openSealed(secret, LABEL, KeptSchema, value, digest);
      // The store forgets it after the minute too; this clock is the one tests move.
      if (!kept || now() - kept.at >= REFRESH_REPLAY_MS) return undefined;
      const { at, ...tokens } = kept;
      const left = tokens.expires_in - Math.floor((now() - at) / 1000);
      return left > 0 ? { ...tokens, expires_in: left } : undefined;
    },
    /** `answered`, asked again for up to `withinMs` while there is none: after the platform refused `spent` as spent,
     * the refresh that spent it may be keeping its answer at this moment on another instance. */
    async answeredSoon(spent: string, withinMs = LATE_ANSWER_MS): Promise<PlatformTokens | undefined> {
      const until = Date.now() + withinMs;
      for (;;) {
        const tokens = await this.answered(spent);
        if (tokens || Date.now() >= until) return tokens;
        await new Promise((r) => setTimeout(r, LATE_ANSWER_POLL_MS));
      }
    },
    /** Keeps the answer to a refresh of `spent`, unless the platform answered that same token again (not spent). */
    async keep(spent: string, tokens: PlatformTokens): Promise<void> {
      if (tokens.refresh_token === spent) return;
      const { key, digest } = await place(spent);
      await store.setIfAbsent(
        key,
        await sealClaims(secret, LABEL, { ...tokens, at: now() }, digest),
        REFRESH_REPLAY_MS,
      );
    },
  };
}
export type RefreshReplay = ReturnType<typeof createRefreshReplay>;
