import type { RunningCompanion } from '../../../server/companion/start';
import { startDevStack } from '../../../server/development/dev-stack';
import type { startEmulator } from '../../../server/emulator/start';
import { activateAccount } from '../../support/companion/addon-platform';

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
  /** Fieldside activated for the account, as its administrator does once from the add-on store (played over HTTP:
   * the tests that use it are about something else; tests/e2e/pairing.test.ts clicks through it): the account's
   * changes then reach the companion signed, through the add-on's manifest webhooks. */
  activate(): Promise<void>;
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
    companionEnv: dev.companionEnv,
    companionLog,
    account,
    technician,
    administrator,
    async activate() {
      const { status, page } = await activateAccount(dev, account);
      if (status !== 200) throw new Error(`The activation did not finish: ${status} ${page.slice(0, 200)}`);
    },
    close: () => dev.close(),
  };
}
