import { z } from 'zod';
import { isAdministratorRoleName } from '../../../contracts/security-roles';
import { PlatformUuidSchema, toUuid, type Uuid } from '../../../contracts/uuid';
import type { PlatformCall, PlatformReads } from './platform-reads';

// Which of an account's security roles are administrator ones (contracts/security-roles.ts), read as the signed staff
// member and kept ten minutes per account: the panel offers "Activate again" only to an administrator the platform's
// signed event named.

const Role = z.looseObject({
  uuid: PlatformUuidSchema,
  name: z.string().nullish(),
  active: z.union([z.number(), z.string(), z.boolean()]).optional(),
});
const KEPT_MS = 10 * 60_000;

export function createAdministratorRoles(opts: { reads: PlatformReads; now: () => number; maxAccounts?: number }) {
  const known = new Map<string, { at: number; roles: Set<Uuid> }>();
  const maxAccounts = opts.maxAccounts ?? 10_000;
  return {
    /** Whether `role` (a security role's uuid) is an administrator one; false when the platform will not say. */
    async isAdministrator(account: string, call: PlatformCall, role: string | null): Promise<boolean> {
      if (role === null) return false;
      let entry = known.get(account);
      if (!entry || opts.now() - entry.at > KEPT_MS) {
        const answer = await opts.reads.get(call, 'securityrole.json', z.array(Role));
        if (!answer.ok) return false;
        const inactive = (v: unknown) => v === 0 || v === '0' || v === false;
        const roles = answer.value.filter((r) => !inactive(r.active) && isAdministratorRoleName(r.name));
        entry = { at: opts.now(), roles: new Set(roles.map((r) => r.uuid)) };
        known.delete(account);
        known.set(account, entry);
        if (known.size > maxAccounts) known.delete(known.keys().next().value!);
      }
      return entry.roles.has(toUuid(role));
    },
  };
}
