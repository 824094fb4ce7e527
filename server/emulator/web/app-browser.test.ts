// The web app's page script in a real browser (Debian's Chromium, as TOOLCHAIN.md sets it up): signing in through
// the form, every deep-link form, several windows at once, closing them, the Ext registry, escaping.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountInfo } from '../contracts';
import { startEmulator, type StartedEmulator } from '../start';
import { launchLocalChromium } from '../../../tests/support/local-chromium';

type Rec = Record<string, string | number>;
let emu: StartedEmulator;
let account: AccountInfo;
let browser: Browser;
let page: Page;
let jobs: Rec[];
const titleOf = async (job: Rec) => {
  const company = (await emu.control.listRecords(account.uuid, 'company')).find((c) => c.uuid === job.company_uuid);
  return `Job #${job.generated_job_id} \u2013 ${company?.name ?? ''}`;
};
const windows = () => page.locator('#windows .x-window');
const headerOf = (uuid: unknown) => page.locator(`.x-window[data-job-uuid="${String(uuid)}"] .x-window-header-text`);

beforeAll(async () => {
  emu = await startEmulator({ jobs: 200, seed: 33, quiet: true });
  account = emu.info.accounts[0]!;
  jobs = (await emu.control.listRecords(account.uuid, 'job')) as Rec[];
  browser = await launchLocalChromium();
  page = await (await browser.newContext()).newPage();
  // Signing in as a person does: the form, the select, the button.
  await page.goto(`${emu.info.web_url}/`);
  await page.locator('#person').selectOption(`${account.uuid}:${account.staff.find((s) => s.role === 'office')!.uuid}`);
  await page.locator('#sign-in-submit').click();
  await page.locator('#job-list-panel').waitFor();
});
afterAll(async () => {
  await browser?.close();
  await emu?.close();
});
beforeEach(async () => {
  await page.goto(`${emu.info.web_url}/`);
  await page.locator('html[data-app-ready]').waitFor();
});

async function openAt(path: string) {
  // A fresh document each time: from a page already at `/`, going to `/#job/…` would only change the
  // hash, and data-app-ready would still be set from before while the window is still opening.
  await page.goto('about:blank');
  await page.goto(`${emu.info.web_url}${path}`);
  await page.locator('html[data-app-ready]').waitFor();
}

describe('deep links', () => {
  it.each([['/job/%s'], ['/#job/%s'], ['/#job,%s'], ['/job?uuid=%s']])('%s opens that job’s window', async (form) => {
    const job = jobs[20]!;
    await openAt(form.replace('%s', String(job.uuid)));
    expect(await windows().count()).toBe(1);
    expect(await headerOf(job.uuid).textContent()).toBe(await titleOf(job));
  });

  it('survive signing in: a hash link opened signed out lands on the job after the sign-in form', async () => {
    const job = jobs[24]!;
    const fresh = await (await browser.newContext()).newPage();
    try {
      await fresh.goto(`${emu.info.web_url}/#job,${String(job.uuid)}`);
      await fresh
        .locator('#person')
        .selectOption(`${account.uuid}:${account.staff.find((s) => s.role === 'technician' && s.active)!.uuid}`);
      await fresh.locator('#sign-in-submit').click();
      await fresh.locator('html[data-app-ready]').waitFor();
      expect(new URL(fresh.url()).hash).toBe(`#job,${String(job.uuid)}`);
      // Signed in as a technician, whose job it may not be: either its window or the not-found window opens.
      expect(await fresh.locator(`.x-window[data-job-uuid="${String(job.uuid)}"]`).count()).toBe(1);
    } finally {
      await fresh.context().close();
    }
  });

  it('follows a hash change without a reload', async () => {
    const job = jobs[21]!;
    await page.evaluate((uuid) => (location.hash = `#job,${uuid}`), String(job.uuid));
    await headerOf(job.uuid).waitFor();
    expect(await headerOf(job.uuid).textContent()).toBe(await titleOf(job));
  });
});

describe('job windows', () => {
  it('open several at once from the list, come to the front when opened again, and close', async () => {
    const rows = page.locator('#job-grid .x-grid-row');
    const first = await rows.nth(0).getAttribute('data-job-uuid');
    const second = await rows.nth(1).getAttribute('data-job-uuid');
    await rows.nth(0).click();
    await headerOf(first).waitFor();
    await rows.nth(1).click();
    await headerOf(second).waitFor();
    expect(await windows().count()).toBe(2);
    await rows.nth(0).click();
    expect(await windows().count()).toBe(2);
    expect(await page.locator('.x-window-active').getAttribute('data-job-uuid')).toBe(first);

    await page.locator(`.x-window[data-job-uuid="${first}"] .x-tool-close`).click();
    expect(await windows().count()).toBe(1);
    await page.locator(`.x-window[data-job-uuid="${second}"]`).press('Escape');
    expect(await windows().count()).toBe(0);
  });

  it('open from the dispatch board', async () => {
    const item = page.locator('#dispatch-board .board-visit').first();
    const uuid = await item.getAttribute('data-job-uuid');
    await item.click();
    await headerOf(uuid).waitFor();
    expect(await headerOf(uuid).textContent()).toMatch(/^Job #\d+/);
  });

  it('are components in window.Ext, with their titles', async () => {
    const job = jobs[22]!;
    await openAt(`/#job/${job.uuid}`);
    const seen = await page.evaluate((uuid) => {
      const ext = (
        window as unknown as {
          Ext: {
            getCmp(id: string): { title: string; jobUuid: string; el: { dom: Element } };
            ComponentMgr: { all: { items: unknown[] } };
          };
        }
      ).Ext;
      const cmp = ext.getCmp(`job-window-${uuid}`);
      return {
        title: cmp.title,
        jobUuid: cmp.jobUuid,
        isWindow: cmp.el.dom.matches('.x-window'),
        count: ext.ComponentMgr.all.items.length,
      };
    }, String(job.uuid));
    expect(seen).toEqual({ title: await titleOf(job), jobUuid: job.uuid, isWindow: true, count: 1 });
  });

  it('show platform text as text', async () => {
    const job = jobs[23]!;
    const text = '<img src=x onerror="document.title=\'pwned\'">';
    await emu.control.updateRecord(account.uuid, 'job', String(job.uuid), { job_description: text });
    await openAt(`/#job/${job.uuid}`);
    const cell = page.locator(`.x-window[data-job-uuid="${String(job.uuid)}"] [data-field="job_description"]`);
    expect(await cell.textContent()).toBe(text);
    expect(await cell.locator('img').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');
  });
});

describe('the job list', () => {
  it('searches by job number without leaving the page', async () => {
    const job = jobs[30]!;
    await page.locator('#job-search-q').fill(String(job.generated_job_id));
    await page.locator('#job-search button').click();
    await page.locator(`#job-grid .x-grid-row[data-job-uuid="${String(job.uuid)}"]`).waitFor();
    expect(await page.locator('#job-grid .x-grid-row').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
