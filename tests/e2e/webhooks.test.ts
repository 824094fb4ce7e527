import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readStorageLocal } from './support/background';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { chooseMe, connect, signInThroughConsent } from './support/options-page';
import { startStack, type Stack } from './support/stack';
import { extensionDir } from './support/extension-dir';
import { startReceiver, type TestReceiver } from './support/webhook-receiver';

// The options page's "Webhooks" view in real Chromium: Fieldside's own subscriptions (made by the
// companion once an administrator says who they are), a subscription of the same app whose callback
// fails for 72 hours of emulator time (deactivated, with its reason and time), re-activation, deletion,
// a change of the webhook address, and what a technician sees instead (an administrator's job).

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;
let receiver: TestReceiver;

beforeAll(async () => {
  stack = await startStack({ jobs: 300 });
  receiver = await startReceiver(500);
  browser = await launchChromium(extensionDir());
  options = await browser.openOptions();
  await connect(options, stack);
  await signInThroughConsent(browser.context, options, stack.account.uuid, stack.administrator.uuid);
  await chooseMe(options, stack.administrator);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await receiver?.close();
});

const row = (uniqueId: string) => options.locator(`#webhooks-table tr[data-unique-id="${uniqueId}"]`);

async function show(filter: 'Active' | 'Inactive' | 'All'): Promise<void> {
  await options.getByRole('radio', { name: filter, exact: true }).check();
  await options.locator(`#webhooks[data-listed="${filter.toLowerCase()}"][aria-busy="false"]`).waitFor();
}

it('lists the subscriptions the companion made for Fieldside at sign-in: jobs, notes, visits and the new-note event', async () => {
  await options.getByRole('heading', { name: 'Webhooks' }).waitFor();
  // The companion makes them once the administrator has said who they are; sign-in granted read_job_notes,
  // which the platform needs before it takes a note subscription.
  await expect
    .poll(
      () =>
        stack.emulator.webhooks
          .subscriptions()
          .map((s) => s.unique_id)
          .sort(),
      { timeout: 15_000 },
    )
    .toEqual(['fieldside-job', 'fieldside-jobactivity', 'fieldside-note', 'fieldside-note-added']);
  await options.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => row('fieldside-job').count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => row('fieldside-note').count()).toBe(1);
  await expect.poll(() => row('fieldside-note-added').count()).toBe(1);
  await expect.poll(() => row('fieldside-jobactivity').count()).toBe(1);
  expect(await row('fieldside-note-added').locator('[data-field="object"]').textContent()).toBe(
    'Event: job.note_added',
  );
  expect(await row('fieldside-job').locator('[data-field="object"]').textContent()).toBe('job');
  expect(await row('fieldside-job').locator('[data-field="fields"]').textContent()).toContain('status');
  expect(await row('fieldside-job').locator('[data-field="last_failure"]').textContent()).toBe('None');
  // The page never shows a callback URL: it carries the account's secret token.
  const callbacks = stack.emulator.webhooks.subscriptions().map((s) => s.callback_url);
  expect(callbacks.length).toBe(4);
  const shown = await options.locator('#webhooks').evaluate((el) => el.outerHTML);
  for (const url of callbacks) expect(shown).not.toContain(new URL(url).pathname);
  expect(shown).not.toContain(stack.companion.url);
});

it('draws the "Show" choices as one row of segments, each radio with its label', async () => {
  const boxes = await options.locator('#webhooks fieldset input[type="radio"]').evaluateAll((radios) =>
    radios.map((radio) => {
      const label = radio.closest('label')!.getBoundingClientRect();
      const own = radio.getBoundingClientRect();
      return {
        label: { top: label.top, height: label.height, width: label.width },
        inside:
          own.left >= label.left && own.right <= label.right && own.top >= label.top && own.bottom <= label.bottom,
      };
    }),
  );
  expect(boxes).toHaveLength(3);
  for (const box of boxes) {
    expect(box.inside).toBe(true); // the radio is on its label, never on a line of its own
    expect(box.label.height).toBeLessThan(40); // one line
    expect(box.label.width).toBeLessThan(160);
    expect(box.label.top).toBe(boxes[0]!.label.top); // one row
  }
});

