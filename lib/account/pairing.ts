import { NotAllowedError, type WhoAreYou } from './who-are-you';
import { PairingError } from './pairing-errors';
import type { PairingClient } from './pairing-client';
import { readSession } from '../settings/validated-reads';

// "Use Fieldside in this browser", from the add-on's window on a job card: the platform signed which staff
// member chose the action, the companion turned that into a one-time code for the pairing page, and this claims
// it. The person is then the platform's word, not a choice from a list (who-are-you.ts, confirmMe). The code
// only names someone; what Fieldside may do is still its own sign-in's, so the code's account must be the
// signed-in one.

export function createPairing(deps: { client: PairingClient; who: WhoAreYou }) {
  return {
    /** Claims `code` and makes its staff member this browser's person; answers their name for the page. */
    async pair(code: string): Promise<{ staffName: string }> {
      const record = await readSession();
      if (!record) throw new PairingError('signed_out');
      if (record.mode !== 'oauth') throw new PairingError('api_key');
      const claim = await deps.client.claim(code);
      if (claim.account_uuid !== record.account.uuid) throw new PairingError('other_account');
      try {
        const me = await deps.who.confirmMe(claim.staff_uuid);
        return { staffName: me.name };
      } catch (error) {
        if (error instanceof NotAllowedError) throw new PairingError('not_staff', { cause: error });
        throw error;
      }
    },
  };
}
export type Pairing = ReturnType<typeof createPairing>;
