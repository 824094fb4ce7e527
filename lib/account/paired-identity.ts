import type { InstallationKeys } from '../auth/installation-key';
import type { PairedIdentity } from '../auth/secrets/store';
import type { SecretStore } from '../auth/secrets/store';
import { sessionItem } from '../settings/items';
import { readSession } from '../settings/validated-reads';
import type { StaffSummary } from '../settings/schemas';

// Who pairing said this installation's person is, once they confirmed it: the companion's signed identity, kept in
// the secret store (SECRETS.pairedIdentity) until sign-out, with the installation key it is bound to. Every sign-in
// and refresh of this installation sends it, so the companion's pass names that staff member; a sign-in of the same
// account answers it back (CompanionTokenFields.fieldside_staff) and the person stays who the platform said,
// whatever "Sign in again" chose on the consent page. The session's `meSource: 'platform'` holds only while this
// identity does.

export type { PairedIdentity };

export function createPairedIdentity(deps: {
  secrets: Pick<SecretStore, 'get' | 'set' | 'delete'>;
  installation: Pick<InstallationKeys, 'publicKey'>;
}) {
  /** The kept identity, if it is bound to the key this installation signs with now. */
  async function forThisInstallation(): Promise<PairedIdentity | undefined> {
    const kept = await deps.secrets.get('pairedIdentity');
    if (!kept) return undefined;
    return kept.installationId === (await deps.installation.publicKey()).id ? kept : undefined;
  }

  /** Forgets the identity; a session that said the platform vouched for its person now says they chose it. */
  async function forget(): Promise<void> {
    await deps.secrets.delete('pairedIdentity');
    const record = await readSession();
    if (record?.meSource === 'platform') await sessionItem.setValue({ ...record, meSource: 'chosen', viewAs: null });
  }

  return {
    forThisInstallation,
    forget,

    /** The person confirmed pairing's answer: keeps it, bound to this installation's key. */
    async keep(accountUuid: string, staff: StaffSummary, identity: string): Promise<void> {
      const { id } = await deps.installation.publicKey();
      await deps.secrets.set('pairedIdentity', { accountUuid, installationId: id, staff: { ...staff }, identity });
    },

    /** After a sign-in to `accountUuid` that sent `sent`: the staff member the companion vouched for again
     * (`vouchedStaff`, its answer's fieldside_staff), or null, and then the identity is forgotten (another account,
     * or one the companion no longer takes). */
    async afterSignIn(
      sent: PairedIdentity | undefined,
      accountUuid: string,
      vouchedStaff: string | undefined,
    ): Promise<StaffSummary | null> {
      if (!sent) return null;
      if (sent.accountUuid === accountUuid && vouchedStaff === sent.staff.uuid) return sent.staff;
      await deps.secrets.delete('pairedIdentity');
      return null;
    },

    /** After a refresh that sent `sent`: an answer without its staff member means the identity is no longer good. */
    async afterRefresh(sent: PairedIdentity | undefined, vouchedStaff: string | undefined): Promise<void> {
      if (sent && vouchedStaff !== sent.staff.uuid) await forget();
    },

    /** On the worker's start: a session that says the platform vouched for its person but holds no identity for
     * them (paired before pairing was bound to the installation) counts as chosen, and only a person the platform
     * vouched for keeps a "view as". */
    async reconcile(): Promise<void> {
      const record = await readSession();
      if (!record) return;
      if (record.meSource !== 'platform') {
        if (record.viewAs) await sessionItem.setValue({ ...record, viewAs: null });
        return;
      }
      const kept = await forThisInstallation();
      if (kept?.accountUuid === record.account.uuid && kept.staff.uuid === record.me?.uuid) return;
      await forget();
    },
  };
}
export type PairedIdentityStore = ReturnType<typeof createPairedIdentity>;
