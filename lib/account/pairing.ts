import { sha256Base64Url } from '../../contracts/installation-binding';
import type { TokenKeeper } from '../auth/token-keeper';
import { readSession } from '../settings/validated-reads';
import type { PairingQuestion } from '../messaging/session-view';
import type { PendingPairing, StaffSummary } from '../settings/schemas';
import type { PairedIdentityStore } from './paired-identity';
import type { PairingClient } from './pairing-client';
import { PairingError } from './pairing-errors';
import { PAIRING_ANSWER_MS, type PendingPairingStore } from './pairing-pending';
import { updateSession } from './session-store';
import { NotAllowedError, type WhoAreYou } from './who-are-you';

// "Use Fieldside in this browser" from a job card's add-on window: the platform signed who chose it, the companion
// made that a one-time code, and the background claims it with this installation's key. The answer then waits
// (pairing-pending.ts) for the person's "Yes" to "Work as <name> in this browser?" on Fieldside's own page, because a
// link is easily sent to someone else. The code only names someone; what Fieldside may do is still its own
// sign-in's, so the code's account must be the signed-in one.

export type PairingOutcome = 'waiting' | 'confirmed' | 'declined' | 'expired' | 'gone';

export interface PairingDeps {
  client: PairingClient;
  who: Pick<WhoAreYou, 'member'>;
  paired: Pick<PairedIdentityStore, 'keep'>;
  tokens: Pick<TokenKeeper, 'adoptPass' | 'refresh'>;
  pending: PendingPairingStore;
  /** Opens Fieldside's confirmation page. */
  openConfirmation: () => Promise<unknown>;
  now?: () => number;
}

export function createPairing(deps: PairingDeps) {
  const now = deps.now ?? Date.now;
  const expired = (p: PendingPairing) => p.outcome === 'waiting' && now() >= p.expiresAt;

  /** The pending pairing, ended: its claim (identity and pass) is not kept past the answer. */
  async function end(p: PendingPairing, outcome: 'confirmed' | 'declined'): Promise<void> {
    const { claim: _dropped, ...rest } = p;
    await deps.pending.write({ ...rest, outcome });
  }

  async function waiting(id: string): Promise<PendingPairing & { claim: NonNullable<PendingPairing['claim']> }> {
    const p = await deps.pending.read();
    if (!p || p.id !== id || p.outcome !== 'waiting' || !p.claim) throw new PairingError('not_waiting');
    if (expired(p)) {
      await end(p, 'declined');
      throw new PairingError('expired_answer');
    }
    return { ...p, claim: p.claim };
  }

  return {
    /** Claims `code` (from the pairing page in tab `tabId`) and asks the person on Fieldside's own page; answers
     * the staff member's name for the pairing page. */
    async claim(code: string, tabId: number | null): Promise<{ staffName: string }> {
      const record = await readSession();
      if (!record) throw new PairingError('signed_out');
      if (record.mode !== 'oauth') throw new PairingError('api_key');
      const { reply, accessToken } = await deps.client.claim(code);
      if (reply.account_uuid !== record.account.uuid) throw new PairingError('other_account');
      let staff: StaffSummary;
      try {
        staff = await deps.who.member(reply.staff_uuid);
      } catch (error) {
        if (error instanceof NotAllowedError) throw new PairingError('not_staff', { cause: error });
        throw error;
      }
      await deps.pending.write({
        id: crypto.randomUUID(),
        tabId,
        accountUuid: reply.account_uuid,
        staff,
        expiresAt: now() + PAIRING_ANSWER_MS,
        outcome: 'waiting',
        claim: {
          identity: reply.identity,
          pass: reply.fieldside_pass,
          tokenDigest: await sha256Base64Url(accessToken),
        },
      });
      await deps.openConfirmation();
      return { staffName: staff.name };
    },

    /** The question waiting for an answer, for the confirmation page; null when none is. */
    async question(): Promise<PairingQuestion | null> {
      const [p, record] = await Promise.all([deps.pending.read(), readSession()]);
      if (!p || p.outcome !== 'waiting' || expired(p) || record?.account.uuid !== p.accountUuid) return null;
      return {
        id: p.id,
        staff: p.staff,
        accountName: record.account.name,
        now: record.me ? { name: record.me.name, fromPlatform: record.meSource === 'platform' } : null,
      };
    },

    /** The person's answer to question `id`, from Fieldside's own page: only "Yes" changes anything. */
    async answer(id: string, yes: boolean): Promise<{ outcome: 'confirmed' | 'declined'; staffName: string }> {
      const p = await waiting(id);
      const staffName = p.staff.name;
      if (!yes) {
        await end(p, 'declined');
        return { outcome: 'declined', staffName };
      }
      const record = await readSession();
      if (!record || record.mode !== 'oauth' || record.account.uuid !== p.accountUuid) {
        await end(p, 'declined');
        throw new PairingError('changed');
      }
      await deps.paired.keep(p.accountUuid, p.staff, p.claim.identity);
      // Only an account that turned Fieldside on has a job card that pairs: it is on, whatever the last sign-in said.
      await updateSession({ me: p.staff, meSource: 'platform', viewAs: null, addonActivated: true });
      // The pass the claim answered names the staff member, for the token it was made with; after a refresh
      // meanwhile, the next refresh (which now carries the identity) brings one.
      if (!(await deps.tokens.adoptPass(p.claim.pass, p.claim.tokenDigest)))
        await deps.tokens.refresh().catch(() => undefined);
      await end(p, 'confirmed');
      return { outcome: 'confirmed', staffName };
    },

    /** How the pairing claimed from tab `tabId` ended, for its pairing page: waits up to `waitMs` while it is
     * still waiting for the person. */
    async outcome(tabId: number | null, waitMs: number): Promise<{ outcome: PairingOutcome }> {
      const read = async (): Promise<PairingOutcome> => {
        const p = await deps.pending.read();
        if (!p || p.tabId !== tabId) return 'gone';
        return expired(p) ? 'expired' : p.outcome;
      };
      let outcome = await read();
      if (outcome === 'waiting') {
        await deps.pending.changed(waitMs);
        outcome = await read();
      }
      return { outcome };
    },
  };
}
export type Pairing = ReturnType<typeof createPairing>;
