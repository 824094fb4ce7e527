// Opening a job: in the web app, or the side panel, with the fallback.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createJobOpener } from './open-job';
import { readSidePanelJob } from './side-panel-job';

afterEach(() => fakeBrowser.reset());

const UUID = '0e3f6c1a-1111-4222-8333-444455556666';

describe('job opener', () => {
  it('opens the job in the web app in a tab, by its known form, or the web app itself', async () => {
    const tabs: string[] = [];
    let jobLinkPath: string | null = '/job/{uuid}';
    const opener = createJobOpener({
      webApp: async () => ({ webUrl: 'http://127.0.0.1:9', jobLinkPath }),
      createTab: async (url) => tabs.push(url),
    });
    expect(await opener.open(UUID, 'web')).toBe('web');
    jobLinkPath = null;
    await opener.open(UUID, 'web');
    expect(tabs).toEqual([`http://127.0.0.1:9/job/${UUID}`, 'http://127.0.0.1:9/']);
  });

  it('remembers the job for the side panel and opens it', async () => {
    let opened = 0;
    const opener = createJobOpener({
      webApp: async () => ({ webUrl: 'https://x.test', jobLinkPath: null }),
      createTab: async () => undefined,
      openSidePanel: async () => void opened++,
    });
    expect(await opener.open(UUID, 'sidepanel')).toBe('sidepanel');
    expect(opened).toBe(1);
    expect(await readSidePanelJob()).toBe(UUID);
  });

  it('falls back to the web page when the side panel cannot open (no user gesture)', async () => {
    const tabs: string[] = [];
    const opener = createJobOpener({
      webApp: async () => ({ webUrl: 'https://acme.example.com/', jobLinkPath: '/job/{uuid}' }),
      createTab: async (url) => tabs.push(url),
      openSidePanel: async () => {
        throw new Error('`sidePanel.open()` may only be called in response to a user gesture.');
      },
    });
    expect(await opener.open(UUID, 'sidepanel')).toBe('web');
    expect(tabs).toEqual([`https://acme.example.com/job/${UUID}`]);
  });
});
