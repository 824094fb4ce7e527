import { describe, expect, it } from 'vitest';
import type { DevStack } from '../../../server/development/dev-stack';
import type { AccountInfo, StaffInfo } from '../../../server/emulator/contracts';
import { activateAccount, personOf } from '../../support/companion/addon-platform';
import { signInBrowser, type TrustedBrowser } from '../../support/companion/trusted-browser';
import { startQuietStack } from '../../support/companion/quiet-stack';
import { setUpFile } from '../../support/set-up-file';

// Issue 29, finding 2: a technician cannot become the administrator at the companion. The old "who are you" header
// (X-Fieldside-Staff) naming the administrator gave a technician's token the rotation of the account's callback URL
// and the management of its subscriptions. Administrator powers now need a pass naming a staff member the platform
// vouched for (pairing) whose platform role is an administrator one. Against the real companion and emulator.

let stack: DevStack;
let account: AccountInfo;
let admin: StaffInfo;
let technician: StaffInfo;
let job: string;

const post = (path: string, headers: Record<string, string>) =>
  fetch(`${stack.companion.url}${path}`, { method: 'POST', headers });
/** The account's subscriptions as the platform lists them (the administrator's own token). */
async function subscriptions(): Promise<unknown> {
  const { access_token } = await stack.emulator.control.issueTokens(account.uuid, admin.uuid, ['vendor']);
  const res = await fetch(`${stack.emulator.info.base_url}/webhook_subscriptions?status=all`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  return res.json();
}

setUpFile(async (own) => {
  stack = own(await startQuietStack({ emulator: { jobs: 60, quiet: true } }));
  account = stack.emulator.info.accounts[0]!;
  admin = personOf(account, 'administrator');
  technician = personOf(account, 'technician');
  expect((await activateAccount(stack, account)).status).toBe(200);
  job = (await stack.emulator.control.visibleJobUuids(account.uuid, technician.uuid))[0]!;
});

describe("a technician's token that names the administrator", () => {
  it('is refused the rotation, whether paired as themselves or not, and registers without managing anything', async () => {
    const unpaired = await signInBrowser(stack, { account: account.uuid, staff: technician.uuid });
    const paired = await signInBrowser(stack, { account: account.uuid, staff: technician.uuid });
    await paired.pairAs(technician.uuid, job);
    const listed = await subscriptions();
    const claims = (b: TrustedBrowser) => ({ ...b.headers(), 'X-Fieldside-Staff': admin.uuid });

    const rotated = await post('/feed/rotate', claims(unpaired));
    expect(rotated.status).toBe(403);
    expect(await rotated.json()).toMatchObject({ error: 'identity_required' });
    const rotatedPaired = await post('/feed/rotate', claims(paired));
    expect(rotatedPaired.status).toBe(403);
    expect(await rotatedPaired.json()).toMatchObject({ error: 'not_administrator' });

    for (const b of [unpaired, paired]) {
      const registered = await post('/feed/register', claims(b));
      expect(registered.status).toBe(200);
      expect(await registered.json()).toMatchObject({ manages_subscriptions: false });
    }
    expect(await subscriptions()).toEqual(listed);
  });

  it('an administrator the platform vouched for may rotate', async () => {
    const paired = await signInBrowser(stack, { account: account.uuid, staff: admin.uuid });
    await paired.pairAs(admin.uuid, job);
    const rotated = await post('/feed/rotate', paired.headers());
    expect(rotated.status).toBe(200);
    expect(await rotated.json()).toMatchObject({ retired: true });
  });
});
