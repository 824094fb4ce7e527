import { describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { openFieldside as openFieldsideOn, webAppAs as webAppAsIn } from './support/job-card';
import { chooseMe, connect, signInThroughConsent } from './support/options-page';
import { activateAddon } from './support/pairing';
import { startStack, type Stack } from './support/stack';
import { setUpFile } from '../support/set-up-file';

// Fieldside inside the platform's own job card (issue 20), as people meet it, in real Chromium with the built
// extension loaded, against the emulator's web app hosting the companion's add-on:
// - an administrator activates the add-on from the web app's Add-ons page (Activate, the consent page, Allow);
// - a technician signed in to the web app opens a job window, chooses "Fieldside", sees the job's notes and adds
//   one, which the platform then holds as written by that technician; the same in the phone view (the mobile
//   apps' action);
// - "Use Fieldside in this browser" pairs the browser's Fieldside with the technician the platform signed, once
//   they confirm it on Fieldside's own page, replacing whoever the person had said they were.

let stack: Stack;
let browser: ExtensionBrowser;

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 40 }));
  browser = own(await launchChromium());
  // The administrator adds Fieldside from the add-on store: the companion keeps the account's tokens.
  await activateAddon(browser.context, stack);
});

const webAppAsTechnician = (device: 'desktop' | 'phone') =>
  webAppAsIn(browser.context, stack, stack.technician, device);
const openFieldside = (page: Page, row = 0) => openFieldsideOn(page, { row });

async function notesOnPlatform(jobUuid: string) {
  return (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).filter(
    (n) => n.related_object_uuid === jobUuid && n.active !== 0,
  );
}

async function addNote(panel: FrameLocator, text: string): Promise<void> {
  await panel.getByLabel('Add a note').fill(text);
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect.poll(() => panel.locator('#notes li').first().textContent(), { timeout: 15_000 }).toContain(text);
}

