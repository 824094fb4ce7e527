// Who is an administrator, as the session reads it from the real emulator ("who are you", "view as", the
// account's own settings): a token without read_security_roles makes nobody an administrator (the safe side),
// but a refusal of another kind (the account's daily limit) is a failure, never the answer "not an
// administrator", and it is reported to the account's limiter so every page can say so.
import { expect, it } from 'vitest';
import { isApiError } from '../../../lib/api/errors';
import { createRateLimiterRegistry } from '../../../lib/api/rate-limiter';
import { createPlatformReader } from '../../../lib/account/platform-reader';
import { startPlatform, type Platform } from './platform';
import { setUpFile } from '../../support/set-up-file';

let platform: Platform;
setUpFile(async (own) => {
  platform = own(await startPlatform({ jobs: 50, seed: 3 }));
});

async function readStaff(scopes: string[]) {
  const reported: string[] = [];
  const reader = createPlatformReader(
    createRateLimiterRegistry({ perMinute: 100_000, onDailyLimit: (account) => void reported.push(account) }),
  );
  const { tokens } = await platform.oauthClient(scopes);
  const ctx = {
    baseUrl: platform.info.base_url,
    auth: { kind: 'oauth' as const, tokens },
    impersonate: undefined,
    accountUuid: platform.account.uuid,
  };
  return { reported, staff: () => reader.staff(ctx) };
}

it('names the administrators when the token may read security roles', async () => {
  const { staff } = await readStaff(['read_staff', 'read_security_roles']);
  const admin = (await staff()).find((s) => s.uuid === platform.staff('administrator').uuid);
  expect(admin?.isAdmin).toBe(true);
});

it('without read_security_roles, nobody is an administrator', async () => {
  const { staff } = await readStaff(['read_staff']);
  const all = await staff();
  expect(all.length).toBeGreaterThan(1);
  expect(all.some((s) => s.isAdmin)).toBe(false);
});

it('the daily limit is a failure, reported to the account, not "nobody is an administrator"', async () => {
  const { staff, reported } = await readStaff(['read_staff', 'read_security_roles']);
  await platform.control.setRateLimit(100_000, 1);
  try {
    const error = await staff().catch((e: unknown) => e);
    expect(isApiError(error, 'RateLimitedError')).toBe(true);
    expect(reported.length).toBeGreaterThan(0);
  } finally {
    await platform.control.setRateLimit(100_000, 10_000_000);
  }
});
