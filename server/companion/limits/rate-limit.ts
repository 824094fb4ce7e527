import type { Context } from 'hono';
import type { CompanionLimits } from '../config';
import { jsonError } from '../http-errors';
import type { LimitStore } from './types';

// Rate limits per installation (the installation key's id), per account (its platform uuid) and per address (the
// caller's, client-address.ts), counted in fixed ten-minute windows that every instance shares through the limit
// store. A refusal is a 429 that says, in words, what to do and when (and the same in Retry-After).

export type LimitSubject = { kind: 'installation' | 'account' | 'address'; id: string };

export type LimitCheck = { ok: true } | { ok: false; subject: LimitSubject; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request against each subject; refuses when any is over its limit. */
  check(...subjects: LimitSubject[]): Promise<LimitCheck>;
}

export function createRateLimiter(opts: {
  store: LimitStore;
  limits: CompanionLimits;
  now?: () => number;
}): RateLimiter {
  const now = opts.now ?? Date.now;
  const { limits } = opts;
  const cap = (s: LimitSubject) =>
    s.kind === 'installation'
      ? limits.oauthPerInstallation
      : s.kind === 'address'
        ? limits.perAddress
        : limits.oauthPerAccount;
  return {
    async check(...subjects) {
      const at = now();
      const counts = await Promise.all(subjects.map((s) => opts.store.hit(`${s.kind}:${s.id}`, limits.windowMs, at)));
      const over = subjects.find((s, i) => counts[i]! > cap(s));
      if (!over) return { ok: true };
      const retryAfterSeconds = Math.max(1, Math.ceil((limits.windowMs - (at % limits.windowMs)) / 1000));
      return { ok: false, subject: over, retryAfterSeconds };
    },
  };
}

/** The 429 for a refused check: who was over the limit, and how long to wait, in words. */
export function tooManyRequests(c: Context, refused: Extract<LimitCheck, { ok: false }>, what: string): Response {
  const minutes = Math.ceil(refused.retryAfterSeconds / 60);
  const wait = `Wait ${minutes} minute${minutes === 1 ? '' : 's'}, then try again.`;
  const who = { installation: 'from this browser', address: 'from this network address', account: 'for this account' }[
    refused.subject.kind
  ];
  c.header('retry-after', String(refused.retryAfterSeconds));
  return jsonError(c, 429, 'rate_limited', `Too many ${what} ${who} in a short time. ${wait}`);
}
