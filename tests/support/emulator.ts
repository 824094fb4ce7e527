// The real emulator in process on 127.0.0.1 (ephemeral port), as the client, cache and outbox integration tests start
// it: its first seeded account, a way to its active staff by role, and tokens it issued that never change.
import type { AccessTokenSource } from '../../lib/api/http';
import type { SecurityRole } from '../../server/emulator/contracts';
import type { EmulatorOptions } from '../../server/emulator/options';
import { startEmulator } from '../../server/emulator/start';
import { personOf } from './companion/addon-platform';

export async function startSeededEmulator(options: Omit<EmulatorOptions, 'port'>) {
  const emulator = await startEmulator({ port: 0, quiet: true, ...options });
  const { info, control } = emulator;
  const account = info.accounts[0]!;
  const staff = (role: SecurityRole) => personOf(account, role);

  /** A token the platform issued to `staffUuid` for `scopes`, handed out as it is (a refresh is no test's concern). */
  async function fixedTokens(staffUuid: string, scopes: string[]): Promise<AccessTokenSource> {
    const issued = await control.issueTokens(account.uuid, staffUuid, scopes);
    return { getAccessToken: async () => issued.access_token, onUnauthorized: async () => issued.access_token };
  }

  return { info, control, account, staff, fixedTokens, close: () => emulator.close() };
}
