import { describe, expect, it, vi } from 'vitest';
import { COMPANION_PATHS, type FeedChange, type FeedPage } from '../../../contracts/companion-http';
import type { AccountInfo, StaffInfo } from '../../../server/emulator/contracts';
import type { DevStack } from '../../../server/development/dev-stack';
import { activateAccount, personOf } from '../../support/companion/addon-platform';
import { signInBrowser, type TrustedBrowser } from '../../support/companion/trusted-browser';
import { platformRequestsWhenQuiet } from '../../support/companion/quiet';
import { startQuietStack } from '../../support/companion/quiet-stack';
import { setUpFile } from '../../support/set-up-file';

// A visit booked or moved reaches the browser of its staff member with the job (issue 18): a technician sees the
// jobs they have a visit on, and a job's edit_date does not move when it is given to someone, so before this their
// browser learned of it only at its next walk of everything they see. Against the real companion and emulator: the
// platform's signed add-on webhook for the visit, the companion's two reads (the visit, then the job as that staff
// member); the record goes to that staff member's browser alone (issue 29).

let stack: DevStack;
let account: AccountInfo;
let technician: StaffInfo;
let techBrowser: TrustedBrowser;
let officeBrowser: TrustedBrowser;

const requests = () => platformRequestsWhenQuiet(stack);

/** The office books `staff` an hour's visit on `job` on `day` (YYYY-MM-DD); the visit's uuid. */
const bookVisit = (job: string, staff: string, day: string) =>
  stack.emulator.control.createRecord(account.uuid, 'jobactivity', {
    job_uuid: job,
    staff_uuid: staff,
    start_date: `${day} 09:00:00`,
    end_date: `${day} 10:00:00`,
    activity_was_scheduled: '1',
  });

