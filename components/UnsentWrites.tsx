export interface UnsentWritesProps {
  /** Notes and badge changes not yet on the platform. */
  count: number;
  /** Whose they are: the staff member they were written as, or the account (API key). */
  owner: string;
  /** Before signing out (a word beside the button), or after it (what was kept). */
  when: 'before' | 'after';
}

/** The word about unsent notes at sign-out: they are kept on this device, not lost, and go out when
 * the same person signs in again. */
export function UnsentWrites({ count, owner, when }: UnsentWritesProps) {
  if (count <= 0) return null;
  const what = count === 1 ? '1 note or badge change' : `${count} notes or badge changes`;
  const them = count === 1 ? 'it' : 'them';
  return when === 'before' ? (
    <p id="unsent-writes" role="note">
      {what} {count === 1 ? 'has' : 'have'} not reached the platform yet. If you sign out, Fieldside keeps {them} on
      this device and sends {them} when {owner} signs in here again.
    </p>
  ) : (
    <p id="unsent-writes" role="status">
      {what} not sent yet {count === 1 ? 'is' : 'are'} kept on this device: Fieldside sends {them} when {owner} signs in
      here again.
    </p>
  );
}
