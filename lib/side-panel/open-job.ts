import { jobWebLink } from '../api/links';
import { rememberSidePanelJob } from './side-panel-job';

// Opening a job: in the platform's web app (a new tab: the job itself where its address form is
// known, else the web app), or the side panel. Opening the
// side panel needs a user gesture, which a message from the popup may no longer carry by the time
// it reaches the worker; then the job opens on the web instead, so Enter always opens something.

export interface OpenJobDeps {
  /** The web app and the job link form in force (lib/settings). */
  webApp: () => Promise<{ webUrl: string; jobLinkPath: string | null }>;
  createTab: (url: string) => Promise<unknown>;
  /** Opens the side panel, in window `windowId` if given, else the current one (throws when the browser refuses: no
   * user gesture, no side panel). */
  openSidePanel?: (windowId?: number) => Promise<void>;
}

export function createJobOpener(deps: OpenJobDeps) {
  async function openWeb(uuid: string): Promise<'web'> {
    await deps.createTab(jobWebLink(await deps.webApp(), uuid).url);
    return 'web';
  }
  return {
    openWeb,
    async open(uuid: string, target: 'web' | 'sidepanel', windowId?: number): Promise<'web' | 'sidepanel'> {
      if (target === 'web' || !deps.openSidePanel) return openWeb(uuid);
      // Both start before any await: the browser only honours the user gesture of the click that
      // sent this message while nothing has been awaited yet. The write is issued first, so the
      // side panel reads this job when it loads.
      const remembered = rememberSidePanelJob(uuid);
      const open = deps.openSidePanel;
      const [, opened] = await Promise.allSettled([remembered, callNow(() => open(windowId))]);
      return opened.status === 'fulfilled' ? 'sidepanel' : openWeb(uuid);
    },
  };
}
/** Calls `fn` synchronously (keeping the user gesture), turning a throw into a rejection. */
function callNow(fn: () => Promise<void>): Promise<void> {
  try {
    return fn();
  } catch (error) {
    return Promise.reject(error);
  }
}

export type JobOpener = ReturnType<typeof createJobOpener>;
