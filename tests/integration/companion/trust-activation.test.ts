import { describe, expect, it } from 'vitest';
import type { DevStack } from '../../../server/development/dev-stack';
import type { AccountInfo, StaffInfo } from '../../../server/emulator/contracts';
import { activateAccount, jobsAsSeenBy, personOf, webPanel } from '../../support/companion/addon-platform';
import { startQuietStack } from '../../support/companion/quiet-stack';
import { setUpFile } from '../../support/set-up-file';

// Issue 29, finding 5: anyone in the account could replace the grant the companion keeps by completing the Activation
// URL, and when that grant ended every job-card panel of the account said "turned off". An account now keeps its
// first grant, and only an administrator the platform's signed event named ("Activate again", a ticket from their
// panel) may replace it; anyone else is told who can. Played under tokenView `grantor` and impersonation `narrows`,
// where whose grant is kept shows in what the panel may read. Against the real companion and emulator.

let stack: DevStack;
let account: AccountInfo;
let admin: StaffInfo;
let office: StaffInfo;
let technician: StaffInfo;
let hidden: string;

const panel = (staff: StaffInfo, job: string) => webPanel(stack, account, staff, job);
const activateLink = (html: string) =>
  /<a id="fieldside-activate" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');

setUpFile(async (own) => {
  stack = own(
    await startQuietStack({ emulator: { jobs: 60, quiet: true, tokenView: 'grantor', impersonation: 'narrows' } }),
  );
  account = stack.emulator.info.accounts[0]!;
  admin = personOf(account, 'administrator');
  office = personOf(account, 'office');
  technician = personOf(account, 'technician');
  hidden = (await jobsAsSeenBy(stack, account, technician)).hidden;
  expect((await activateAccount(stack, account)).status).toBe(200);
});

describe('an account that activated Fieldside', () => {
  it('keeps its grant when a technician completes the Activation URL, and tells them who can activate', async () => {
    const attempt = await activateAccount(stack, account, { as: technician });
    expect(attempt.status).toBe(403);
    expect(attempt.page).toContain('Fieldside is already activated');
    expect(attempt.page).toContain(admin.name);
    // The administrator's grant is still the one kept: the office's panel reads a job the technician may not see.
    expect(await panel(office, hidden)).not.toContain('This job is not yours to see');
  });

  it('offers "Activate again" to an administrator only, and the ticket replaces the grant once', async () => {
    expect(activateLink(await panel(technician, hidden))).toBeUndefined();
    expect(activateLink(await panel(office, hidden))).toBeUndefined();
    const link = activateLink(await panel(admin, hidden))!;
    expect(link).toMatch(/\/activate\?ticket=/);
    const again = await activateAccount(stack, account, { from: link });
    expect(again.status).toBe(200);
    // Once only.
    const twice = await activateAccount(stack, account, { from: link });
    expect(twice.status).toBe(400);
    expect(await panel(office, hidden)).not.toContain('This job is not yours to see');
  });

  it("a ticket used by someone else's consent keeps nothing unless the platform says its staff member is an administrator", async () => {
    const link = activateLink(await panel(admin, hidden))!;
    const forged = link.replace(/ticket=([^&]+)/, (_m, t: string) => `ticket=${t.slice(0, -2)}AA`);
    expect((await activateAccount(stack, account, { from: forged })).status).toBe(400);
    // The technician completing the administrator's own (unspent) link: the ticket names the administrator, whom the
    // platform calls one, so the new grant is kept; under `grantor` it reads only the technician's jobs, narrower,
    // never wider (README). An administrator's next "Activate again" replaces it.
    expect((await activateAccount(stack, account, { from: link, as: technician })).status).toBe(200);
    expect(await panel(office, hidden)).toContain('This job is not yours to see');
    const repaired = await activateAccount(stack, account, { from: activateLink(await panel(admin, await theirs()))! });
    expect(repaired.status).toBe(200);
    expect(await panel(office, hidden)).not.toContain('This job is not yours to see');
  });
});

async function theirs(): Promise<string> {
  return (await stack.emulator.control.visibleJobUuids(account.uuid, technician.uuid))[0]!;
}