it('shows a subscription deactivated by 72 hours of failures with its reason and time; re-activating clears them', async () => {
  // The same app (the tokens the emulator issues are Fieldside's), a callback that answers 500.
  const { access_token } = await stack.emulator.control.issueTokens(stack.account.uuid, stack.administrator.uuid, [
    'vendor',
    'read_jobs',
  ]);
  const added = await fetch(`${stack.emulator.info.base_url}/webhook_subscriptions/object`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      object: 'job',
      fields: 'status',
      callback_url: receiver.url,
      unique_id: 'e2e-failing',
    }),
  });
  expect(added.status).toBe(200);

  const job = (
    (await stack.emulator.control.listRecords(stack.account.uuid, 'job')) as Array<{ uuid: string; status: string }>
  ).find((j) => j.status !== 'Completed')!;
  await stack.emulator.control.updateRecord(stack.account.uuid, 'job', job.uuid, { status: 'Completed' });
  await expect.poll(() => receiver.notifications.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await stack.emulator.control.advanceClock(72 * 3600 + 120);
  const stored = () => stack.emulator.webhooks.subscriptions().find((s) => s.unique_id === 'e2e-failing');
  await expect.poll(() => stored()?.active, { timeout: 10_000 }).toBe(false);
  const failedAt = stored()!.last_failure_at!;

  await show('Inactive');
  await expect.poll(() => row('e2e-failing').count()).toBe(1);
  expect(await row('fieldside-job').count()).toBe(0); // still active: not under "inactive"
  const failing = row('e2e-failing');
  expect(await failing.getAttribute('data-active')).toBe('false');
  expect(await failing.locator('[data-field="active"]').textContent()).toBe('Inactive');
  expect(await failing.locator('[data-field="last_failure_reason"]').textContent()).toBe('HTTP 500');
  expect(await failing.locator('[data-field="last_failure_at"]').textContent()).toBe(`${failedAt} UTC`);

  receiver.status = 200;
  await options.getByRole('button', { name: 'Re-activate job subscription e2e-failing' }).click();
  await options
    .locator('#webhooks-status')
    .filter({ hasText: 'Re-activated the job subscription e2e-failing.' })
    .waitFor();
  expect(await row('e2e-failing').count()).toBe(0); // no longer inactive
  expect(stored()).toMatchObject({ active: true, last_failure_reason: null, last_failure_at: null });

  await show('All');
  expect(await row('e2e-failing').getAttribute('data-active')).toBe('true');
  expect(await row('e2e-failing').locator('[data-field="last_failure"]').textContent()).toBe('None');
  expect(await options.locator('#webhooks-table tbody tr').count()).toBe(5);
});

it('deletes a subscription, by keyboard', async () => {
  await show('All');
  await options.getByRole('button', { name: 'Delete job subscription e2e-failing' }).focus();
  await options.keyboard.press('Enter');
  await options.locator('#webhooks-status').filter({ hasText: 'Deleted the job subscription e2e-failing.' }).waitFor();
  expect(await row('e2e-failing').count()).toBe(0);
  expect(stack.emulator.webhooks.subscriptions().some((s) => s.unique_id === 'e2e-failing')).toBe(false);
  expect(await options.locator('#webhooks-table tbody tr').count()).toBe(4);
});

it('changes the webhook address: the subscriptions move to a new callback URL, the old one is refused, changes still arrive', async () => {
  const ours = () => stack.emulator.webhooks.subscriptions().filter((s) => s.unique_id.startsWith('fieldside-'));
  const old = ours()[0]!.callback_url;
  expect(ours().every((s) => s.callback_url === old)).toBe(true);
  await options.getByRole('button', { name: 'Change the webhook address' }).click();
  await options
    .locator('#webhooks-status')
    .filter({ hasText: 'The platform now sends changes to a new address; the old address no longer works.' })
    .waitFor();
  const fresh = ours()[0]!.callback_url;
  expect(fresh).not.toBe(old);
  expect(ours().map((s) => [s.unique_id, s.callback_url === fresh, s.active])).toEqual([
    ['fieldside-job', true, true],
    ['fieldside-note', true, true],
    ['fieldside-jobactivity', true, true],
    ['fieldside-note-added', true, true],
  ]);
  // Whoever kept the old URL can no longer post through it.
  const forged = await fetch(old, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'mode=subscribe&challenge=x',
  });
  expect(forged.status).toBe(404);
  // The platform's next notification arrives through the new one.
  const { access_token } = await stack.emulator.control.issueTokens(stack.account.uuid, stack.administrator.uuid, [
    'vendor',
  ]);
  const feed = async () =>
    (await (
      await fetch(`${stack.companion.url}/feed`, { headers: { authorization: `Bearer ${access_token}` } })
    ).json()) as { position: string; changes: { uuid: string }[] };
  const { position } = await feed();
  const job = (
    (await stack.emulator.control.listRecords(stack.account.uuid, 'job')) as Array<{ uuid: string; status: string }>
  ).find((j) => j.status === 'Quote')!;
  await stack.emulator.control.updateRecord(stack.account.uuid, 'job', job.uuid, { status: 'Work Order' });
  await stack.emulator.webhooks.whenIdle();
  const after = (await (
    await fetch(`${stack.companion.url}/feed?after=${position}`, {
      headers: { authorization: `Bearer ${access_token}` },
    })
  ).json()) as { changes: { uuid: string }[] };
  expect(after.changes.map((c) => c.uuid)).toContain(job.uuid);
});

