import type { Handlers } from '@/lib/messaging/router';
import { createContentService } from '@/lib/page-badges/content-service';
import type { BackgroundServices } from './handlers';

/** The messages content scripts on platform pages (and sites the user added) send. */
export function createContentHandlers(services: Pick<BackgroundServices, 'view' | 'field'>): Pick<Handlers, 'content.jobs' | 'content.notes' | 'content.addNote'> {
  const content = createContentService({ view: services.view, addNote: (jobUuid, text) => services.field.writes.addNote(jobUuid, text) });
  return {
    'content.jobs': async ({ uuids, numbers }) => ({ jobs: await content.jobs({ uuids, numbers }) }),
    'content.notes': ({ jobUuid }) => content.notes(jobUuid),
    'content.addNote': ({ jobUuid, text }) => content.addNote(jobUuid, text),
  };
}
