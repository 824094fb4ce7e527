// The omnibox's suggestions and what Enter opens.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { buildIndex } from '../search';
import { toSearchDoc } from '../cache/store/search-docs';
import { freshCache, makeCompany, makeJob, range } from '../cache/testing/fixtures';
import { createOmnibox, escapeXml } from './omnibox';

afterEach(() => fakeBrowser.reset());

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
    expect(suggestions[0]).toEqual({
      content: '#1009',
      description: '#1009 · Work Order · Smith &amp; &lt;Sons&gt; · 9 Elm Street',
    });
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
