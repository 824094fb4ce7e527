import type { Handlers } from '@/lib/messaging/router';
import { pageKeyOf, type ContentPage, type SenderInfo } from '@/lib/messaging/sender';
import { ForbiddenSenderError } from '@/lib/messaging/errors';
import type { ContentService, PanelFrame } from '@/lib/page-badges/content-service';

/** The page a content script's message came from (the router set it; a page's message has none). */
function pageOf(sender: SenderInfo, type: string): ContentPage {
  if (!sender.page) throw new ForbiddenSenderError(type);
  return sender.page;
}

/** The quick-note frame a message came from: its own key (tab, frame, document) and tab. */
function frameOf(sender: SenderInfo, type: string): PanelFrame {
  const key = pageKeyOf(sender);
  const tabId = (sender.tab as { id?: unknown } | undefined)?.id;
  if (key === undefined || typeof tabId !== 'number') throw new ForbiddenSenderError(type);
  return { key, tabId };
}

/** The messages content scripts on platform pages (and sites the user added) send, each answered
 * for the sender's own page only, and those of the quick-note frame, each for its own panel only. */
export function createPageBadgeHandlers(
  content: ContentService,
): Pick<Handlers, 'content.jobs' | 'content.openNotes' | 'quickNote.open' | 'quickNote.notes' | 'quickNote.add'> {
  return {
    'content.jobs': ({ uuids, numbers }, sender) => content.jobs({ uuids, numbers }, sender.page),
    'content.openNotes': ({ jobUuid }, sender) => content.openNotes(jobUuid, pageOf(sender, 'content.openNotes')),
    'quickNote.open': ({ ticket }, sender) => content.panelJob(ticket, frameOf(sender, 'quickNote.open')),
    'quickNote.notes': ({ ticket }, sender) => content.panelNotes(ticket, frameOf(sender, 'quickNote.notes')),
    'quickNote.add': ({ ticket, text }, sender) => content.panelAdd(ticket, text, frameOf(sender, 'quickNote.add')),
  };
}
