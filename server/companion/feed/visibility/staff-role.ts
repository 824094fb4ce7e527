import { z } from 'zod';
import { isAdministratorRoleName } from '../../../../contracts/security-roles';
import type { Uuid } from '../../../../contracts/uuid';
import { PlatformError, platformErrorFrom, platformFetch } from '../platform-error';
import { PlatformFlagSchema } from '../../../../contracts/platform-flag';

// Whether a staff member the platform vouched for (the caller's pass names them: pairing) is an administrator, as
// the platform says now: the staff record (`staff/<uuid>.json`, scope read_staff) names its security role, the role
// list (`securityrole.json`, scope read_security_roles) names the role. Without either scope, nobody is one.

const Staff = z.object({
  uuid: z.string(),
  active: PlatformFlagSchema.optional(),
  security_role_uuid: z.string().nullish(),
});
const Role = z.object({ uuid: z.string(), name: z.string().nullish(), active: PlatformFlagSchema.optional() });

export function createRoleCheck(opts: {
  platformBaseUrl: string;
  fetch?: typeof fetch;
  ttlMs?: number;
  /** How long a "not an administrator" is kept: every browser of the account registers when the subscriptions are
   * due a check, and only an administrator's register does anything then, so the others' roles are asked once
   * per check period, not at each of their wakes. A promotion waits at most this long. */
  notAdministratorTtlMs?: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const fetchFn = opts.fetch ?? fetch;
  const ttlMs = opts.ttlMs ?? 60_000;
  const notAdministratorTtlMs = opts.notAdministratorTtlMs ?? ttlMs;
  const maxEntries = opts.maxEntries ?? 10_000;
  const now = opts.now ?? Date.now;
  // Per account and staff member: roles change seldom, and an answer is cheap to keep for a minute.
  const cache = new Map<string, { expires: number; admin: Promise<boolean> }>();

  async function read(token: string, path: string): Promise<unknown | undefined> {
    const what = `GET ${path}`;
    const res = await platformFetch(
      fetchFn,
      `${opts.platformBaseUrl}/api_1.0/${path}`,
      { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
      what,
    );
    // Not a staff member of this account, or a scope the token lacks: not an administrator.
    if (res.status === 403 || res.status === 404 || res.status === 400) {
      await res.body?.cancel();
      return undefined;
    }
    if (!res.ok) throw await platformErrorFrom(res, what);
    return res.json().catch(() => {
      throw new PlatformError(`The platform answered ${what} with something that is not JSON`, 502);
    });
  }

  async function ask(token: string, staffUuid: Uuid): Promise<boolean> {
    const staff = Staff.safeParse(await read(token, `staff/${staffUuid}.json`));
    if (!staff.success || staff.data.active === false || !staff.data.security_role_uuid) return false;
    const roles = z.array(z.unknown()).safeParse(await read(token, 'securityrole.json'));
    if (!roles.success) return false;
    const role = roles.data
      .map((r) => Role.safeParse(r))
      .find((r) => r.success && r.data.uuid === staff.data.security_role_uuid);
    return role?.success === true && role.data.active !== false && isAdministratorRoleName(role.data.name);
  }

  return {
    /** Throws a PlatformError when the platform refuses the token or fails; otherwise answers. */
    async isAdministrator(token: string, account: string, staffUuid: Uuid): Promise<boolean> {
      const key = `${account}:${staffUuid}`;
      const at = now();
      const hit = cache.get(key);
      if (hit && hit.expires > at) return hit.admin;
      const admin = ask(token, staffUuid);
      const entry = { expires: at + ttlMs, admin };
      cache.delete(key);
      cache.set(key, entry);
      admin.then(
        (yes) => {
          if (!yes) entry.expires = at + notAdministratorTtlMs;
        },
        () => cache.delete(key),
      );
      for (const [old, entry] of cache) {
        if (cache.size <= maxEntries && entry.expires > at) break;
        cache.delete(old);
      }
      return admin;
    },
  };
}

export type RoleCheck = ReturnType<typeof createRoleCheck>;
