import { COMPANION_HEADERS, COMPANION_PATHS } from '../../../contracts/companion-http';
import { toUuid } from '../../../contracts/uuid';
import { signPass } from '../../../server/companion/trust/pass';
import { activateAccount } from '../../support/companion/addon-platform';
import type { RunningCompanion } from '../../../server/companion/start';
import { startDevStack } from '../../../server/development/dev-stack';
import type { startEmulator } from '../../../server/emulator/start';
import { dayZones } from './day-zones';
import { setUpStep } from '../../support/set-up-steps';

// The emulator and the companion on ephemeral ports of 127.0.0.1 (startDevStack picks the
// companion's port first: the emulator's Return URL must point at it), plus the seeded people the
// tests sign in as.

export type Emulator = Awaited<ReturnType<typeof startEmulator>>;

export interface Stack {
  emulator: Emulator;
  companion: RunningCompanion;
  /** The environment the companion was started with. */
  companionEnv: Record<string, string | undefined>;
  /** Every line the companion logged (kept quiet, and checked for leaked secrets). */
  companionLog: unknown[];
  /** The seeded first account, with an administrator and a technician. */
  account: Emulator['info']['accounts'][number];
  technician: Emulator['info']['accounts'][number]['staff'][number];
  administrator: Emulator['info']['accounts'][number]['staff'][number];
  /** What a paired administrator's Fieldside does on its first wake elsewhere, in an account that did not activate
   * Fieldside: registers for the feed, so the companion makes the account's webhook subscriptions (only the register
   * of an administrator the platform vouched for does). `also`: scopes beyond jobs and notes, for the subscriptions
   * they allow (`read_schedule`: visits). */
  subscribeAsAdministrator(also?: string[]): Promise<void>;
  /** The administrator activates Fieldside for the account, as they do once from the add-on store (played over HTTP:
   * the tests that use it are about something else; tests/e2e/pairing.test.ts clicks through it): its changes come
   * signed through the add-on. */
  activate(): Promise<void>;
  /** The pass the companion would hand out with `accessToken` (naming `staff`, as pairing does), for tests that take
   * their tokens from the emulator's control API. */
  passFor(accessToken: string, staff?: string): Promise<string>;
  close(): Promise<void>;
}

/** `now`: the platform's time at start (support/clocks.ts), else the real time; on the real clock the accounts take
 * zones where the whole run is one day (./day-zones.ts). */
export async function startStack(options: { jobs?: number; now?: number } = {}): Promise<Stack> {
  const companionLog: unknown[] = [];
  const dev = await setUpStep('starting the platform and the companion', () =>
    startDevStack({
      emulator: {
        port: 0,
        jobs: options.jobs ?? 300,
        seed: 7,
        quiet: true,
        ...(options.now === undefined ? { timeZones: dayZones(Date.now()) } : { now: options.now }),
      },
      companionDeps: { log: (line) => void companionLog.push(line) },
    }),
  );
  const { emulator, companion } = dev;
  const account = emulator.info.accounts[0]!;
  const technician = account.staff.find((s) => s.role === 'technician' && s.active);
  const administrator = account.staff.find((s) => s.role === 'administrator' && s.active);
  if (!technician || !administrator) {
    await dev.close();
    throw new Error('The seeded account lacks a technician or an administrator');
  }
  return {
    emulator,
    companion,
    companionEnv: dev.companionEnv,
    companionLog,
    account,
    technician,
    administrator,
    async subscribeAsAdministrator(also: string[] = []) {
      const scopes = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles', ...also];
      const { access_token } = await emulator.control.issueTokens(account.uuid, administrator.uuid, scopes);
      const pass = await signPass(dev.companionEnv.SIGNING_SECRET!, {
        account: account.uuid,
        accessToken: access_token,
        expiresAtMs: Date.now() + 3_600_000,
        staff: toUuid(administrator.uuid),
      });
      const res = await fetch(`${companion.url}${COMPANION_PATHS.feedRegister}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, [COMPANION_HEADERS.pass]: pass },
      });
      await res.body?.cancel();
      // The register makes them, or an earlier administrator's register did (it is then free of platform requests).
      if (!res.ok || !emulator.webhooks.subscriptions().some((s) => s.unique_id === 'fieldside-job')) {
        throw new Error(`The administrator's register did not make the subscriptions: ${res.status}`);
      }
    },
    passFor: (accessToken, staff) =>
      signPass(dev.companionEnv.SIGNING_SECRET!, {
        account: account.uuid,
        accessToken,
        expiresAtMs: Date.now() + 3_600_000,
        staff: staff === undefined ? undefined : toUuid(staff),
      }),
    async activate() {
      const { status } = await activateAccount(dev, account);
      if (status !== 200) throw new Error(`Activating the account answered ${status}`);
    },
    close: () => dev.close(),
  };
}
