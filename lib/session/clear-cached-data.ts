import { SECRETS_DB_NAME } from '../secrets/store';

// Sign-out removes this person's cached data: every Fieldside IndexedDB database except the
// secret store (which clears itself by the declared rules in lib/secrets/registry.ts). Caches are
// named "fieldside-…" per account and staff member (lib/cache), so a prefix finds them all.

export async function clearCachedData(factory: IDBFactory = indexedDB): Promise<string[]> {
  const databases = await factory.databases();
  const names = databases
    .map((d) => d.name)
    .filter((name): name is string => !!name && name.startsWith('fieldside') && name !== SECRETS_DB_NAME);
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const request = factory.deleteDatabase(name);
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error ?? new Error(`Could not delete ${name}`));
          // Another open connection delays deletion until it closes; don't hang sign-out on it.
          request.onblocked = () => resolve();
        }),
    ),
  );
  return names;
}
