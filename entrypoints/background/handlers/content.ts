import type { Handlers } from '@/lib/messaging/router';
import type { ContentPage, SenderInfo } from '@/lib/messaging/sender';
import { ForbiddenSenderError } from '@/lib/messaging/errors';
import type { ContentService } from '@/lib/page-badges/content-service';

/** The page a content script's message came from (the router set it; a page's message has none). */
function pageOf(sender: SenderInfo, type: string): ContentPage {
  if (!sender.page) throw new ForbiddenSenderError(type);
  return sender.page;
}

/** The messages content scripts on platform pages (and sites the user added) send; each is answered
 * for the sender's own page only. */
export function createContentHandlers(
  content: ContentService,
): Pick<Handlers, 'content.jobs' | 'content.notes' | 'content.addNote'> {
  return {
    'content.jobs': async ({ uuids, numbers }, sender) => ({
      jobs: await content.jobs({ uuids, numbers }, sender.page),
    }),
    'content.notes': ({ jobUuid }, sender) => content.notes(jobUuid, pageOf(sender, 'content.notes')),
    'content.addNote': ({ jobUuid, text }, sender) => content.addNote(jobUuid, text, pageOf(sender, 'content.addNote')),
  };
}
