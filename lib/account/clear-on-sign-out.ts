import { OUTBOX_DB_PREFIX } from '../outbox/db';
import { forgetFirstScreen } from '../cache/first-screen/kept-screen';
import { SECRETS_DB_NAME } from '../auth/secrets/store';

// Sign-out removes this person's cached data: every Fieldside IndexedDB database except the
// secret store (which clears itself by the declared rules in lib/secrets/registry.ts) and the
// outboxes. Caches are named "fieldside-…" per account and staff member (lib/cache), so a prefix
// finds them all. An outbox is not a cache: it holds notes and badge changes the person wrote that
// the platform does not have yet, and Fieldside never loses a note; it is per account and staff
// member, so it is sent when that person signs in again. The popup's kept first screen (rows of
// jobs, in storage.session) goes too.

function isClearedOnSignOut(name: string): boolean {
  return name.startsWith('fieldside') && name !== SECRETS_DB_NAME && !name.startsWith(OUTBOX_DB_PREFIX);
}

export async function clearCachedData(factory: IDBFactory = indexedDB): Promise<string[]> {
  const databases = await factory.databases();
  const names = databases
    .map((d) => d.name)
    .filter((name): name is string => !!name && isClearedOnSignOut(name));
  await Promise.all([
    forgetFirstScreen(),
    ...names.map(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const request = factory.deleteDatabase(name);
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error ?? new Error(`Could not delete ${name}`));
          // Another open connection delays deletion until it closes; don't hang sign-out on it.
          request.onblocked = () => resolve();
        }),
    ),
  ]);
  return names;
}
