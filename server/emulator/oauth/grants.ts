/** Who consented to what: the scopes each person (account + staff member) has granted the app.
 * A new consent adds to the grant (incremental authorisation); disabling the add-on clears the account. */
export function createGrantStore() {
  const grants = new Map<string, Set<string>>();
  const key = (accountUuid: string, staffUuid: string) => `${accountUuid}/${staffUuid}`;
  /** The staff member of the account whose grant is the oldest still held, if any. */
  const firstGrantee = (accountUuid: string): string | undefined => {
    for (const k of grants.keys()) if (k.startsWith(`${accountUuid}/`)) return k.slice(accountUuid.length + 1);
    return undefined;
  };

  return {
    get(accountUuid: string, staffUuid: string): ReadonlySet<string> {
      return grants.get(key(accountUuid, staffUuid)) ?? new Set();
    },
    /** Adds scopes to the person's grant and answers the whole grant, earlier scopes first. */
    add(accountUuid: string, staffUuid: string, scopes: string[]): string[] {
      const k = key(accountUuid, staffUuid);
      const grant = grants.get(k) ?? new Set<string>();
      for (const s of scopes) grant.add(s);
      grants.set(k, grant);
      return [...grant];
    },
    /** Whether anyone in the account holds a grant: the account has activated the app. */
    hasAccount: (accountUuid: string): boolean => firstGrantee(accountUuid) !== undefined,
    firstGrantee,
    revokeAccount(accountUuid: string): void {
      for (const k of [...grants.keys()]) if (k.startsWith(`${accountUuid}/`)) grants.delete(k);
    },
  };
}

export type GrantStore = ReturnType<typeof createGrantStore>;
