import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readStorageLocal } from './support/background';
import { launchChromium, type ExtensionBrowser } from './support/chromium';
import { COMPANION_PATHS } from '../../contracts/companion-http';
import { signInBrowser, type TrustedBrowser } from '../support/companion/trusted-browser';
import { chooseMe, connect } from './support/options-page';
import { signInAsSomeoneElse, signInPaired } from './support/pairing';
import { startStack, type Stack } from './support/stack';
import { extensionDir } from './support/extension-dir';
import { startReceiver, subscribeFieldside, type TestReceiver } from './support/webhook-receiver';
import { setUpFile } from '../support/set-up-file';

// The options page's "Webhooks" view in real Chromium, an administrator's the platform vouched for (paired from a
// job card, the account having activated Fieldside): no subscription of the companion's (an activated account's
// changes come signed; those made before activation are removed), a subscription of the same app whose callback
// fails for 72 hours of emulator time (deactivated, with its reason and time), re-activation, deletion, a change of
// the webhook address, and what a technician sees instead (an administrator's job).

let stack: Stack;
let browser: ExtensionBrowser;
let options: Page;
let receiver: TestReceiver;
/** Another browser of the administrator's, played over HTTP: it reads the companion's feed. */
let reader: TrustedBrowser;

const fieldsides = () => stack.emulator.webhooks.subscriptions().filter((s) => s.unique_id.startsWith('fieldside-'));

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 300 }));
  receiver = own(await startReceiver(500));
  browser = own(await launchChromium(extensionDir()));
  // Before Fieldside was activated, an administrator's grant had made its subscriptions (as earlier versions did).
  await subscribeFieldside(stack, receiver.url);
  options = await browser.openOptions();
  await connect(options, stack);
  await signInPaired(browser.context, options, stack, stack.administrator);
  reader = await signInBrowser(stack, { account: stack.account.uuid, staff: stack.administrator.uuid });
});

const row = (uniqueId: string) => options.locator(`#webhooks-table tr[data-unique-id="${uniqueId}"]`);

async function show(filter: 'Active' | 'Inactive' | 'All'): Promise<void> {
  await options.getByRole('radio', { name: filter, exact: true }).check();
  await options.locator(`#webhooks[data-listed="${filter.toLowerCase()}"][aria-busy="false"]`).waitFor();
}

it('keeps no subscription of the companion’s for an account that activated Fieldside: those made before are gone', async () => {
  await options.getByRole('heading', { name: 'Webhooks' }).waitFor();
  // Its changes come signed through the add-on: the companion removed what it had, with the account's grant.
  await expect.poll(() => fieldsides().length, { timeout: 15_000 }).toBe(0);
  await show('All');
  await options.getByRole('button', { name: 'Refresh' }).click();
  await options.locator('#webhooks[aria-busy="false"]').waitFor();
  expect(await options.locator('#webhooks-table tbody tr').count()).toBe(0);
  // The page never shows a callback URL: it would carry the account's secret token.
  expect(await options.locator('#webhooks').evaluate((el) => el.outerHTML)).not.toContain(stack.companion.url);
});

// Before the emulator's clock moves on by days below (the grants' tokens would then be stale at the platform).
it('changes the webhook address (for a paired administrator), and changes still arrive, signed', async () => {
  await options.getByRole('button', { name: 'Change the webhook address' }).click();
  await options
    .locator('#webhooks-status')
    .filter({ hasText: 'The platform now sends changes to a new address; the old address no longer works.' })
    .waitFor();
  // An activated account had none of the companion's subscriptions to move.
  expect(fieldsides()).toEqual([]);
  // The platform's next change still arrives, through the add-on's signed webhooks.
  const feed = async (after?: string) =>
    (await (
      await fetch(`${stack.companion.url}${COMPANION_PATHS.feedRead}${after ? `?after=${after}` : ''}`, {
        headers: reader.headers(),
      })
    ).json()) as { position: string; changes: { uuid: string }[] };
  const { position } = await feed();
  const job = (
    (await stack.emulator.control.listRecords(stack.account.uuid, 'job')) as Array<{ uuid: string; status: string }>
  ).find((j) => j.status === 'Quote')!;
  await stack.emulator.control.updateRecord(stack.account.uuid, 'job', job.uuid, { status: 'Work Order' });
  await expect
    .poll(async () => (await feed(position)).changes.map((c) => c.uuid), { timeout: 10_000 })
    .toContain(job.uuid);
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
  expect(await options.locator('#webhooks-table tbody tr').count()).toBe(1);
});

it('deletes a subscription, by keyboard', async () => {
  await show('All');
  await options.getByRole('button', { name: 'Delete job subscription e2e-failing' }).focus();
  await options.keyboard.press('Enter');
  await options.locator('#webhooks-status').filter({ hasText: 'Deleted the job subscription e2e-failing.' }).waitFor();
  expect(await row('e2e-failing').count()).toBe(0);
  expect(stack.emulator.webhooks.subscriptions().some((s) => s.unique_id === 'e2e-failing')).toBe(false);
  expect(await options.locator('#webhooks-table tbody tr').count()).toBe(0);
});

it("as a technician: the page is about them (no webhooks, no connection), and the background refuses the account's settings", async () => {
  const before = stack.emulator.webhooks.subscriptions();
  await options.getByRole('button', { name: 'Sign out' }).click();
  await options.locator('#session-state[data-state="signed_out"]').waitFor();
  // The administrator also leaves the platform's web app, so the platform asks who signs in next.
  await signInAsSomeoneElse(browser.context, options, stack, stack.technician.uuid);
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
  expect(stack.emulator.webhooks.subscriptions()).toEqual(before);
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
