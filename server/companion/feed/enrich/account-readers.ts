import type { AccountTokenKeeper } from '../../addon/account-tokens';
import { createReadBudget, KEPT_FOR_CHANGES_PER_MINUTE, type ReadBudget } from './read-budget';

// Which token reads for an account, when the companion reads a changed record once for the whole account (the job
// of a note, note-jobs.ts; a job's record, job-records.ts; a visit, visit-jobs.ts): the account's own grant, kept since
// an administrator activated Fieldside (../addon/account-tokens.ts), and nothing else. A browser's token is never
// borrowed to read for others: an account that did not activate gets its changes without records, and each browser
// reads what it holds with its own. Every request counts against the companion's share of the account's per-minute
// limit (read-budget.ts).

/** What one token's read came to: an answer, or "this token may not read it". */
export type TokenRead<T> = { kind: 'answer'; value: T } | { kind: 'next' };

export function createAccountReaders(opts: {
  keeper?: Pick<AccountTokenKeeper, 'current'>;
  budget?: ReadBudget;
  /** Changes of the account waiting for its share (held-changes.ts): asking who may see a job waits behind them. */
  waiting?: (account: string) => number;
}) {
  const budget = opts.budget ?? createReadBudget();

  return {
    /**
     * `read` with the account's kept grant: the answer and the token that gave it, or undefined when it could not
     * (no grant, it may not read it, the account's share of requests spent, or the platform failed).
     */
    async readWith<T>(
      account: string,
      read: (token: string) => Promise<TokenRead<T>>,
    ): Promise<{ value: T; token: string } | undefined> {
      // The keeper's store or its refresh failing only means no record this time.
      const kept = await opts.keeper?.current(account).catch(() => undefined);
      if (kept?.kind !== 'tokens' || !budget.take(account)) return undefined;
      try {
        const outcome = await read(kept.accessToken);
        return outcome.kind === 'answer' ? { value: outcome.value, token: kept.accessToken } : undefined;
      } catch {
        return undefined;
      }
    },

    /** Takes one request of the account's share for a change's own read made otherwise (visit-jobs.ts); false when
     * spent. */
    spend: (account: string): boolean => budget.take(account),
    /** The same for asking who may see a job (job-visibility.ts): false once only the part kept for the changes'
     * own reads is left, or while changes wait for their reads. */
    spendOnWhoMaySee: (account: string): boolean =>
      (opts.waiting?.(account) ?? 0) === 0 && budget.take(account, KEPT_FOR_CHANGES_PER_MINUTE),
  };
}

export type AccountReaders = ReturnType<typeof createAccountReaders>;
