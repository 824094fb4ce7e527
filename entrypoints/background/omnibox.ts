import { browser } from 'wxt/browser';
import { jobWebUrl } from '@/lib/api/links';
import { createOmnibox } from '@/lib/omnibox/omnibox';
import type { ActiveView } from '@/lib/workspace/workspace';

// The omnibox keyword "job" (manifest omnibox.keyword): suggestions while typing, Enter opens the
// job's page on the platform in the tab the browser asks for.

export function listenForOmnibox(view: ActiveView): void {
  const omnibox = createOmnibox({
    index: async () => (await view.sync()).searchIndex(),
    cache: () => view.cache(),
    xmlDescriptions: !import.meta.env.FIREFOX,
  });
  browser.omnibox.setDefaultSuggestion({ description: 'Search Fieldside jobs by number, customer or address' });
  browser.omnibox.onInputChanged.addListener((text, suggest) => {
    omnibox.suggest(text).then(suggest, () => suggest([]));
  });
  browser.omnibox.onInputEntered.addListener((text, disposition) => {
    void (async () => {
      const uuid = await omnibox.resolve(text);
      const scope = await view.scope();
      if (!uuid || !scope) return;
      const url = jobWebUrl(scope.baseUrl, uuid);
      if (disposition === 'currentTab') await browser.tabs.update({ url });
      else await browser.tabs.create({ url, active: disposition !== 'newBackgroundTab' });
    })().catch((error: unknown) => console.warn('Fieldside: could not open the job from the address bar', error));
  });
}
