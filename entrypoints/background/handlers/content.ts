import type { Handlers } from '@/lib/messaging/router';
import type { NoteView } from '@/lib/messaging/views';
import { createContentService } from '@/lib/page-badges/content-service';
import type { Workspace } from '@/lib/workspace/workspace';

/** The messages content scripts on platform pages (and sites the user added) send. */
export function createContentHandlers(deps: {
  workspace: Workspace;
  /** The one note write (outbox first, then sent). */
  addNote: (jobUuid: string, text: string) => Promise<NoteView>;
}): Pick<Handlers, 'content.jobs' | 'content.notes' | 'content.addNote'> {
  const content = createContentService(deps);
  return {
    'content.jobs': async ({ uuids, numbers }) => ({ jobs: await content.jobs({ uuids, numbers }) }),
    'content.notes': ({ jobUuid }) => content.notes(jobUuid),
    'content.addNote': ({ jobUuid, text }) => content.addNote(jobUuid, text),
  };
}
