import type { PlatformReader } from './platform-reader';
import type { StaffSummary } from '../settings/schemas';
import type { SessionService } from './session-service';
import { requireSession, sessionView, updateSession } from './session-store';
import type { SessionView } from '../messaging/session-view';

// "Who are you": after an OAuth sign-in the person picks themselves from the staff, and every request then
// impersonates them, so Fieldside never shows more than they may see. The token is the account's, so nobody is
// preselected (a guessed name might just be accepted); to change it, the person signs in again through the consent
// page. A browser paired from a job card (pairing.ts) has the platform's word instead. A choice narrows, never
// widens: administrator powers need a person the platform vouched for whose role is an administrator one now (or
// the account's own API key).

export class NotAllowedError extends Error {
  override readonly name = 'NotAllowedError';
}

const PAIR_FIRST =
  'Only an administrator the platform vouched for may do this. Open any job in the platform, choose Fieldside, then “Use Fieldside in this browser”.';

export function createWhoAreYou(deps: { session: SessionService; reader: PlatformReader }) {
  async function staff(): Promise<StaffSummary[]> {
    const record = await requireSession();
    if (record.mode !== 'oauth') throw new NotAllowedError('With an API key, requests are not made as a staff member');
    // The full list, as the consenting person sees it: a technician's own view may not include everyone.
    return deps.reader.staff(await deps.session.context({ full: true }));
  }

  async function find(uuid: string): Promise<StaffSummary> {
    const found = (await staff()).find((s) => s.uuid === uuid);
    if (!found) throw new NotAllowedError('That staff member is not an active member of this account');
    return found;
  }

  return {
    async list(): Promise<{ staff: StaffSummary[] }> {
      return { staff: await staff() };
    },

    async chooseMe(uuid: string): Promise<SessionView> {
      const record = await requireSession();
      if (record.me && record.meSource === 'platform') {
        throw new NotAllowedError(
          `The platform told Fieldside you are ${record.me.name}. If that is not you, sign in again.`,
        );
      }
      // Asked once: a second answer would be a drop-down to become someone else.
      if (record.me)
        throw new NotAllowedError(`You already said you are ${record.me.name}. If that is not you, sign in again.`);
      const me = await find(uuid);
      await updateSession({ me, meSource: 'chosen', viewAs: null });
      return sessionView();
    },

    /** An active staff member of the account, as its staff list has them now (pairing's answer, before it is
     * offered to the person). */
    member: find,

    async viewAs(uuid: string | null): Promise<SessionView> {
      const record = await requireSession();
      if (!record.me) throw new NotAllowedError('Choose who you are first');
      if (uuid === null || uuid === record.me.uuid) {
        await updateSession({ viewAs: null });
        return sessionView();
      }
      if (record.meSource !== 'platform') throw new NotAllowedError(PAIR_FIRST);
      // Re-read the role rather than trust the stored one: it may have changed on the platform.
      const me = await find(record.me.uuid);
      if (!me.isAdmin) throw new NotAllowedError('Only an administrator may view as another staff member');
      await updateSession({ me, viewAs: await find(uuid) });
      return sessionView();
    },

    /**
     * Whether the person may change what is the whole account's (its webhook subscriptions, where
     * Fieldside connects): with an API key, yes (it is the account's own key); signed in, only a person the
     * platform vouched for (pairing), whose role the platform says is an administrator one now, not the one
     * stored when they were paired. A name chosen from the list never counts.
     */
    async isAdministrator(): Promise<boolean> {
      const record = await requireSession();
      if (record.mode === 'api_key') return true;
      if (!record.me || record.meSource !== 'platform') return false;
      const me = record.me.uuid;
      return (await staff()).some((s) => s.uuid === me && s.isAdmin);
    },
  };
}
export type WhoAreYou = ReturnType<typeof createWhoAreYou>;
