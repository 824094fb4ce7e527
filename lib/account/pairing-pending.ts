import { pendingPairingItem } from '../settings/items';
import { PendingPairingSchema, type PendingPairing } from '../settings/schemas';

// The one pairing waiting for the person's answer, and how it ended: held in storage.session (pendingPairingItem,
// the browser's memory, not disk), so a worker the browser stopped while the person read the question still knows
// it, and sign-out clears it with the session. A new claim replaces it. Whoever waits for its end (the pairing page,
// through the background) is woken when this worker changes it.

/** How long the person has to answer: as long as the code itself lived. */
export const PAIRING_ANSWER_MS = 10 * 60_000;

export function createPendingPairing() {
  const waiters = new Set<() => void>();

  async function read(): Promise<PendingPairing | null> {
    const parsed = PendingPairingSchema.nullable().safeParse(await pendingPairingItem.getValue());
    return parsed.success ? parsed.data : null;
  }

  async function write(next: PendingPairing | null): Promise<void> {
    await pendingPairingItem.setValue(next);
    for (const wake of [...waiters]) wake();
  }

  return {
    read,
    write,
    /** Resolves when the pending pairing changes, or after `ms`. */
    changed(ms: number): Promise<void> {
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiters.add(done);
      });
    },
  };
}
export type PendingPairingStore = ReturnType<typeof createPendingPairing>;
