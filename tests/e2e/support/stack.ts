import { COMPANION_HEADERS, COMPANION_PATHS } from '../../../contracts/companion-http';
import type { RunningCompanion } from '../../../server/companion/start';
import { startDevStack } from '../../../server/development/dev-stack';
import type { startEmulator } from '../../../server/emulator/start';

// The emulator and the companion on ephemeral ports of 127.0.0.1 (startDevStack picks the
// companion's port first: the emulator's Return URL must point at it), plus the seeded people the
// tests sign in as.

export type Emulator = Awaited<ReturnType<typeof startEmulator>>;

export interface Stack {
  emulator: Emulator;
  companion: RunningCompanion;
  /** Every line the companion logged (kept quiet, and checked for leaked secrets). */
  companionLog: unknown[];
  /** The seeded first account, with an administrator and a technician. */
  account: Emulator['info']['accounts'][number];
  technician: Emulator['info']['accounts'][number]['staff'][number];
  administrator: Emulator['info']['accounts'][number]['staff'][number];
  /** What an administrator's Fieldside does on its first wake elsewhere: registers for the feed, so the companion
   * makes the account's webhook subscriptions (only an administrator's register does). */
  subscribeAsAdministrator(): Promise<void>;
  close(): Promise<void>;
}

export async function startStack(options: { jobs?: number } = {}): Promise<Stack> {
  const companionLog: unknown[] = [];
  const dev = await startDevStack({
    emulator: { port: 0, jobs: options.jobs ?? 300, seed: 7, quiet: true },
    companionDeps: { log: (line) => void companionLog.push(line) },
  });
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
    companionLog,
    account,
    technician,
    administrator,
    async subscribeAsAdministrator() {
      const scopes = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles'];
      const { access_token } = await emulator.control.issueTokens(account.uuid, administrator.uuid, scopes);
      const res = await fetch(`${companion.url}${COMPANION_PATHS.feedRegister}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'X-Fieldside-Staff': administrator.uuid },
      });
      await res.body?.cancel();
      // The register makes them, or an earlier administrator's register did (it is then free of platform requests).
      if (!res.ok || !emulator.webhooks.subscriptions().some((s) => s.unique_id === 'fieldside-job')) {
        throw new Error(`The administrator's register did not make the subscriptions: ${res.status}`);
      }
    },
    close: () => dev.close(),
  };
}
