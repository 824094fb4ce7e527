import type { AccountTokenKeeper } from '../addon/account-tokens';

// Whether an account activated Fieldside (an administrator allowed it from the add-on store and the companion keeps
// the grant, ../addon/account-tokens.ts), and that grant's access token. An activated account's changes come signed,
// through the add-on's manifest webhooks, and the companion reads with its grant alone; an account that did not
// activate has no grant, and the companion reads nothing for it.

export function createAccountActivation(keeper: Pick<AccountTokenKeeper, 'current'> | undefined) {
  return {
    /** The kept grant's access token, refreshed when due; undefined when there is none (or it cannot be had now). */
    async token(account: string): Promise<string | undefined> {
      const kept = await keeper?.current(account).catch(() => undefined);
      return kept?.kind === 'tokens' ? kept.accessToken : undefined;
    },
    /** Whether the account keeps a grant (even one the platform cannot refresh just now). */
    async activated(account: string): Promise<boolean> {
      const kept = await keeper?.current(account).catch(() => undefined);
      return kept?.kind === 'tokens' || kept?.kind === 'unavailable';
    },
  };
}

export type AccountActivation = ReturnType<typeof createAccountActivation>;
