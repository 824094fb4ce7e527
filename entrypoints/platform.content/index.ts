import { bootContentScript } from '@/lib/page-badges/boot';
import { attachTextHosts, findJobMentions } from '@/lib/page-badges/text-scan';
import { attachWindowHosts, frontJobNumber, hasJobWindows } from '@/lib/page-badges/window-scan';
import { sendMessage } from '@/lib/messaging/send';

// The content script on the platform's web app: a job badge in the title of every job window, and
// the quick-note panel behind it; "Job #1234" text elsewhere on the page gets one too (the fallback
// on any page). This initial script stays tiny (scanners + loader); the UI chunk
// (entrypoints/content-ui) is imported only when a job is found. `matches` is the web app's host
// (any port: match patterns have none), like the host permission in wxt.config.ts; so the script
// first asks the background whether this page is the web app (lib/page-badges/fieldside-pages.ts),
// and does nothing on another server of the same host.

function webAppMatch(): string {
  const url = new URL(import.meta.env.WXT_WEB_URL || 'http://127.0.0.1:8081');
  return `${url.protocol}//${url.hostname}/*`;
}

export default defineContentScript({
  matches: [webAppMatch()],
  runAt: 'document_idle',
  async main(ctx) {
    const welcome = await sendMessage('content.status', {}).then(
      () => true,
      () => false,
    );
    if (!welcome || !ctx.isValid) return;
    let shownJob: string | null | undefined;
    bootContentScript(ctx, {
      check: () =>
        hasJobWindows(document) ||
        findJobMentions(document.body, document, { maxNodes: 20_000, maxMatches: 1 }).length > 0,
      // Windows first: their titles are marked, so the text scan leaves them to the window badge.
      attach: () => [...attachWindowHosts(document), ...attachTextHosts(document.body, document)],
      // The side panel follows the job in front (told only when it changes).
      afterScan() {
        const number = frontJobNumber(document);
        if (number === shownJob) return;
        shownJob = number;
        sendMessage('content.pageJob', { number }).catch(() => undefined);
      },
      // Bringing another window to the front changes no markup: focus and clicks say so.
      rescanOn: ['focusin', 'click'],
    });
  },
});
