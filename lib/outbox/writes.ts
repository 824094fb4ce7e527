// The person's writes (side panel, quick-note panel, picker): stored in the outbox first (so they
// are safe with no signal), answered at once as pending, then sent by the outbox runner.
import type { NoteView } from '../messaging/job-views';
import { outboxNote } from './note-views';
import type { Outbox } from './outbox';
import type { OutboxRunner } from './runner';

export interface OutboxWritesDeps {
  /** The current workspace's outbox. */
  outbox(): Promise<Outbox>;
  /** Who is writing, shown on a pending note. */
  author(): Promise<string | null>;
}

export function createOutboxWrites(deps: OutboxWritesDeps, runner: OutboxRunner) {
  return {
    async addNote(jobUuid: string, text: string): Promise<NoteView> {
      const outbox = await deps.outbox();
      const entry = await outbox.enqueue({ kind: 'note', jobUuid, payload: { note: text } });
      void runner.resume().catch((e) => console.warn('Fieldside: outbox', e));
      return outboxNote(entry, await deps.author())!;
    },
    async setBadge(jobUuid: string, badgeUuid: string, on: boolean): Promise<void> {
      const outbox = await deps.outbox();
      await outbox.enqueue({ kind: on ? 'badge-add' : 'badge-remove', jobUuid, payload: { badgeUuid } });
      void runner.resume().catch((e) => console.warn('Fieldside: outbox', e));
    },
    retry: (seq: number) => runner.retry(seq),
    discard: (seq: number) => runner.discard(seq),
  };
}

export type OutboxWrites = ReturnType<typeof createOutboxWrites>;
