import { browser } from 'wxt/browser';
import { phoneKey, typedPhoneKey } from '@/lib/locale/phone-key';
import { phoneView } from '@/lib/locale/phones';
import { createNewJobService, type NewJobService } from '@/lib/new-job/service';
import type { Workspace } from '@/lib/workspace/workspace';
import { customerViewOpened } from './sync-schedule';

// New jobs: the service, its form opened in a small window of its own, and "New job from selection…" on
// selected text.

const NEW_JOB_MENU = 'fieldside-new-job';
const FORM_PATH = '/new-job.html' as Parameters<typeof browser.runtime.getURL>[0];

export function startNewJobs(workspace: Workspace, resume: () => void): NewJobService {
  // The form and the card beside an e-mail search customers (the sender's, the caller's): that is their use.
  const customersSearched = () =>
    void customerViewOpened(workspace).catch((error: unknown) => console.warn('Fieldside: customers', error));
  const service = createNewJobService({
    workspace,
    resume,
    phoneKey,
    typedPhoneKey,
    phoneShown: (raw, region) => {
      const view = phoneView(raw, region);
      return view && { text: view.text, mobile: view.kind === 'mobile' };
    },
    customersSearched,
    openForm: async (id) => {
      await browser.windows.create({
        url: `${browser.runtime.getURL(FORM_PATH)}#${id}`,
        type: 'popup',
        width: 480,
        height: 720,
      });
      customersSearched();
    },
  });
  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus.create({ id: NEW_JOB_MENU, title: 'New job from selection…', contexts: ['selection'] }, () => {
      // Created again on update: "duplicate id" is expected then.
      void browser.runtime.lastError;
    });
  });
  browser.contextMenus.onClicked.addListener((info) => {
    if (info.menuItemId !== NEW_JOB_MENU || !info.selectionText) return;
    void service
      .open({ from: 'selection', text: info.selectionText })
      .catch((error: unknown) => console.warn('Fieldside: new job', error));
  });
  return service;
}
