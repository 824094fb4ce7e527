import type { CallbackTokenOwner, FeedStore } from '../feed/types';

// Domain separation: the same signing secret also signs OAuth state, so the token is the HMAC of a
// labelled message, never of something a caller could get signed elsewhere.
const LABEL = 'fieldside-webhook-callback:';

async function hmacBase64Url(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message));
  return Buffer.from(mac).toString('base64url');
}

/**
 * The unguessable token in an account's callback URL: HMAC-SHA256(signing secret, account) in base64url, and
 * after the account's n-th rotation HMAC-SHA256(signing secret, account:n). Generation 0 is the token every
 * account had before rotation existed, so existing subscriptions keep working.
 */
export function deriveCallbackToken(secret: string, account: string, generation = 0): Promise<string> {
  return hmacBase64Url(secret, generation === 0 ? LABEL + account : `${LABEL}${account}:${generation}`);
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export interface Rotation {
  /** What the platform would not move to the new URL; when not empty, the old token keeps working. */
  refused: { unique_id: string; message: string }[];
  /** Whether the old token is now refused. */
  retired: boolean;
}

/**
 * Callback tokens and the accounts they stand for. An HMAC cannot be reversed, so the token → account map is
 * kept in the feed store (Redis when shared, so other instances and restarts find it), and every mapping found
 * there is checked by deriving the token again before it is trusted. Whether a token's generation is still
 * current is the store's to say at each use (a rotation on one instance holds on every other at once).
 */
export function createCallbackTokens(opts: { secret: string; store: FeedStore }) {
  // Verified mappings only; a token's owner never changes, so they are kept for the life of the process.
  const known = new Map<string, CallbackTokenOwner>();

  async function issueFor(account: string, generation: number): Promise<string> {
    const token = await deriveCallbackToken(opts.secret, account, generation);
    if (known.get(token)?.account !== account) {
      await opts.store.saveCallbackToken(token, { account, generation });
      known.set(token, { account, generation });
    }
    return token;
  }

  return {
    /** The account's current token, remembered so notifications to it can be routed back to the account. */
    async issue(account: string): Promise<string> {
      return issueFor(account, await opts.store.callbackGeneration(account));
    },

    /** The account and generation behind a token, or undefined for a token this companion never issued. */
    async resolve(token: string): Promise<CallbackTokenOwner | undefined> {
      const cached = known.get(token);
      if (cached !== undefined) return cached;
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const owner = await opts.store.callbackTokenOwner(token);
      if (owner === undefined) return undefined;
      if (!constantTimeEqual(await deriveCallbackToken(opts.secret, owner.account, owner.generation), token)) return undefined;
      known.set(token, owner);
      return owner;
    },

    /** Whether a token of this generation may still be used (the current one, or one being moved to). */
    async current(owner: CallbackTokenOwner): Promise<boolean> {
      return owner.generation >= (await opts.store.callbackGeneration(owner.account));
    },

    /**
     * Gives the account a new token. `move` points the platform's subscriptions at the new one (the platform
     * verifies it first, so the new token is accepted from the start); once every subscription has moved,
     * the old token is retired. If any stays behind, both keep working and a later rotation finishes the move.
     */
    async rotate(account: string, move: (token: string) => Promise<Rotation['refused']>): Promise<Rotation> {
      const current = await opts.store.callbackGeneration(account);
      const next = await issueFor(account, current + 1);
      const refused = await move(next);
      if (refused.length > 0) return { refused, retired: false };
      await opts.store.setCallbackGeneration(account, current + 1);
      const old = await deriveCallbackToken(opts.secret, account, current);
      await opts.store.forgetCallbackToken(old);
      known.delete(old);
      return { refused, retired: true };
    },
  };
}

export type CallbackTokens = ReturnType<typeof createCallbackTokens>;
