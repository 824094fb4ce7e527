import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADDON_EVENTS } from '../../server/companion/addon/events';
import { startDevStack, type DevStack } from '../../server/development/dev-stack';
import { activateAccount, platformEvent, postEvent, uniqueIssueTimes } from '../support/companion/addon-platform';
import { buildAddonScene, type AddonScene } from '../support/companion/addon-scene';
import { openAddonWindow, startAddonWindowHost, type AddonWindowHost } from './support/addon-window';

// The add-on's panel in real Chromium, framed as the platform frames it (a sandboxed srcdoc window with the
// client SDK), used as a technician would: read the job, type a note, press "Add note", see it at the top; when
// the platform cannot take it, the words say so and the typed text is still there. Every follow-up is signed as
// the platform signs it and posted to the real companion, which writes to the real emulator.

let host: AddonWindowHost;
let stack: DevStack;
let scene: AddonScene;
let browser: Browser;
let page: Page;
const nextIat = uniqueIssueTimes();

beforeAll(async () => {
  host = await startAddonWindowHost();
  stack = await startDevStack({ emulator: { jobs: 40, quiet: true }, env: { ADDON_SDK_URL: host.sdkUrl } });
  expect((await activateAccount(stack, stack.emulator.info.accounts[0]!)).status).toBe(200);
  scene = await buildAddonScene(stack.emulator.info, stack.emulator.control);
  await stack.emulator.control.setRateLimit(10_000, 100_000);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
  });
});
afterEach(async () => {
  await page?.close();
  await stack.emulator.control.clearFaults();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await host?.stop();
});

async function signedPost(eventName: string, eventArgs: Record<string, unknown>): Promise<string> {
  const token = await platformEvent(stack.emulator.info.app.client_secret, { iat: nextIat(), account: scene.account, staff: scene.technician.uuid, eventName, eventArgs });
  return (await postEvent(stack.companion.url, token)).text;
}

async function open(place: 'web' | 'phone', viewport = { width: 900, height: 800 }) {
  page = await browser.newPage({ viewport });
  await openAddonWindow(page, host, place, {
    open: (p) => signedPost(p === 'phone' ? ADDON_EVENTS.phone : ADDON_EVENTS.web, { jobUUID: scene.job.uuid }),
    invoke: (name, args) => signedPost(name, args as Record<string, unknown>),
  });
  const panel = page.frameLocator('#addon');
  await panel.getByRole('heading', { level: 1 }).waitFor();
  return panel;
}

const notesOnPlatform = async (text: string) => (await stack.emulator.control.listRecords(scene.account, 'note')).filter((n) => n.note === text);

describe('the panel in the platform\'s window', () => {
  it('on the web: shows the job, sizes the window, and adds a typed note at the top as the technician', async () => {
    const panel = await open('web');
    expect(await panel.getByRole('heading', { level: 1 }).textContent()).toBe(`Job #${scene.job.number}`);
    await expect.poll(() => page.locator('body').getAttribute('data-resized'), { timeout: 10_000 }).toBe('600x720');
    expect(await panel.locator('#notes li .text').first().textContent()).toBe(scene.notes[0]!.text);

    await panel.getByLabel('Add a note').pressSequentially('Fitted the new tap washer; no drips.');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => panel.locator('#note-message').textContent(), { timeout: 10_000 }).toBe('Note added.');
    expect(await panel.locator('#notes li .text').first().textContent()).toBe('Fitted the new tap washer; no drips.');
    expect(await panel.locator('#notes li .meta').first().textContent()).toContain(scene.technician.name);
    expect(await panel.getByLabel('Add a note').inputValue()).toBe('');
    const stored = await notesOnPlatform('Fitted the new tap washer; no drips.');
    expect(stored.map((n) => n.edit_by_staff_uuid)).toEqual([scene.technician.uuid]);
  });

  it('keeps the typed text and says so in words when the platform cannot take the note; the retry writes it once', async () => {
    const panel = await open('web');
    await stack.emulator.control.injectFault({ kind: 'status', status: 503, pathPrefix: '/api_1.0/note.json', count: 1 });
    await panel.getByLabel('Add a note').pressSequentially('Customer away until Friday.');
    await panel.getByLabel('Add a note').press('Control+Enter');
    await expect.poll(() => panel.locator('#note-message').textContent(), { timeout: 10_000 }).toBe('The platform could not be reached, so the note is not saved yet. Your text is still here: try again in a moment.');
    expect(await panel.getByLabel('Add a note').inputValue()).toBe('Customer away until Friday.');
    expect(await notesOnPlatform('Customer away until Friday.')).toHaveLength(0);

    await panel.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => panel.locator('#note-message').textContent(), { timeout: 10_000 }).toBe('Note added.');
    expect(await notesOnPlatform('Customer away until Friday.')).toHaveLength(1);
  });

  it('asks for the note first when the box is empty, and sends nothing', async () => {
    const panel = await open('web');
    const before = (await stack.emulator.control.listRecords(scene.account, 'note')).length;
    await panel.getByRole('button', { name: 'Add note' }).click();
    expect(await panel.locator('#note-message').textContent()).toBe('Write the note first.');
    expect((await stack.emulator.control.listRecords(scene.account, 'note')).length).toBe(before);
  });

  it('on a phone: full-width touch targets, no window sizing, no pairing link', async () => {
    const panel = await open('phone', { width: 390, height: 800 });
    const button = panel.getByRole('button', { name: 'Add note' });
    const box = await button.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(48);
    expect(box!.width).toBeGreaterThan(390 - 40);
    expect(await page.locator('body').getAttribute('data-resized')).toBeNull();
    expect(await panel.locator('#fieldside-pair').count()).toBe(0);
  });
});