async function visitChange(browser: TrustedBrowser, visit: string): Promise<FeedChange | undefined> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${stack.companion.url}/feed?limit=1000`, { headers: browser.headers() });
    const found = ((await res.json()) as FeedPage).changes
      .filter((c) => c.object === 'jobactivity' && c.uuid === visit)
      .at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

setUpFile(async (own) => {
  stack = own(await startQuietStack({ emulator: { jobs: 50, quiet: true } }));
  account = stack.emulator.info.accounts[0]!;
  technician = personOf(account, 'technician');
  const office = personOf(account, 'office');
  expect((await activateAccount(stack, account)).status).toBe(200);
  const theirs = (await stack.emulator.control.visibleJobUuids(account.uuid, technician.uuid))[0]!;
  techBrowser = await signInBrowser(stack, { account: account.uuid, staff: technician.uuid });
  await techBrowser.pairAs(technician.uuid, theirs);
  officeBrowser = await signInBrowser(stack, { account: account.uuid, staff: office.uuid });
  await officeBrowser.pairAs(office.uuid, theirs);
  // Both browsers are online, as the extension's are: they registered for the account's feed.
  for (const browser of [techBrowser, officeBrowser]) {
    const res = await fetch(`${stack.companion.url}${COMPANION_PATHS.feedRegister}`, {
      method: 'POST',
      headers: browser.headers(),
    });
    expect(res.status).toBe(200);
  }
});

describe('a visit booked or moved', () => {
  it("carries its job, and the job's record to its staff member alone: two reads for the whole account", async () => {
    const visible = new Set(await stack.emulator.control.visibleJobUuids(account.uuid, technician.uuid));
    const job = String(
      (await stack.emulator.control.listRecords(account.uuid, 'job')).find(
        (j) => !visible.has(String(j.uuid)) && Number(j.active) === 1,
      )!.uuid,
    );
    const before = await requests();
    const visit = await bookVisit(job, technician.uuid, '2026-11-25');
    const theirs = (await visitChange(techBrowser, visit))!;
    expect(theirs).toMatchObject({ job_uuid: job, yours: 'record', your_visit: true });
    expect(theirs.record?.uuid).toBe(job);
    const office = (await visitChange(officeBrowser, visit))!;
    expect(office).toMatchObject({ job_uuid: job, yours: 'none' });
    expect(office).not.toHaveProperty('record');
    expect(office).not.toHaveProperty('your_visit');
    expect((await requests()) - before).toBe(2);

    // Moved: the companion knows from that read that the technician sees the job, so it reads the visit alone. Their
    // browser holds the job already, and a visit changes none of its fields: the change carries no record.
    const movedBefore = await requests();
    await stack.emulator.control.updateRecord(account.uuid, 'jobactivity', visit, {
      start_date: '2026-11-25 11:00:00',
    });
    const moved = async () => {
      const res = await fetch(`${stack.companion.url}/feed?limit=1000`, { headers: techBrowser.headers() });
      return ((await res.json()) as FeedPage).changes.filter((c) => c.object === 'jobactivity' && c.uuid === visit);
    };
    // The companion collects the changes that come together for a moment before it reads them (held-changes.ts).
    await vi.waitFor(async () => expect(await moved()).toHaveLength(2), { timeout: 5_000, interval: 50 });
    // Still theirs: their day changed, though the job did not.
    expect((await moved())[1]).toMatchObject({ job_uuid: job, your_visit: true });
    expect((await moved())[1]).not.toHaveProperty('record');
    expect((await requests()) - movedBefore).toBe(1);
  });

  it('a visit of someone no browser the platform vouched for speaks for costs the visit alone: nobody could take the record', async () => {
    // A technician whose browser only said who it is (self-declared: the companion never gives it a record).
    const declared = account.staff.filter((s) => s.active && s.role === 'technician' && s.uuid !== technician.uuid)[0]!;
    const declaredBrowser = await signInBrowser(stack, { account: account.uuid, staff: declared.uuid });
    const job = (await stack.emulator.control.visibleJobUuids(account.uuid, technician.uuid))[1]!;
    const before = await requests();
    const visit = await bookVisit(job, declared.uuid, '2026-11-26');
    const change = (await visitChange(declaredBrowser, visit))!;
    expect(change).toMatchObject({ job_uuid: job });
    expect(change).not.toHaveProperty('record');
    // Whose visit it is goes only to a browser the platform vouched for.
    expect(change).not.toHaveProperty('your_visit');
    expect((await requests()) - before).toBe(1);
  });

  it('time recorded on site does not tell its staff member it is a visit of theirs: their own device wrote it', async () => {
    const job = (await stack.emulator.control.visibleJobUuids(account.uuid, technician.uuid))[0]!;
    const recorded = await stack.emulator.control.createRecord(account.uuid, 'jobactivity', {
      job_uuid: job,
      staff_uuid: technician.uuid,
      start_date: '2026-11-27 09:05:00',
      end_date: '2026-11-27 09:50:00',
      activity_was_scheduled: '0',
      activity_was_recorded: '1',
    });
    const change = (await visitChange(techBrowser, recorded))!;
    expect(change).toMatchObject({ job_uuid: job });
    expect(change).not.toHaveProperty('your_visit');
  });

  it('a visit cancelled names its job and nobody, with no record', async () => {
    const visit = String(
      (await stack.emulator.control.listRecords(account.uuid, 'jobactivity')).find(
        (a) => a.staff_uuid === technician.uuid && Number(a.active) === 1,
      )!.uuid,
    );
    const before = await requests();
    await stack.emulator.control.updateRecord(account.uuid, 'jobactivity', visit, { active: 0 });
    const change = (await visitChange(techBrowser, visit))!;
    expect(change.job_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(change).not.toHaveProperty('record');
    expect(change.yours).toBe('none');
    // Nobody's any more: the browsers that show it learn from the visit's own uuid (the side panel's day).
    expect(change).not.toHaveProperty('your_visit');
    expect((await requests()) - before).toBe(1);
  });
});
