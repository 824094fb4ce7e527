import { bootContentScript } from '@/lib/page-badges/boot';
import { attachTextHosts, findJobMentions } from '@/lib/page-badges/text-scan';

// Sites the user added in the options ("Sites"): a job badge beside text like "Job #1234". Not in
// the manifest: the options page registers it at run time for exactly the origins the person
// granted (lib/page-badges/site-registration.ts).

export default defineContentScript({
  // Registered at run time for the origins the person granted; none in the manifest.
  matches: [],
  registration: 'runtime',
  runAt: 'document_idle',
  main(ctx) {
    bootContentScript(ctx, {
      check: () => findJobMentions(document.body, document, { maxNodes: 20_000, maxMatches: 1 }).length > 0,
      attach: () => attachTextHosts(document.body, document),
      throttleMs: 1_000,
    });
  },
});