describe('the Fieldside action on a job card', () => {
  it("on the web: the job's notes, and a note added as the technician", async () => {
    const page = await webAppAsTechnician('desktop');
    const { jobUuid, panel } = await openFieldside(page);
    expect(await panel.locator('#fieldside-panel').getAttribute('data-job')).toBe(jobUuid);
    // The notes the platform holds for the job, newest first, as the technician may see them.
    const before = await notesOnPlatform(jobUuid);
    const shown = await panel.locator('#notes li').count();
    expect(shown).toBe(Math.min(before.length, shown));
    if (before.length === 0) expect(await panel.locator('#no-notes').isVisible()).toBe(true);

    // The panel asked the platform's window for its size (600 × 720, within the screen).
    await expect.poll(async () => (await page.locator('#windows .addon-window iframe').boundingBox())?.width).toBe(600);

    const text = `Replaced the isolation valve, tested at 3 bar (${Date.now()})`;
    await addNote(panel, text);
    expect(await panel.locator('#note-message').textContent()).toBe('Note added.');
    expect(await panel.locator('#notes li .meta').first().textContent()).toContain(stack.technician.name);
    const after = await notesOnPlatform(jobUuid);
    const added = after.filter((n) => n.note === text);
    expect(added).toHaveLength(1);
    // Written as the staff member the platform signed, not as the administrator who activated the add-on.
    expect(added[0]!.edit_by_staff_uuid).toBe(stack.technician.uuid);
    expect(await panel.locator('#note-text').inputValue()).toBe('');
    await page.close();
  });

  it('chosen again on the same job (the very same signed event), shows the job again, not a refusal', async () => {
    const page = await webAppAsTechnician('desktop');
    const { jobUuid, panel } = await openFieldside(page);
    const number = await panel.locator('h1').textContent();
    const fieldside = page
      .locator(`.x-window[data-job-uuid="${jobUuid}"]`)
      .getByRole('button', { name: 'Fieldside', exact: true });
    // Closed, as a person does, and chosen again: the platform signs the very same event a second time.
    await page.locator('#windows .addon-window .x-tool-close').click();
    await page.locator('#windows .addon-window').waitFor({ state: 'detached' });
    await fieldside.click();
    await panel.locator('#fieldside-panel').waitFor({ timeout: 20_000 });
    expect(await panel.locator('h1').textContent()).toBe(number);
    await panel.getByLabel('Add a note').waitFor();
    expect(await panel.locator('[role="alert"]').count()).toBe(0);
    await page.close();
  });

  it('asks for the note first when the box is empty; when the platform cannot take it, keeps the text and says so, and the retry writes it once', async () => {
    const page = await webAppAsTechnician('desktop');
    const { jobUuid, panel } = await openFieldside(page, 1);
    const before = (await notesOnPlatform(jobUuid)).length;
    await panel.getByRole('button', { name: 'Add note' }).click();
    expect(await panel.locator('#note-message').textContent()).toBe('Write the note first.');

    const text = `Customer away until Friday (${Date.now()})`;
    await stack.emulator.control.injectFault({
      kind: 'status',
      status: 503,
      pathPrefix: '/api_1.0/note.json',
      count: 1,
    });
    await panel.getByLabel('Add a note').pressSequentially(text);
    await panel.getByLabel('Add a note').press('Control+Enter');
    await expect
      .poll(() => panel.locator('#note-message').textContent(), { timeout: 15_000 })
      .toBe(
        'The platform could not be reached, so the note is not saved yet. Your text is still here: try again in a moment.',
      );
    expect(await panel.getByLabel('Add a note').inputValue()).toBe(text);
    expect(await notesOnPlatform(jobUuid)).toHaveLength(before);

    await panel.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => panel.locator('#note-message').textContent(), { timeout: 15_000 }).toBe('Note added.');
    expect((await notesOnPlatform(jobUuid)).filter((n) => n.note === text)).toHaveLength(1);
    await page.close();
  });

  it('in the phone view: the mobile action fills the screen, and a note is added the same way', async () => {
    const page = await webAppAsTechnician('phone');
    const { jobUuid, panel } = await openFieldside(page);
    expect(await panel.locator('#fieldside-panel').getAttribute('data-place')).toBe('phone');
    const frame = (await page.locator('#windows .addon-window iframe').boundingBox())!;
    expect(frame.width).toBeGreaterThan(340);
    expect(frame.width).toBeLessThanOrEqual(390);
    // No pairing on a phone: there is no extension to pair. Full-width buttons, big enough for a thumb.
    expect(await panel.locator('#fieldside-pair').count()).toBe(0);
    const button = (await panel.getByRole('button', { name: 'Add note' }).boundingBox())!;
    expect(button.height).toBeGreaterThanOrEqual(48);
    expect(button.width).toBeGreaterThan(frame.width - 48);

    const text = `Customer asked for a quote on a new cylinder (${Date.now()})`;
    await addNote(panel, text);
    const added = (await notesOnPlatform(jobUuid)).filter((n) => n.note === text);
    expect(added).toHaveLength(1);
    expect(added[0]!.edit_by_staff_uuid).toBe(stack.technician.uuid);
    await page.close();
  });

  it('"Use Fieldside in this browser" pairs Fieldside with the technician the platform signed, once they confirm it', async () => {
    // The technician's Fieldside is signed in, but they said they were someone else.
    const options = await browser.openOptions();
    await connect(options, stack);
    await signInThroughConsent(browser.context, options, stack.account.uuid, stack.technician.uuid);
    await chooseMe(options, stack.administrator);
    expect(await options.locator('#limit-notice').textContent()).toContain('because you chose that name');

    const page = await webAppAsTechnician('desktop');
    const { panel } = await openFieldside(page);
    const pairing = browser.context.waitForEvent('page', {
      predicate: (p) => p.url().startsWith(`${stack.companion.url}/pair`),
      timeout: 15_000,
    });
    const confirming = browser.context.waitForEvent('page', {
      predicate: (p) => p.url().endsWith('/pairing-confirm.html'),
      timeout: 30_000,
    });
    await panel.getByRole('link', { name: 'Use Fieldside in this browser' }).click();
    const [pairPage, confirm] = await Promise.all([pairing, confirming]);
    // The one-time code is gone from the address bar, and the page says where to answer.
    await pairPage.locator('#fieldside-pairing[data-state="confirming"]').waitFor({ timeout: 20_000 });
    expect(new URL(pairPage.url()).hash).toBe('');
    // Fieldside's own tab asks; the technician answers it.
    await confirm.getByRole('button', { name: `Yes, I am ${stack.technician.name}` }).click();
    await pairPage.locator('#fieldside-pairing[data-state="paired"]').waitFor({ timeout: 20_000 });
    expect(await pairPage.locator('#fieldside-pairing-result').textContent()).toContain(stack.technician.name);

    // The settings now say who the platform says this is, and why Fieldside shows only what they may see.
    await options.reload();
    await expect.poll(() => options.locator('#me-name').textContent(), { timeout: 15_000 }).toBe(stack.technician.name);
    expect(await options.locator('#limit-notice').textContent()).toContain('The platform told Fieldside who you are');

    await Promise.all([pairPage.close(), confirm.close(), page.close(), options.close()]);
  });
});
