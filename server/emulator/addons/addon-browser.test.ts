// The add-on in the web app, in real Chromium (TOOLCHAIN.md), acting as a person: open a job window, click the
// add-on's action, use the add-on's page in its window (its buttons call the client SDK), and the phone view.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountInfo, StaffInfo } from '../contracts';
import { startEmulator, type StartedEmulator } from '../start';
import { axeProblems } from '../../../tests/e2e/support/axe';
import { SDK_MESSAGE_TAG } from './sdk-script';
import { eventResponse, startTestAddon, TEST_MANIFEST, type TestAddon } from './test-addon';
import { launchLocalChromium } from '../../../tests/support/local-chromium';

type Rec = Record<string, string | number>;
let addon: TestAddon;
let emu: StartedEmulator;
let account: AccountInfo;
let technician: StaffInfo;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let job: Rec;
let defaultAnswer: TestAddon['answer'];

const addonWindow = () => page.locator('#windows .addon-window');
const frame = () => page.frameLocator('#windows .addon-window iframe.addon-frame');

beforeAll(async () => {
  addon = await startTestAddon(() => emu.info.web_url);
  defaultAnswer = addon.answer;
  emu = await startEmulator({
    jobs: 60,
    seed: 23,
    quiet: true,
    addon: { eventUrl: addon.eventUrl, manifest: TEST_MANIFEST, timeoutMs: 1_000 },
  });
  account = emu.info.accounts[0]!;
  technician = account.staff.find((s) => s.role === 'technician' && s.active)!;
  await emu.control.issueTokens(account.uuid, account.staff.find((s) => s.role === 'administrator')!.uuid, [
    'read_jobs',
  ]);
  const mine = await emu.control.visibleJobUuids(account.uuid, technician.uuid);
  job = (await emu.control.listRecords(account.uuid, 'job')).find((j) => j.uuid === mine[0]) as Rec;
  browser = await launchLocalChromium();
});
afterAll(async () => {
  await browser?.close();
  await emu?.close();
  await addon?.close();
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await page.goto(`${emu.info.web_url}/`);
  await page.locator('#person').selectOption(`${account.uuid}:${technician.uuid}`);
  await page.locator('#sign-in-submit').click();
  await page.locator('html[data-app-ready]').waitFor();
});
afterEach(async () => {
  await context.close();
  addon.received.length = 0;
  addon.answer = defaultAnswer;
});

/** Opens the job from the job list, as a person does, and chooses the add-on's action on its window. */
async function openAddonFromJob(actionName: string) {
  await page.locator(`#job-grid .x-grid-row[data-job-uuid="${String(job.uuid)}"]`).click();
  const jobWindow = page.locator(`.x-window[data-job-uuid="${String(job.uuid)}"]`);
  await jobWindow.getByRole('button', { name: actionName, exact: true }).click();
  await frame().locator('#job').waitFor();
}

