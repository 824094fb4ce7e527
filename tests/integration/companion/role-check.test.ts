import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUuid } from '../../../contracts/uuid';
import { createRoleCheck } from '../../../server/companion/feed/visibility/staff-role';
import { startEmulator, type StartedEmulator } from '../../../server/emulator/start';

// Whose register may make the webhook subscriptions: an administrator's, as the platform says (staff record and
// role list, two requests). Every browser of an account registers when the subscriptions are due a check, and only
// an administrator's does anything then: a "no" is kept long, so a morning of wakes does not ask 47 roles again;
// a "yes" (which may also rotate the callback URL) only briefly.

let emulator: StartedEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, jobs: 20, quiet: true });
});
afterAll(async () => {
  await emulator?.close();
});

describe('the role check', () => {
  it('keeps a "not an administrator" for its long period and an administrator\'s "yes" for the short one', async () => {
    const account = emulator.info.accounts[0]!;
    const technician = account.staff.find((s) => s.role === 'technician' && s.active)!.uuid;
    const admin = account.staff.find((s) => s.role === 'administrator' && s.active)!.uuid;
    const { access_token: token } = await emulator.control.issueTokens(account.uuid, admin, [
      'read_staff',
      'read_security_roles',
    ]);
    let now = 0;
    const roles = createRoleCheck({
      platformBaseUrl: emulator.info.base_url,
      now: () => now,
      ttlMs: 60_000,
      notAdministratorTtlMs: 24 * 3_600_000,
    });
    const asked = async (staff: string) => {
      const before = (await emulator.control.stats()).requests;
      const answer = await roles.isAdministrator(token, account.uuid, toUuid(staff));
      return [answer, (await emulator.control.stats()).requests - before];
    };
    expect(await asked(technician)).toEqual([false, 2]);
    expect(await asked(admin)).toEqual([true, 2]);
    now += 10 * 3_600_000; // the night
    expect(await asked(technician)).toEqual([false, 0]);
    expect(await asked(admin)).toEqual([true, 2]);
    now += 14 * 3_600_000;
    expect(await asked(technician)).toEqual([false, 2]);
  });
});
