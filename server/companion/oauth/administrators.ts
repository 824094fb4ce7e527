import { z } from 'zod';
import { isAdministratorRoleName } from '../../../contracts/security-roles';
import { PlatformUuidSchema, toUuid } from '../../../contracts/uuid';
import type { CompanionConfig } from '../config';
import { PLATFORM_TIMEOUT_MS } from './platform-token';
import { PlatformFlagSchema } from '../../../contracts/platform-flag';

// The account's administrators, as the platform says now (its staff and their security roles, read with a grant
// just given): who may replace the grant an activation keeps, and whose names a refused activation gives.

const Staff = z.looseObject({
  uuid: PlatformUuidSchema,
  first: z.string().nullish(),
  last: z.string().nullish(),
  active: PlatformFlagSchema.optional(),
  security_role_uuid: z.string().nullish(),
});
const Role = z.looseObject({ uuid: z.string(), name: z.string().nullish(), active: PlatformFlagSchema.optional() });

export interface Administrators {
  /** Their names, for "ask … to activate it". */
  names: string[];
  has(staff: string): boolean;
}

async function read(
  config: Pick<CompanionConfig, 'platformBaseUrl'>,
  token: string,
  path: string,
  fetchImpl: typeof fetch,
) {
  const res = await fetchImpl(`${config.platformBaseUrl}/api_1.0/${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
  });
  if (!res.ok) {
    await res.body?.cancel();
    return undefined;
  }
  return res.json().catch(() => undefined);
}

/** The account's active administrators; none when the grant may not read staff or roles. */
export async function administratorsOf(
  config: Pick<CompanionConfig, 'platformBaseUrl'>,
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Administrators> {
  const [staff, roles] = await Promise.all([
    read(config, token, 'staff.json', fetchImpl).catch(() => undefined),
    read(config, token, 'securityrole.json', fetchImpl).catch(() => undefined),
  ]);
  const adminRoles = new Set(
    (z.array(z.unknown()).safeParse(roles).data ?? []).flatMap((r) => {
      const role = Role.safeParse(r);
      return role.success && role.data.active !== false && isAdministratorRoleName(role.data.name)
        ? [role.data.uuid]
        : [];
    }),
  );
  const admins = (z.array(z.unknown()).safeParse(staff).data ?? []).flatMap((s) => {
    const person = Staff.safeParse(s);
    return person.success && person.data.active !== false && adminRoles.has(person.data.security_role_uuid ?? '')
      ? [person.data]
      : [];
  });
  const uuids = new Set(admins.map((a) => a.uuid));
  return {
    names: admins.map((a) => `${a.first ?? ''} ${a.last ?? ''}`.trim()).filter(Boolean),
    has: (uuid) => uuids.has(toUuid(uuid)),
  };
}