describe('the add-on action on a job window', () => {
  it('opens a window titled with its name showing the add-on’s page for that job, in a frame with no access to the web app', async () => {
    await openAddonFromJob('Job Helper');
    expect(await addonWindow().locator('.x-window-header-text').textContent()).toBe('Job Helper');
    expect(await frame().locator('#job').textContent()).toBe(`You opened job ${String(job.uuid)}`);
    // An opaque origin: the frame's document has no cookies to read, the parent's least of all.
    expect(await frame().locator('#origin').textContent()).toBe('no cookies here');
    const reach = await page.locator('#windows .addon-window iframe').evaluate((el) => {
      try {
        return (el as HTMLIFrameElement).contentDocument === null ? 'no access' : 'access';
      } catch {
        return 'no access';
      }
    });
    expect(reach).toBe('no access');
    expect(addon.received).toHaveLength(1);
  });

  it('runs invoke from a button in the add-on’s page and shows the answer there', async () => {
    await openAddonFromJob('Job Helper');
    await frame().getByRole('button', { name: 'Load job data' }).click();
    await expect.poll(() => frame().locator('#answer').textContent()).toBe(`data of ${String(job.uuid)}`);
    expect(addon.received).toHaveLength(2);
  });

  it('shows the platform’s message in the SDK when the follow-up fails', async () => {
    await openAddonFromJob('Job Helper');
    addon.answer = () => ({ status: 500, body: 'no' });
    await frame().getByRole('button', { name: 'Load job data' }).click();
    await expect
      .poll(() => frame().locator('#answer').textContent())
      .toBe('failed: The add-on Job Helper could not do that just now.');
  });

  it('closes when the add-on’s page calls closeWindow, and only then: a message from anything but its frame is ignored', async () => {
    await openAddonFromJob('Job Helper');
    await page.evaluate((tag) => window.postMessage({ tag, method: 'closeWindow' }, '*'), SDK_MESSAGE_TAG);
    await page.evaluate(() => new Promise((done) => setTimeout(done, 100)));
    expect(await addonWindow().count()).toBe(1);
    await frame().getByRole('button', { name: 'Close' }).click();
    await addonWindow().waitFor({ state: 'detached' });
    expect(await page.locator(`.x-window[data-job-uuid="${String(job.uuid)}"]`).count()).toBe(1);
  });

  it('takes the size the add-on asks for, within the screen', async () => {
    await openAddonFromJob('Job Helper');
    const iframe = page.locator('#windows .addon-window iframe');
    // The page asks for 500 x 300 as it loads.
    await expect.poll(async () => (await iframe.boundingBox())?.width).toBe(500);
    expect((await iframe.boundingBox())?.height).toBe(300);
    await frame().getByRole('button', { name: 'Make bigger' }).click();
    await expect.poll(async () => (await iframe.boundingBox())?.width).toBe(1280 - 24);
    const box = (await addonWindow().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(box.height).toBeLessThanOrEqual(800);
  });

  it('leaves the window blank when the add-on answers an error, as the platform does', async () => {
    addon.answer = () => eventResponse('<p id="refused">Not for you.</p>', 403);
    await page.locator(`#job-grid .x-grid-row[data-job-uuid="${String(job.uuid)}"]`).click();
    await page
      .locator(`.x-window[data-job-uuid="${String(job.uuid)}"]`)
      .getByRole('button', { name: 'Job Helper', exact: true })
      .click();
    await addonWindow().locator('iframe.addon-frame').waitFor();
    expect(await frame().locator('body').innerText()).toBe('');
    expect(await addonWindow().locator('[role="alert"]').count()).toBe(0);
  });

  it('says so in plain words when the add-on does not answer, and opens afresh when chosen again', async () => {
    addon.answer = () => ({ body: '', hang: true });
    await page.locator(`#job-grid .x-grid-row[data-job-uuid="${String(job.uuid)}"]`).click();
    const button = page
      .locator(`.x-window[data-job-uuid="${String(job.uuid)}"]`)
      .getByRole('button', { name: 'Job Helper', exact: true });
    await button.click();
    await expect
      .poll(() => addonWindow().locator('[role="alert"]').textContent())
      .toBe('The add-on Job Helper is not responding. Try again in a moment.');
    addon.answer = defaultAnswer;
    await button.click();
    await frame().locator('#job').waitFor();
    expect(await addonWindow().count()).toBe(1);
  });
});

describe('for everyone', () => {
  it('the job window with its actions and the add-on window have no serious accessibility problem (axe)', async () => {
    await openAddonFromJob('Job Helper');
    // The web app has one (light) look; the frame's page is the add-on's own, not the platform's to check.
    expect(
      await axeProblems(page, 'light', [
        ['#windows .x-window[data-job-uuid]'],
        ['#windows .addon-window .x-window-header'],
      ]),
    ).toEqual([]);
    await page.getByRole('link', { name: 'Phone view' }).click();
    await page.locator('html[data-app-ready]').waitFor();
    expect(await axeProblems(page, 'light', [['#app-viewport']])).toEqual([]);
  });
});

describe('the phone view', () => {
  it('lays the job out for a phone, offers the mobile action, and the add-on’s window fills the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Phone view' }).click();
    await page.locator('body.device-phone').waitFor();
    await page.locator('html[data-app-ready]').waitFor();
    await page.locator(`#job-grid .x-grid-row[data-job-uuid="${String(job.uuid)}"]`).click();
    const jobWindow = page.locator(`.x-window[data-job-uuid="${String(job.uuid)}"]`);
    expect(await jobWindow.getByRole('button', { name: 'Job Helper', exact: true }).count()).toBe(0);
    await jobWindow.getByRole('button', { name: 'Job Helper Mobile' }).click();
    await frame().locator('#job').waitFor();
    const box = (await addonWindow().boundingBox())!;
    expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    // The add-on asked for 500 x 300: on a phone the window stays full-screen.
    const iframe = (await page.locator('#windows .addon-window iframe').boundingBox())!;
    expect(iframe.width).toBe(390);
    expect(iframe.height).toBeGreaterThan(700);
    expect(await frame().locator('#job').textContent()).toBe(`You opened job ${String(job.uuid)}`);
    expect(await page.getByRole('link', { name: 'Desktop view' }).count()).toBe(1);
  });
});
