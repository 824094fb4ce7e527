// The outbox in Firefox ESR with the built extension: a note the technician types into the sidebar
// while the platform cannot be reached is kept and shown as waiting, and once the platform answers
// again it reaches the platform exactly once, as the technician's, without anyone pressing anything.
// The emulator repeats nothing for us: with uuid reuse set to "duplicate", a create sent twice would
// make two notes, so exactly one note proves exactly one send.
import { expect, it } from 'vitest';
import { openJobInFirefoxSidebar, technicianSignedInToFirefox } from './support/firefox-technician';
import { todaysActivities } from './support/sidepanel-page';

const technician = technicianSignedInToFirefox();

it('sends a note written while the platform is unreachable exactly once when it comes back', async () => {
  const { stack } = technician;
  const { control } = stack.emulator;
  await control.setUuidReuse('duplicate');
  const { activities } = await todaysActivities(stack, stack.technician.uuid);
  const jobUuid = String(activities[0]!.job_uuid);
  const text = `Written with no signal in Firefox ${Date.now()}`;
  const onPlatform = async () => (await control.listRecords(stack.account.uuid, 'note')).filter((n) => n.note === text);

  const panel = await openJobInFirefoxSidebar(technician, jobUuid, '#note-text');

  // No signal for notes: every attempt to send one fails.
  await control.injectFault({ kind: 'status', status: 503, rate: 1, pathPrefix: '/api_1.0/note' });
  try {
    await panel.click('#note-text');
    await panel.keyboard.type(text);
    await panel.click('.add-note button[type="submit"]');
    // Kept, and shown as waiting; the box is free for the next note.
    const waiting = await panel.waitForSelector('li.note[data-state="pending"]', { timeout: 10_000 });
    expect(await waiting!.evaluate((li) => li.textContent)).toContain(text);
    expect(await panel.$eval('#note-text', (box) => (box as HTMLTextAreaElement).value)).toBe('');
    // A few attempts fail meanwhile, and nothing reaches the platform.
    await expect.poll(async () => (await control.stats()).faultsInjected, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await onPlatform()).toEqual([]);
  } finally {
    await control.clearFaults();
  }

  // Signal again: the outbox's next attempt sends it, by itself.
  await expect.poll(async () => (await onPlatform()).length, { timeout: 60_000, interval: 250 }).toBe(1);
  expect((await onPlatform())[0]).toMatchObject({
    related_object: 'job',
    related_object_uuid: jobUuid,
    edit_by_staff_uuid: stack.technician.uuid,
  });
  // The sidebar shows it sent, and nothing late arrives twice.
  await panel.waitForFunction(
    (t: string) =>
      [...document.querySelectorAll('li.note[data-state="sent"]')].some((li) => li.textContent?.includes(t)),
    { timeout: 20_000 },
    text,
  );
  await new Promise((r) => setTimeout(r, 3_000));
  expect(await onPlatform()).toHaveLength(1);
  expect(await panel.$$eval('li.note[data-state="pending"]', (els) => els.length)).toBe(0);
});
