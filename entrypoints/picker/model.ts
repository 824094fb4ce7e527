import { signal } from '@preact/signals';
import { sendMessage } from '@/lib/messaging/send';
import type { QuickRow } from '@/lib/cache/first-screen/rows';
import { toWireError } from '@/lib/messaging/errors';
import type { WireError } from '@/lib/messaging/protocol';

// The picker's own state on top of the quick search: the text waiting to become a note (from the
// context menu, held by the background), the job chosen for it, and the write.

export function createPickerModel() {
  const text = signal<string | null | undefined>(undefined, { name: 'text' });
  const chosen = signal<QuickRow | null>(null, { name: 'chosen' });
  const state = signal<'idle' | 'saving' | 'added'>('idle', { name: 'state' });
  const error = signal<WireError | null>(null, { name: 'error' });

  return {
    text,
    chosen,
    state,
    error,
    async load(): Promise<void> {
      try {
        text.value = (await sendMessage('picker.pending', {})).text;
      } catch (e) {
        text.value = null;
        error.value = toWireError(e);
      }
    },
    choose(row: QuickRow): void {
      chosen.value = row;
      error.value = null;
    },
    /** Queues the note in the outbox (it reaches the platform even if sent later); true when queued. */
    async add(): Promise<boolean> {
      const job = chosen.value;
      if (!job || !text.value || state.value === 'saving') return false;
      state.value = 'saving';
      error.value = null;
      try {
        await sendMessage('notes.add', { jobUuid: job.uuid, text: text.value });
        // The note is queued: the selection must not be offered again by the next picker.
        await sendMessage('picker.clear', {});
        state.value = 'added';
        return true;
      } catch (e) {
        state.value = 'idle';
        error.value = toWireError(e);
        return false;
      }
    },
  };
}

export type PickerModel = ReturnType<typeof createPickerModel>;
