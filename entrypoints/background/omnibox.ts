import { browser } from 'wxt/browser';
import { jobWebLink } from '@/lib/api/links';
import { readConnection } from '@/lib/settings/validated-reads';
import { createOmnibox } from '@/lib/omnibox/omnibox';
import type { Workspace } from '@/lib/workspace/workspace';

// The omnibox keyword "job" (manifest omnibox.keyword): suggestions while typing, Enter opens the
// job's page on the platform in the tab the browser asks for.

export function listenForOmnibox(workspace: Workspace): void {
  const omnibox = createOmnibox({
    index: async () => (await workspace.sync()).searchIndex(),
    cache: () => workspace.cache(),
    xmlDescriptions: !import.meta.env.FIREFOX,
  });
  browser.omnibox.setDefaultSuggestion({ description: 'Search Fieldside jobs by number, customer or address' });
  browser.omnibox.onInputChanged.addListener((text, suggest) => {
    omnibox.suggest(text).then(suggest, () => suggest([]));
  });
  browser.omnibox.onInputEntered.addListener((text, disposition) => {
    void (async () => {
      const uuid = await omnibox.resolve(text);
      if (!uuid || !(await workspace.key())) return;
      const { url } = jobWebLink(await readConnection(), uuid);
      if (disposition === 'currentTab') await browser.tabs.update({ url });
      else await browser.tabs.create({ url, active: disposition !== 'newBackgroundTab' });
    })().catch((error: unknown) => console.warn('Fieldside: could not open the job from the address bar', error));
  });
}
