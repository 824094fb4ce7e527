import type { Clock, EpochMs } from '../contracts';
import { digest, randomSecret } from './secrets';

/** The real platform does not document the code lifetime; RFC 6749 §4.1.2 recommends at most 10 minutes. */
export const CODE_SECONDS = 600;

export interface CodeRecord {
  clientId: string;
  /** The redirect URI the code was sent to (the Return URL when /authorize had none); the token
   * request must repeat it exactly. */
  redirectUri: string;
  accountUuid: string;
  staffUuid: string;
  scopes: string[];
  expiresAt: EpochMs;
  /** Set once exchanged: the token family it produced, revoked if the code comes back. */
  exchangedFamily: object | undefined;
}

/** Temporary authorization codes, keyed by digest. */
export function createCodeStore(clock: Clock) {
  const codes = new Map<string, CodeRecord>();

  return {
    issue(input: Omit<CodeRecord, 'expiresAt' | 'exchangedFamily'>): string {
      // Expired codes never exchanged can go; exchanged ones stay so that a reuse is still caught.
      for (const [k, r] of codes) if (!r.exchangedFamily && clock.now() >= r.expiresAt) codes.delete(k);
      const code = randomSecret();
      codes.set(digest(code), { ...input, expiresAt: clock.now() + CODE_SECONDS * 1000, exchangedFamily: undefined });
      return code;
    },
    find(code: string): CodeRecord | undefined {
      return codes.get(digest(code));
    },
    isExpired(record: CodeRecord): boolean {
      return clock.now() >= record.expiresAt;
    },
    /** Codes not yet exchanged die with the account's access; exchanged ones stay so reuse is still detected. */
    revokeAccount(accountUuid: string): void {
      for (const [k, r] of codes) if (r.accountUuid === accountUuid && !r.exchangedFamily) codes.delete(k);
    },
  };
}

export type CodeStore = ReturnType<typeof createCodeStore>;
