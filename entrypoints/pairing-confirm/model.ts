import { signal } from '@preact/signals';
import { toWireError } from '@/lib/messaging/errors';
import type { WireError } from '@/lib/messaging/protocol';
import { sendMessage } from '@/lib/messaging/send';
import type { PairingQuestion } from '@/lib/messaging/session-view';

// The confirmation page's state: the question the background holds (a pairing it claimed from a job card's link),
// and how the person answered it. Only a click of theirs answers: a script cannot click on an extension page, and
// the page checks that the click was the person's (`isTrusted`) before it sends anything.

export type ConfirmState =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'asking'; question: PairingQuestion }
  | { kind: 'answered'; outcome: 'confirmed' | 'declined'; staffName: string; before: string | null };

export function createPairingConfirmModel() {
  const state = signal<ConfirmState>({ kind: 'loading' }, { name: 'state' });
  const busy = signal(false, { name: 'busy' });
  const error = signal<WireError | null>(null, { name: 'error' });

  return {
    state,
    busy,
    error,
    async load(): Promise<void> {
      try {
        const { question } = await sendMessage('pairing.question', {});
        state.value = question ? { kind: 'asking', question } : { kind: 'none' };
      } catch (e) {
        error.value = toWireError(e);
        state.value = { kind: 'none' };
      }
    },
    /** The person's answer, from their own click. */
    async answer(yes: boolean, event: Event): Promise<void> {
      const current = state.value;
      if (!event.isTrusted || current.kind !== 'asking' || busy.value) return;
      busy.value = true;
      error.value = null;
      try {
        const { outcome, staffName } = await sendMessage('pairing.answer', { id: current.question.id, yes });
        state.value = { kind: 'answered', outcome, staffName, before: current.question.now?.name ?? null };
      } catch (e) {
        error.value = toWireError(e);
        state.value = { kind: 'none' };
      } finally {
        busy.value = false;
      }
    },
  };
}
export type PairingConfirmModel = ReturnType<typeof createPairingConfirmModel>;
