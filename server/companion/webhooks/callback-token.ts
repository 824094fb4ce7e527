import { base64url } from 'jose';
import { decodedOrUndefined } from '../tokens/base64';
import type { CallbackTokenOwner, FeedStore } from '../feed/store/types';
import { createLegacyCallbackTokens } from './legacy-callback-token';

// The last segment of an account's callback URL, `/webhooks/<account>.<generation>.<mac>`, says whose it is and
// proves it: the MAC is HMAC-SHA256(signing secret, labelled account and generation). So any instance that shares
// the signing secret answers the platform's verification challenge and takes a notification for it without
// looking the token up anywhere: one that never issued it, a restarted one, another region's. Only whether the
// generation is still current is the store's to say (a notification's append checks it in the same atomic step).
// Web APIs only (crypto.subtle, TextEncoder): the same code runs on an edge runtime.

// Domain separation: the same signing secret also signs OAuth state and seals refresh tokens, so the MAC is over
// a labelled message that nothing else signs.
const LABEL = 'fieldside-webhook-callback-url:';

/** Accounts are the platform's uuids; anything else cannot be put in a path segment unambiguously. */
const ACCOUNT = /^[0-9A-Za-z-]{1,64}$/;
const TOKEN = /^([0-9A-Za-z-]{1,64})\.(0|[1-9]\d{0,8})\.([A-Za-z0-9_-]{43})$/;

/** Verified tokens kept at once: a token never changes owner, so a hit spares the HMAC; forged ones never enter. */
const VERIFIED_CACHE = 10_000;

function macMessage(account: string, generation: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${LABEL}${account}:${generation}`);
}

/** The HMAC key for callback URLs, made once per secret. */
export function callbackKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

/** The callback token of an account's generation (0 until its first rotation). */
export async function signCallbackToken(key: CryptoKey, account: string, generation: number): Promise<string> {
  if (!ACCOUNT.test(account)) throw new Error('An account id unfit for a callback URL');
  const mac = await crypto.subtle.sign('HMAC', key, macMessage(account, generation));
  return `${account}.${generation}.${base64url.encode(new Uint8Array(mac))}`;
}

/** The account and generation a token proves, or undefined for anything this secret did not sign. */
export async function verifyCallbackToken(key: CryptoKey, token: string): Promise<CallbackTokenOwner | undefined> {
  const m = TOKEN.exec(token);
  if (!m) return undefined;
  const [, account, gen, mac] = m as unknown as [string, string, string, string];
  const bytes = decodedOrUndefined(mac);
  if (!bytes) return undefined;
  const generation = Number(gen);
  // crypto.subtle.verify compares in constant time.
  return (await crypto.subtle.verify('HMAC', key, bytes, macMessage(account, generation)))
    ? { account, generation }
    : undefined;
}

export interface Rotation {
  /** What the platform would not move to the new URL; when not empty, the old token keeps working. */
  refused: { unique_id: string; message: string }[];
  /** Whether the old token is now refused. */
  retired: boolean;
}

/**
 * An account's callback tokens: issuing and resolving them needs only the signing secret; whether a generation
 * is still current, and rotating to the next, go through the store (a rotation on one instance holds on every
 * other at once). Tokens of the earlier form are still resolved while subscriptions use them
 * (legacy-callback-token.ts).
 */
export function createCallbackTokens(opts: { secret: string; store: FeedStore }) {
  const key = callbackKey(opts.secret);
  const legacy = createLegacyCallbackTokens(opts);
  // Insertion order is age: the oldest verified tokens are dropped first.
  const verified = new Map<string, CallbackTokenOwner>();

  const sign = async (account: string, generation: number) => signCallbackToken(await key, account, generation);

  return {
    /** The account's current token. Nothing is stored: any instance resolves it from the token alone. */
    async issue(account: string): Promise<string> {
      return sign(account, await opts.store.callbackGeneration(account));
    },

    /** The account and generation behind a token, or undefined for one no instance sharing the secret issued. */
    async resolve(token: string): Promise<CallbackTokenOwner | undefined> {
      const cached = verified.get(token);
      if (cached !== undefined) return cached;
      const owner = (await verifyCallbackToken(await key, token)) ?? (await legacy.resolve(token));
      if (owner === undefined) return undefined;
      verified.set(token, owner);
      if (verified.size > VERIFIED_CACHE) verified.delete(verified.keys().next().value!);
      return owner;
    },

    /** Whether a token of this generation may still be used (the current one, or one being moved to). */
    async current(owner: CallbackTokenOwner): Promise<boolean> {
      return owner.generation >= (await opts.store.callbackGeneration(owner.account));
    },

    /**
     * Gives the account a new token. `move` points the platform's subscriptions at the new one (the platform
     * verifies it first, and any instance answers); once every subscription has moved, the old generation is
     * retired. If any stays behind, both keep working and a later rotation finishes the move.
     */
    async rotate(account: string, move: (token: string) => Promise<Rotation['refused']>): Promise<Rotation> {
      const current = await opts.store.callbackGeneration(account);
      const refused = await move(await sign(account, current + 1));
      if (refused.length > 0) return { refused, retired: false };
      await opts.store.setCallbackGeneration(account, current + 1);
      await legacy.forget(account, current);
      return { refused, retired: true };
    },
  };
}

export type CallbackTokens = ReturnType<typeof createCallbackTokens>;
