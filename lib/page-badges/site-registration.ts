// Registers the sites content script (entrypoints/sites.content, built to content-scripts/sites.js)
// for exactly the sites the person added and granted. Chrome MV3 keeps `scripting` registrations
// across restarts; Firefox MV2 `contentScripts.register` lasts only as long as the page that made it,
// so the background re-registers at every start and whenever the list changes.

export const SITES_SCRIPT_ID = 'fieldside-sites';
export const SITES_SCRIPT_FILE = 'content-scripts/sites.js';

/** The slice of chrome.scripting used here. */
export interface ScriptingApi {
  getRegisteredContentScripts(filter?: { ids?: string[] }): Promise<Array<{ id: string; matches?: string[] }>>;
  registerContentScripts(
    scripts: Array<{
      id: string;
      js: string[];
      matches: string[];
      runAt: 'document_idle';
      persistAcrossSessions: boolean;
    }>,
  ): Promise<void>;
  unregisterContentScripts(filter?: { ids?: string[] }): Promise<void>;
}

/** The slice of Firefox's browser.contentScripts used here. */
export interface FirefoxContentScriptsApi {
  register(options: {
    js: Array<{ file: string }>;
    matches: string[];
    runAt: 'document_idle';
  }): Promise<{ unregister(): Promise<void> | void }>;
}

export interface SiteRegistrarDeps {
  scripting?: ScriptingApi;
  contentScripts?: FirefoxContentScriptsApi;
  /** Origins we hold permission for now (a site whose permission was revoked is not registered). */
  granted(patterns: string[]): Promise<boolean[]>;
}

export function createSiteRegistrar(deps: SiteRegistrarDeps) {
  let firefoxHandle: { unregister(): Promise<void> | void } | undefined;
  let queue = Promise.resolve<string[]>([]);

  async function apply(patterns: readonly string[]): Promise<string[]> {
    const flags = await deps.granted([...patterns]);
    const matches = patterns.filter((_, i) => flags[i]);
    if (deps.scripting) {
      const existing = await deps.scripting.getRegisteredContentScripts({ ids: [SITES_SCRIPT_ID] });
      const same = existing[0] && [...(existing[0].matches ?? [])].sort().join() === [...matches].sort().join();
      if (same) return matches;
      if (existing.length > 0) await deps.scripting.unregisterContentScripts({ ids: [SITES_SCRIPT_ID] });
      if (matches.length > 0) {
        await deps.scripting.registerContentScripts([
          {
            id: SITES_SCRIPT_ID,
            js: [SITES_SCRIPT_FILE],
            matches,
            runAt: 'document_idle',
            persistAcrossSessions: true,
          },
        ]);
      }
    } else if (deps.contentScripts) {
      await firefoxHandle?.unregister();
      firefoxHandle = undefined;
      if (matches.length > 0)
        firefoxHandle = await deps.contentScripts.register({
          js: [{ file: `/${SITES_SCRIPT_FILE}` }],
          matches,
          runAt: 'document_idle',
        });
    }
    return matches;
  }

  return {
    /** Makes the registration match `patterns` (those still granted); resolves with what is registered. Serialised. */
    register(patterns: readonly string[]): Promise<string[]> {
      queue = queue.catch(() => []).then(() => apply(patterns));
      return queue;
    },
  };
}

export type SiteRegistrar = ReturnType<typeof createSiteRegistrar>;
