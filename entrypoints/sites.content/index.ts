import { bootContentScript } from '@/lib/page-badges/boot';
import { attachTextHosts, findJobMentions } from '@/lib/page-badges/text-scan';
import { attachCard, CARD_MARK, findOpenEmail } from '@/lib/page-badges/webmail-scan';

// Sites the user added in the options ("Sites"): a job badge beside text like "Job #1234", and on a webmail's
// message view (Gmail, Outlook on the web) the sender's card above the open e-mail. Not in
// the manifest: the options page registers it at run time for exactly the origins the person
// granted (lib/page-badges/site-registration.ts).

export default defineContentScript({
  // Registered at run time for the origins the person granted; none in the manifest.
  matches: [],
  registration: 'runtime',
  runAt: 'document_idle',
  main(ctx) {
    bootContentScript(ctx, {
      check: () =>
        findJobMentions(document.body, document, { maxNodes: 20_000, maxMatches: 1 }).length > 0 ||
        !(findOpenEmail(document)?.body.hasAttribute(CARD_MARK) ?? true),
      attach: () => attachTextHosts(document.body, document),
      attachCards: () => attachCard(document),
      throttleMs: 1_000,
    });
  },
});
