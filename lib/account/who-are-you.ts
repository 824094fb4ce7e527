import type { PlatformReader } from './platform-reader';
import type { StaffSummary } from '../settings/schemas';
import type { SessionService } from './session-service';
import { requireSession, sessionView, updateSession } from './session-store';
import type { SessionView } from '../messaging/session-view';

// "Who are you": after an OAuth sign-in the person picks themselves from the account's staff, and
// every request then impersonates them (x-impersonate-uuid), so Fieldside never shows more than they
// may see. The platform doesn't say who consented, so the pick is preselected where the account's
// e-mail matches a staff e-mail. Administrators may switch to view as another staff member.

export class NotAllowedError extends Error {
  override readonly name = 'NotAllowedError';
}

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
    async list(): Promise<{ staff: StaffSummary[]; suggested: string | null }> {
      const record = await requireSession();
      const all = await staff();
      const email = record.account.email.trim().toLowerCase();
      const match = email ? all.find((s) => s.email.trim().toLowerCase() === email) : undefined;
      return { staff: all, suggested: record.me?.uuid ?? match?.uuid ?? null };
    },

    async chooseMe(uuid: string): Promise<SessionView> {
      const me = await find(uuid);
      await updateSession({ me, viewAs: null });
      return sessionView();
    },

    async viewAs(uuid: string | null): Promise<SessionView> {
      const record = await requireSession();
      if (!record.me) throw new NotAllowedError('Choose who you are first');
      if (uuid === null || uuid === record.me.uuid) {
        await updateSession({ viewAs: null });
        return sessionView();
      }
      // Re-read the role rather than trust the stored one: it may have changed on the platform.
      const me = await find(record.me.uuid);
      if (!me.isAdmin) throw new NotAllowedError('Only an administrator may view as another staff member');
      await updateSession({ me, viewAs: await find(uuid) });
      return sessionView();
    },
  };
}
export type WhoAreYou = ReturnType<typeof createWhoAreYou>;
