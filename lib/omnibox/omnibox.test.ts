// Opening a job (web page or side panel, with the fallback) and the omnibox's suggestions.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { buildIndex } from '../search';
import { toSearchDoc } from '../cache/store/search-docs';
import { freshCache, makeCompany, makeJob, range } from '../cache/testing/fixtures';
import { createOmnibox, escapeXml } from './omnibox';
import { createJobOpener } from '../side-panel/open-job';
import { readSidePanelJob } from '../side-panel/side-panel-job';

afterEach(() => fakeBrowser.reset());

const UUID = '0e3f6c1a-1111-4222-8333-444455556666';

describe('job opener', () => {
  it('opens the job page of the platform in a tab', async () => {
    const tabs: string[] = [];
    const opener = createJobOpener({ baseUrl: async () => 'http://127.0.0.1:9', createTab: async (url) => tabs.push(url) });
    expect(await opener.open(UUID, 'web')).toBe('web');
    expect(tabs).toEqual([`http://127.0.0.1:9/jobs/${UUID}`]);
  });

  it('remembers the job for the side panel and opens it', async () => {
    let opened = 0;
    const opener = createJobOpener({ baseUrl: async () => 'http://x.test', createTab: async () => undefined, openSidePanel: async () => void opened++ });
    expect(await opener.open(UUID, 'sidepanel')).toBe('sidepanel');
    expect(opened).toBe(1);
    expect(await readSidePanelJob()).toBe(UUID);
  });

  it('falls back to the web page when the side panel cannot open (no user gesture)', async () => {
    const tabs: string[] = [];
    const opener = createJobOpener({
      baseUrl: async () => 'https://acme.example.com/',
      createTab: async (url) => tabs.push(url),
      openSidePanel: async () => {
        throw new Error('`sidePanel.open()` may only be called in response to a user gesture.');
      },
    });
    expect(await opener.open(UUID, 'sidepanel')).toBe('web');
    expect(tabs).toEqual([`https://acme.example.com/jobs/${UUID}`]);
  });
});

describe('omnibox', () => {
  async function omnibox(xml: boolean) {
    const cache = await freshCache();
    const companies = range(0, 7).map((n) => makeCompany(n, n === 2 ? { name: 'Smith & <Sons>' } : {}));
    const jobs = range(0, 30).map((n) => makeJob(n));
    await cache.write({ jobs, companies });
    const names = new Map(companies.map((c) => [c.uuid, c.name]));
    const index = buildIndex(jobs.map((j) => toSearchDoc(j, names.get(j.company_uuid!) ?? '')));
    return { box: createOmnibox({ index: async () => index, cache: async () => cache, xmlDescriptions: xml }), jobs };
  }

  it('suggests jobs from the search index, number first, with XML-escaped descriptions for Chrome', async () => {
    const { box } = await omnibox(true);
    const suggestions = await box.suggest('1009');
    expect(suggestions[0]).toEqual({ content: '#1009', description: '#1009 · Work Order · Smith &amp; &lt;Sons&gt; · 9 Elm Street' });
    expect(await box.suggest('   ')).toEqual([]);
  });

  it('keeps descriptions as plain text for Firefox', async () => {
    const { box } = await omnibox(false);
    expect((await box.suggest('1002'))[0]?.description).toContain('Smith & <Sons>');
  });

  it('Enter opens the job of a number, else the best match, else nothing', async () => {
    const { box, jobs } = await omnibox(true);
    expect(await box.resolve('#1012')).toBe(jobs[12]!.uuid);
    expect(await box.resolve('12 elm')).toBe(jobs[12]!.uuid);
    expect(await box.resolve('zzzzqqq')).toBeNull();
  });

  it('escapes every XML special character', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });
});
