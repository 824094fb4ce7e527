// Starts the real emulator in process (127.0.0.1, ephemeral port) and builds clients against it.
// Not a test file: shared set-up of the client integration tests.
import { createPlatformClient, type PlatformClientOptions } from '../../../lib/api/client';
import { createRateLimiter } from '../../../lib/api/rate-limiter';
import { createDirectTokenEndpoint } from '../../../lib/auth/token-endpoint';
import { createTokenManager } from '../../../lib/auth/token-manager';
import { tokenSetFromResponse } from '../../../lib/auth/token-set';
import { startSeededEmulator } from '../../support/emulator';

/** Backoff kept short so fault tests finish in seconds; the policy's shape is what is under test. */
export const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 40, limit: 6 } as const;
/** The pauses after a refusal (throttle-gate.ts) kept as short, for the same reason. */
export const FAST_GATE = { baseMs: 5, maxMs: 40 } as const;

export async function startPlatform(opts: { jobs?: number; seed?: number; rateLimitPerMinute?: number } = {}) {
  const emulator = await startSeededEmulator({
    jobs: opts.jobs ?? 1500,
    seed: opts.seed ?? 7,
    rateLimitPerMinute: opts.rateLimitPerMinute ?? 100_000,
  });
  const { info, control, account, staff } = emulator;

  const common = (extra: Partial<PlatformClientOptions> = {}) => ({
    baseUrl: info.base_url,
    limiter: createRateLimiter({ perMinute: 100_000, gate: FAST_GATE }),
    retry: FAST_RETRY,
    ...extra,
  });

  function apiKeyClient(extra: Partial<PlatformClientOptions> = {}) {
    return createPlatformClient({ ...common(extra), auth: { kind: 'api_key', apiKey: account.api_key } });
  }

  async function oauthClient(scopes: string[], as: { staffUuid?: string; impersonate?: string } = {}) {
    const issued = await control.issueTokens(account.uuid, as.staffUuid ?? staff('administrator').uuid, scopes);
    const endpoint = createDirectTokenEndpoint({
      authUrl: info.auth_url,
      clientId: info.app.client_id,
      clientSecret: info.app.client_secret,
    });
    const tokens = createTokenManager({ initial: tokenSetFromResponse(issued, Date.now()), refresh: endpoint.refresh });
    const client = createPlatformClient({
      ...common(),
      auth: { kind: 'oauth', tokens },
      ...(as.impersonate === undefined ? {} : { impersonateStaffUuid: as.impersonate }),
    });
    return { client, tokens, endpoint };
  }

  return { info, control, account, staff, apiKeyClient, oauthClient, close: emulator.close };
}

export type Platform = Awaited<ReturnType<typeof startPlatform>>;

/** Every scope the operations tests touch. */
export const ALL_SCOPES = [
  'read_jobs',
  'manage_jobs',
  'read_customers',
  'read_customer_contacts',
  'read_staff',
  'read_job_notes',
  'publish_job_notes',
  'manage_badges',
  'read_job_categories',
  'vendor',
  'read_schedule',
  'read_security_roles',
];
