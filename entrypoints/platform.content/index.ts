import { bootContentScript } from '@/lib/page-badges/boot';
import { attachPlatformHosts, hasPlatformRefs, pageJobUuid } from '@/lib/page-badges/scan';
import { sendMessage } from '@/lib/messaging/send';

// The content script on the platform's web pages: a job badge beside every job link and on job
// pages, and the quick-note panel behind it. This initial script stays tiny (scanner + loader);
// the UI chunk (entrypoints/content-ui) is imported only when a job is found.
// `matches` is the platform's origin (any port), like the host permission in wxt.config.ts.

function platformMatch(): string {
  const url = new URL(import.meta.env.WXT_PLATFORM_URL || 'http://127.0.0.1:8080');
  return `${url.protocol}//${url.hostname}/*`;
}

export default defineContentScript({
  matches: [platformMatch()],
  runAt: 'document_idle',
  main(ctx) {
    let shownJob: string | null = null;
    bootContentScript(ctx, {
      check: () => hasPlatformRefs(document),
      attach: () => attachPlatformHosts(document),
      // The side panel follows the job this page shows (told only when it changes).
      afterScan() {
        const uuid = pageJobUuid(document);
        if (uuid === shownJob) return;
        shownJob = uuid;
        sendMessage('content.pageJob', { uuid }).catch(() => undefined);
      },
    });
  },
});
