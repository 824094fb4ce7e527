// The person's writes from the side panel: stored in the outbox first (so they are safe with no
// signal), answered at once as pending, then sent by the outbox runner.
import type { NoteView } from '../messaging/views';
import type { FieldContext } from '../side-panel/field-context';
import type { OutboxRunner } from './runner';
import { outboxNote } from '../side-panel/summaries';

export function createFieldWrites(ctx: FieldContext, runner: OutboxRunner) {
  return {
    async addNote(jobUuid: string, text: string): Promise<NoteView> {
      const outbox = await ctx.view.outbox();
      const entry = await outbox.enqueue({ kind: 'note', jobUuid, payload: { note: text } });
      void runner.resume().catch((e) => console.warn('Fieldside: outbox', e));
      return outboxNote(entry, await ctx.staffName())!;
    },
    async setBadge(jobUuid: string, badgeUuid: string, on: boolean): Promise<void> {
      const outbox = await ctx.view.outbox();
      await outbox.enqueue({ kind: on ? 'badge-add' : 'badge-remove', jobUuid, payload: { badgeUuid } });
      void runner.resume().catch((e) => console.warn('Fieldside: outbox', e));
    },
    retry: (seq: number) => runner.retry(seq),
    discard: (seq: number) => runner.discard(seq),
  };
}

export type FieldWrites = ReturnType<typeof createFieldWrites>;
