import { createServer } from 'node:net';
import { startCompanion, type RunningCompanion } from '../../../server/companion/start';
import { startEmulator } from '../../../server/emulator/start';
import { CHROME_EXTENSION_ID, GECKO_ID } from '../../../lib/session/extension-ids';

// The emulator and the companion on ephemeral ports of 127.0.0.1. The companion's port is picked
// first, because the emulator's Return URL (the app's registered redirect host) must point at it.

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

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
  close(): Promise<void>;
}

export async function startStack(options: { jobs?: number } = {}): Promise<Stack> {
  const companionPort = await freePort();
  const emulator = await startEmulator({
    port: 0,
    returnUrl: `http://127.0.0.1:${companionPort}/oauth/return`,
    jobs: options.jobs ?? 300,
    seed: 7,
    quiet: true,
  });
  let companion: RunningCompanion;
  const companionLog: unknown[] = [];
  try {
    companion = await startCompanion({
      PLATFORM_BASE_URL: emulator.info.base_url,
      PLATFORM_AUTH_URL: emulator.info.auth_url,
      CLIENT_ID: emulator.info.app.client_id,
      CLIENT_SECRET: emulator.info.app.client_secret,
      ALLOWED_EXTENSION_IDS: `${CHROME_EXTENSION_ID},${GECKO_ID}`,
      HOST: '127.0.0.1',
      PORT: String(companionPort),
      PUBLIC_URL: `http://127.0.0.1:${companionPort}`,
    }, { log: (line) => void companionLog.push(line) });
  } catch (error) {
    await emulator.close();
    throw error;
  }
  const account = emulator.info.accounts[0]!;
  const technician = account.staff.find((s) => s.role === 'technician' && s.active);
  const administrator = account.staff.find((s) => s.role === 'administrator' && s.active);
  if (!technician || !administrator) throw new Error('The seeded account lacks a technician or an administrator');
  return {
    emulator,
    companion,
    companionLog,
    account,
    technician,
    administrator,
    async close() {
      await companion.close();
      await emulator.close();
    },
  };
}
