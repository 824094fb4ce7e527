import { createPlatformClient } from '../api/client';
import { isApiError } from '../api/errors';
import type { ClientContext } from '../api/client-context';
import { accountLimiterKey, createRateLimiterRegistry, type RateLimiterRegistry } from '../api/rate-limiter';
import type { AccountSummary, StaffSummary } from '../settings/schemas';
import { isAdministratorRoleName } from '../../contracts/security-roles';

// The few platform reads the session itself needs: who the account is, its staff (for "who are
// you") and one page of jobs (to prove whose data requests get). Built on lib/api's platform
// client, so impersonation, the rate limiter, retries and the refresh-on-401 are the client's own.

/** `limiters` is the background's one registry, so the session's reads and the workspace's traffic share
 * each account's per-minute budget. */
export function createPlatformReader(limiters: RateLimiterRegistry = createRateLimiterRegistry()) {
  const client = (ctx: ClientContext) =>
    createPlatformClient({
      baseUrl: ctx.baseUrl,
      auth: ctx.auth,
      limiter: limiters.forAccount(ctx.accountUuid ? accountLimiterKey(ctx.baseUrl, ctx.accountUuid) : ctx.baseUrl),
      ...(ctx.impersonate && ctx.auth.kind === 'oauth' ? { impersonateStaffUuid: ctx.impersonate } : {}),
    });

  return {
    /** The account: who it is, its time zone (whose "today" pages show) and country (its phone numbers). */
    async vendor(ctx: ClientContext): Promise<AccountSummary> {
      const vendor = await client(ctx).vendor.get();
      return {
        uuid: vendor.uuid,
        name: vendor.name ?? '',
        email: vendor.email ?? '',
        timeZone: vendor.timezone_name || null,
        region: vendor.default_region || null,
      };
    },

    /** Active staff, each with whether their security role is an administrator one. */
    async staff(ctx: ClientContext): Promise<StaffSummary[]> {
      const api = client(ctx);
      const [staff, roles] = await Promise.all([
        api.staff.list(),
        // Without read_security_roles nobody counts as an administrator: the safe side. Any other failure (the
        // daily limit, an outage) is a failure, not an answer: "not an administrator" would be a wrong one.
        api.securityRoles.list().catch((error: unknown) => {
          if (isApiError(error, 'MissingScopeError')) return { records: [] };
          throw error;
        }),
      ]);
      const adminRoles = new Set(roles.records.filter((r) => isAdministratorRoleName(r.name)).map((r) => r.uuid));
      const roleNames = new Map(roles.records.map((r) => [r.uuid, r.name ?? '']));
      return staff.records
        .filter((s) => s.active)
        .map((s) => ({
          uuid: s.uuid,
          name: [s.first, s.last].filter(Boolean).join(' ') || (s.email ?? s.uuid),
          email: s.email ?? '',
          isAdmin: s.security_role_uuid != null && adminRoles.has(s.security_role_uuid),
          role: (s.security_role_uuid != null && roleNames.get(s.security_role_uuid)) || '',
        }));
    },

    /** The uuids of the first page of jobs the current workspace may see. */
    async jobUuids(ctx: ClientContext): Promise<string[]> {
      const first = await client(ctx).jobs.pages().next();
      return first.done ? [] : first.value.records.map((j) => j.uuid);
    },
  };
}
export type PlatformReader = ReturnType<typeof createPlatformReader>;
