import type { FeedStore } from '../feed/types';

// Domain separation: the same signing secret also signs OAuth state, so the token is the HMAC of a
// labelled message, never of something a caller could get signed elsewhere.
const LABEL = 'fieldside-webhook-callback:';

async function hmacBase64Url(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message));
  return Buffer.from(mac).toString('base64url');
}

/** The unguessable token in an account's callback URL: HMAC-SHA256(signing secret, account) in base64url. */
export function deriveCallbackToken(secret: string, account: string): Promise<string> {
  return hmacBase64Url(secret, LABEL + account);
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Callback tokens and the accounts they stand for. An HMAC cannot be reversed, so the token → account
 * map is kept in the feed store (Redis when shared, so other instances and restarts find it), and
 * every mapping found there is checked by deriving the token again before it is trusted.
 */
export function createCallbackTokens(opts: { secret: string; store: FeedStore }) {
  // Verified mappings only; they never change, so they are kept for the life of the process.
  const known = new Map<string, string>();

  return {
    /** The account's token, remembered so notifications to it can be routed back to the account. */
    async issue(account: string): Promise<string> {
      const token = await deriveCallbackToken(opts.secret, account);
      if (known.get(token) !== account) {
        await opts.store.saveCallbackToken(token, account);
        known.set(token, account);
      }
      return token;
    },

    /** The account behind a token, or undefined for a token this companion never issued. */
    async resolve(token: string): Promise<string | undefined> {
      const cached = known.get(token);
      if (cached !== undefined) return cached;
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const account = await opts.store.accountForCallbackToken(token);
      if (account === undefined) return undefined;
      if (!constantTimeEqual(await deriveCallbackToken(opts.secret, account), token)) return undefined;
      known.set(token, account);
      return account;
    },
  };
}

export type CallbackTokens = ReturnType<typeof createCallbackTokens>;
