import { ForbiddenSenderError } from '@/lib/messaging/errors';
import type { Handlers } from '@/lib/messaging/router';
import { readSidePanelJob } from '@/lib/side-panel/side-panel-job';
import type { SidePanelWork } from '../side-panel';
import { toUuid } from '../../../contracts/uuid';

type SidePanelMessages =
  | 'day.get'
  | 'job.detail'
  | 'notes.add'
  | 'badges.set'
  | 'job.act'
  | 'texts.decline'
  | 'files.attach'
  | 'outbox.retry'
  | 'outbox.discard'
  | 'page.currentJob'
  | 'picker.pending'
  | 'picker.clear'
  | 'content.pageJob';

/** Field work: the side panel's day and job, writes through the outbox, the page the panel follows. */
export function createSidePanelHandlers(field: SidePanelWork): Pick<Handlers, SidePanelMessages> {
  return {
    'day.get': ({ date }) => field.day.get(date),
    'job.detail': ({ uuid }) => field.detail.get(uuid),
    'notes.add': ({ jobUuid, text }) => field.writes.addNote(jobUuid, text),
    'badges.set': async ({ jobUuid, badgeUuid, on }) => {
      await field.writes.setBadge(jobUuid, badgeUuid, on);
      return {};
    },
    'job.act': ({ jobUuid, action, text }) => field.actions.act(jobUuid, action, text),
    'texts.decline': async () => {
      await field.actions.declineTexts();
      return {};
    },
    'files.attach': ({ jobUuid, uuid }) => field.actions.attach(jobUuid, uuid),
    'outbox.retry': async ({ seq }) => {
      await field.writes.retry(seq);
      return {};
    },
    'outbox.discard': async ({ seq }) => {
      await field.writes.discard(seq);
      return {};
    },
    // The job page in front first, else the job last opened in the side panel ("job.open").
    'page.currentJob': async ({ tabId }) => {
      const fromTab = tabId === undefined ? field.pages.current() : field.pages.inFront(tabId);
      if (fromTab !== null) return { uuid: toUuid(fromTab), fromTab: true };
      const opened = await readSidePanelJob();
      return { uuid: opened === null ? null : toUuid(opened), fromTab: false };
    },
    'picker.pending': async () => ({ text: field.picker.pending() }),
    'picker.clear': async () => {
      field.picker.clear();
      return {};
    },
    // Only the web app's script: an added site's pages do not steer the side panel.
    'content.pageJob': async ({ number }, sender) => {
      if (sender.page?.kind !== 'platform') throw new ForbiddenSenderError('content.pageJob');
      const tab = sender.tab as { id?: number; active?: boolean } | undefined;
      if (tab?.id !== undefined)
        field.pages.setTabJob(
          tab.id,
          number === null ? null : await field.jobUuidByNumber(number),
          tab.active === true,
        );
      return {};
    },
  };
}
