import { base64url } from 'jose';
import { decodedOrUndefined } from '../tokens/base64';
import type { CallbackTokenOwner, FeedStore } from '../feed/store/types';

// Callback tokens of the form before self-verifying URLs: a bare HMAC of the account, which cannot be
// reversed, so earlier versions kept token → account in the store (a Redis hash). Subscriptions made then still
// point at such URLs, so they are still resolved from what those versions kept, checked by deriving the token
// again. Nothing new is written in this form: an administrator's next register finds the subscriptions' callback
// URL differs from the account's current one and moves them to the self-verifying form (feed/subscriptions/subscriptions.ts),
// and the account's next rotation retires the old generation and forgets its entry. A memory store kept nothing
// across restarts, so there is nothing to migrate from it. Delete this file once no deployment has entries left.

const LEGACY_LABEL = 'fieldside-webhook-callback:';
const LEGACY_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The earlier token of an account's generation: HMAC-SHA256(secret, label + account), then `account:n`. */
export async function deriveLegacyCallbackToken(secret: string, account: string, generation = 0): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await legacyKey(secret), legacyMessage(account, generation));
  return base64url.encode(new Uint8Array(mac));
}

const legacyKey = (secret: string) =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
const legacyMessage = (account: string, generation: number) =>
  new TextEncoder().encode(generation === 0 ? LEGACY_LABEL + account : `${LEGACY_LABEL}${account}:${generation}`);

/** Whether `token` is the owner's earlier token; crypto.subtle.verify compares in constant time. */
async function isLegacyTokenOf(secret: string, owner: CallbackTokenOwner, token: string): Promise<boolean> {
  const mac = decodedOrUndefined(token);
  if (!mac) return false;
  return crypto.subtle.verify('HMAC', await legacyKey(secret), mac, legacyMessage(owner.account, owner.generation));
}

export function createLegacyCallbackTokens(opts: { secret: string; store: FeedStore }) {
  return {
    /** The owner an earlier version recorded for `token`, if the token is really that owner's. */
    async resolve(token: string): Promise<CallbackTokenOwner | undefined> {
      if (!LEGACY_TOKEN.test(token) || !opts.store.legacyCallbackOwner) return undefined;
      const owner = await opts.store.legacyCallbackOwner(token);
      if (owner === undefined) return undefined;
      return (await isLegacyTokenOf(opts.secret, owner, token)) ? owner : undefined;
    },

    /** Drops the entry of a retired generation, if an earlier version made one. */
    async forget(account: string, generation: number): Promise<void> {
      if (opts.store.forgetLegacyCallbackToken)
        await opts.store.forgetLegacyCallbackToken(await deriveLegacyCallbackToken(opts.secret, account, generation));
    },
  };
}
