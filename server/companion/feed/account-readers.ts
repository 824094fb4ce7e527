import type { AccountTokenKeeper } from '../addon/account-tokens';
import { createReadBudget, type ReadBudget } from './read-budget';

// Which token reads for an account, when the companion reads a changed record once for the whole account (the job
// of a note, note-jobs.ts; a job's record and who may see a new job, job-records.ts), instead of every open
// browser reading it out of the account's shared budget.
//
// First the account's own tokens, kept since an administrator activated Fieldside (../addon/account-tokens.ts):
// they read whoever is online. Else the tokens of the account's open live streams, newest first (the freshest):
// held in memory for that stream's life anyway, never stored, never written anywhere, forgotten when the stream
// ends. A token that may not read a record (a technician's, say) gives way to the next. Every request counts against
// the companion's share of the account's per-minute limit (read-budget.ts).

/** What one token's read came to: an answer, or "this token may not read it, try the next". */
export type TokenRead<T> = { kind: 'answer'; value: T } | { kind: 'next' };

/** Stream tokens tried at most per read: a refusing account should not cost a read per open browser. */
const MAX_STREAM_TOKENS = 3;

export function createAccountReaders(opts: { keeper?: Pick<AccountTokenKeeper, 'current'>; budget?: ReadBudget }) {
  /** Account → tokens of its open streams (a count each: one token may hold several streams). */
  const live = new Map<string, Map<string, number>>();
  const budget = opts.budget ?? createReadBudget();

  async function tokensFor(account: string): Promise<string[]> {
    const streams = [...(live.get(account)?.keys() ?? [])].reverse().slice(0, MAX_STREAM_TOKENS);
    // The keeper's store or its refresh failing only means the streams' tokens read instead.
    const kept = await opts.keeper?.current(account).catch(() => undefined);
    return kept?.kind === 'tokens' ? [kept.accessToken, ...streams.filter((t) => t !== kept.accessToken)] : streams;
  }

  return {
    /** A stream opened with this token: it may read records of its account while it lasts. Answers the withdrawal. */
    offer(account: string, token: string): () => void {
      let tokens = live.get(account);
      if (!tokens) live.set(account, (tokens = new Map()));
      tokens.set(token, (tokens.get(token) ?? 0) + 1);
      return () => {
        const left = (tokens.get(token) ?? 1) - 1;
        if (left > 0) tokens.set(token, left);
        else tokens.delete(token);
        if (tokens.size === 0 && live.get(account) === tokens) live.delete(account);
      };
    },

    /**
     * `read` with the account's tokens in turn until one answers: the answer and the token that gave it, or
     * undefined when none could (no token, every one refused, the account's share of requests spent, or the
     * platform failed: a throw ends the tries, since the next token would meet the same outage).
     */
    async readWith<T>(
      account: string,
      read: (token: string) => Promise<TokenRead<T>>,
    ): Promise<{ value: T; token: string } | undefined> {
      for (const token of await tokensFor(account)) {
        if (!budget.take(account)) return undefined;
        try {
          const outcome = await read(token);
          if (outcome.kind === 'answer') return { value: outcome.value, token };
        } catch {
          return undefined;
        }
      }
      return undefined;
    },

    /** Takes one request of the account's share for a read made otherwise (job-visibility.ts); false when spent. */
    spend: (account: string): boolean => budget.take(account),
  };
}

export type AccountReaders = ReturnType<typeof createAccountReaders>;
