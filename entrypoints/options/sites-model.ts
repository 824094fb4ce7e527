import { computed, signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { siteLabel, toSitePattern } from '@/lib/page-badges/site-pattern';
import { contentSitesItem } from '@/lib/settings/items';
import { ContentSitesSchema } from '@/lib/settings/schemas';
import { toWireError } from '@/lib/messaging/errors';
import type { WireError } from '@/lib/messaging/protocol';

// The "Sites" section's state. Adding asks for the site's optional host permission right in the
// click (browsers require the user gesture), then stores the site; the background registers the
// sites content script for it (entrypoints/background/content-sites.ts). Removing gives the
// permission back.

export function createSitesModel() {
  const patterns = signal<string[]>([], { name: 'sites.patterns' });
  const sites = computed(() => patterns.value.map((pattern) => ({ pattern, label: siteLabel(pattern) })));
  const busy = signal(false, { name: 'sites.busy' });
  const error = signal<WireError | string | null>(null, { name: 'sites.error' });
  const status = signal<string | null>(null, { name: 'sites.status' });

  const read = async () => {
    const parsed = ContentSitesSchema.safeParse(await contentSitesItem.getValue());
    return parsed.success ? parsed.data : [];
  };
  const fail = (e: unknown) => {
    error.value = toWireError(e);
  };

  return {
    sites,
    busy,
    error,
    status,
    load: async () => void (patterns.value = await read()),
    watch: () => contentSitesItem.watch(async () => void (patterns.value = await read())),
    /** Must be called synchronously from the submit handler: permissions.request needs the gesture. */
    add(address: string): void {
      error.value = null;
      status.value = null;
      let pattern: string;
      try {
        pattern = toSitePattern(address);
      } catch (e) {
        return fail(e);
      }
      busy.value = true;
      const asked = browser.permissions.request({ origins: [pattern] });
      void (async () => {
        try {
          if (!(await asked)) {
            error.value = `Access to ${siteLabel(pattern)} was not allowed, so it was not added.`;
            return;
          }
          const current = await read();
          const next = current.includes(pattern) ? current : ContentSitesSchema.parse([...current, pattern]);
          await contentSitesItem.setValue(next);
          patterns.value = next;
          status.value = `Added ${siteLabel(pattern)}. Reload its open tabs to see job badges.`;
        } catch (e) {
          fail(e);
        } finally {
          busy.value = false;
        }
      })();
    },
    async remove(pattern: string): Promise<void> {
      error.value = null;
      busy.value = true;
      try {
        const next = (await read()).filter((p) => p !== pattern);
        await contentSitesItem.setValue(next);
        patterns.value = next;
        await browser.permissions.remove({ origins: [pattern] });
        status.value = `Removed ${siteLabel(pattern)}.`;
      } catch (e) {
        fail(e);
      } finally {
        busy.value = false;
      }
    },
  };
}

export type SitesModel = ReturnType<typeof createSitesModel>;