it("as a technician: the page is about them (no webhooks, no connection), and the background refuses the account's settings", async () => {
  await options.getByRole('button', { name: 'Sign out' }).click();
  await options.locator('#session-state[data-state="signed_out"]').waitFor();
  // The administrator also leaves the platform's web app, so the platform asks who signs in next.
  const web = await browser.context.newPage();
  await web.goto(stack.emulator.info.web_url);
  await web.locator('#sign-out').click();
  await web.waitForURL(/\/login/);
  await web.close();
  await signInThroughConsent(browser.context, options, stack.account.uuid, stack.technician.uuid);
  await chooseMe(options, stack.technician);
  await options.locator('#account-wide-note').waitFor();
  expect(await options.locator('#account-wide-note').textContent()).toContain(
    'administrator looks after the settings that are the whole account’s',
  );
  expect(await options.locator('#webhooks').count()).toBe(0);
  expect(await options.getByRole('button', { name: 'Change the webhook address' }).count()).toBe(0);
  expect(await options.getByText('Advanced: where Fieldside connects').count()).toBe(0);
  await options.locator('#access-heading').waitFor();
  // (The background refuses a page that asks anyway: security.test.ts.)
  expect(stack.emulator.webhooks.subscriptions().filter((s) => s.unique_id.startsWith('fieldside-'))).toHaveLength(4);
});

it('API-key mode: says there is no live feed, lists the private app’s own subscriptions, and the feed stays off', async () => {
  // The private app (API key) has its own subscriptions, apart from Fieldside's OAuth ones.
  const added = await fetch(`${stack.emulator.info.base_url}/webhook_subscriptions/object`, {
    method: 'POST',
    headers: { 'x-api-key': stack.account.api_key, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      object: 'note',
      fields: 'note',
      callback_url: receiver.url,
      unique_id: 'private-notes',
    }),
  });
  expect(added.status).toBe(200);
  // An event subscription too: the platform lists both kinds together.
  const event = await fetch(`${stack.emulator.info.base_url}/webhook_subscriptions/event`, {
    method: 'POST',
    headers: { 'x-api-key': stack.account.api_key, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      event: 'job.note_added',
      callback_url: receiver.url,
      unique_id: 'private-note-events',
    }),
  });
  expect(await event.json()).toEqual({ success: true });
  await options.getByRole('button', { name: 'Sign out' }).click();
  await options.locator('#session-state[data-state="signed_out"]').waitFor();
  await options.getByLabel('API key', { exact: true }).fill(stack.account.api_key);
  await options.getByRole('button', { name: 'Use API key' }).click();
  await options.locator('#session-state[data-state="signed_in"]').waitFor();

  expect(await options.locator('#webhooks-api-key-notice').textContent()).toContain('no live updates');
  await show('All');
  await expect.poll(() => options.locator('#webhooks-table tbody tr').count()).toBe(2);
  expect(await row('private-notes').locator('[data-field="object"]').textContent()).toBe('note');
  expect(await row('private-note-events').locator('[data-field="object"]').textContent()).toBe('Event: job.note_added');
  expect(await row('private-note-events').locator('[data-field="fields"]').textContent()).toBe('—');
  await options.getByRole('button', { name: 'Delete job.note_added subscription private-note-events' }).click();
  await options
    .locator('#webhooks-status')
    .filter({ hasText: 'Deleted the job.note_added subscription private-note-events.' })
    .waitFor();
  expect(stack.emulator.webhooks.subscriptions().some((s) => s.unique_id === 'private-note-events')).toBe(false);
  // No feed position is kept for an API-key session (sign-out cleared the OAuth one).
  expect((await readStorageLocal(options)).feedPosition ?? null).toBeNull();
});
