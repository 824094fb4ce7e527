import { browser } from 'wxt/browser';
import {
  createSiteRegistrar,
  type FirefoxContentScriptsApi,
  type ScriptingApi,
} from '@/lib/page-badges/site-registration';
import { contentSitesItem } from '@/lib/settings/items';
import { ContentSitesSchema } from '@/lib/settings/schemas';

// Keeps the sites content script registered for the sites the person added in the options: at every
// start (Firefox forgets registrations with the background page) and whenever the list or the
// granted permissions change.

export function startContentSites(): void {
  const api = browser as unknown as { scripting?: ScriptingApi; contentScripts?: FirefoxContentScriptsApi };
  const registrar = createSiteRegistrar({
    ...(api.scripting ? { scripting: api.scripting } : {}),
    ...(api.contentScripts ? { contentScripts: api.contentScripts } : {}),
    granted: (patterns) => Promise.all(patterns.map((origin) => browser.permissions.contains({ origins: [origin] }))),
  });
  const register = async () => {
    const parsed = ContentSitesSchema.safeParse(await contentSitesItem.getValue());
    await registrar.register(parsed.success ? parsed.data : []);
  };
  const run = () =>
    void register().catch((error: unknown) => console.warn('Fieldside: could not register the sites script', error));
  run();
  contentSitesItem.watch(run);
  browser.permissions.onAdded.addListener(run);
  browser.permissions.onRemoved.addListener(run);
}
