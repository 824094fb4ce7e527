import { describe, expect, it } from 'vitest';
import {
  createSiteRegistrar,
  SITES_SCRIPT_FILE,
  SITES_SCRIPT_ID,
  type FirefoxContentScriptsApi,
  type ScriptingApi,
} from './site-registration';

function fakeScripting() {
  let registered: Array<{ id: string; js: string[]; matches: string[] }> = [];
  const calls: string[] = [];
  const api: ScriptingApi = {
    getRegisteredContentScripts: async () => registered.map((s) => ({ ...s })),
    registerContentScripts: async (scripts) => {
      calls.push('register');
      registered.push(...scripts.map((s) => ({ id: s.id, js: s.js, matches: s.matches })));
    },
    unregisterContentScripts: async (filter) => {
      calls.push('unregister');
      registered = registered.filter((s) => !filter?.ids?.includes(s.id));
    },
  };
  return { api, calls, registered: () => registered };
}

const allGranted = async (patterns: string[]) => patterns.map(() => true);

describe('createSiteRegistrar (Chrome scripting)', () => {
  it('registers one script for the granted sites, leaves an unchanged registration alone, and unregisters when empty', async () => {
    const fake = fakeScripting();
    const registrar = createSiteRegistrar({
      scripting: fake.api,
      granted: async (patterns) => patterns.map((p) => p !== 'https://revoked.example.com/*'),
    });
    expect(await registrar.register(['https://mail.example.com/*', 'https://revoked.example.com/*'])).toEqual([
      'https://mail.example.com/*',
    ]);
    expect(fake.registered()).toEqual([
      { id: SITES_SCRIPT_ID, js: [SITES_SCRIPT_FILE], matches: ['https://mail.example.com/*'] },
    ]);

    await registrar.register(['https://mail.example.com/*']);
    expect(fake.calls).toEqual(['register']);

    await registrar.register(['https://mail.example.com/*', 'https://crm.example.com/*']);
    expect(fake.registered()[0]?.matches).toEqual(['https://mail.example.com/*', 'https://crm.example.com/*']);
    expect(fake.calls).toEqual(['register', 'unregister', 'register']);

    await registrar.register([]);
    expect(fake.registered()).toEqual([]);
  });

  it('serialises overlapping syncs so the last list wins', async () => {
    const fake = fakeScripting();
    const registrar = createSiteRegistrar({ scripting: fake.api, granted: allGranted });
    const a = registrar.register(['https://a.example.com/*']);
    const b = registrar.register(['https://b.example.com/*']);
    await Promise.all([a, b]);
    expect(fake.registered().map((s) => s.matches)).toEqual([['https://b.example.com/*']]);
  });
});

describe('createSiteRegistrar (Firefox contentScripts)', () => {
  it('replaces its registration on every change', async () => {
    const live = new Set<string>();
    let n = 0;
    const contentScripts: FirefoxContentScriptsApi = {
      register: async ({ js, matches }) => {
        const id = `${++n}:${js[0]?.file}:${matches.join(',')}`;
        live.add(id);
        return { unregister: () => void live.delete(id) };
      },
    };
    const registrar = createSiteRegistrar({ contentScripts, granted: allGranted });
    await registrar.register(['https://mail.example.com/*']);
    await registrar.register(['https://crm.example.com/*']);
    expect([...live]).toEqual([`2:/${SITES_SCRIPT_FILE}:https://crm.example.com/*`]);
    await registrar.register([]);
    expect(live.size).toBe(0);
  });
});
