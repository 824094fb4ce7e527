import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { SECRETS_DB_NAME } from '../../databases';
import { secretsClearedOn, SECRETS, type ClearEvent, type StoredSecretName } from './registry';

// The secret store: one IndexedDB object store in the extension's own origin (see registry.ts for
// why). Keyed by secret name; only names declared in SECRETS with location "indexeddb" exist.

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms at which the access token expires (issue time + expires_in). */
  expiresAt: number;
  scopes: string[];
  /** The companion's pass for this access token (lib/auth/token-set.ts). */
  pass?: string;
}

/** What pairing told this installation about its person, once they confirmed it (lib/account/paired-identity.ts). */
export interface PairedIdentity {
  accountUuid: string;
  /** The id of the installation key the identity is bound to (contracts/installation-binding.ts installationIdOf). */
  installationId: string;
  /** The staff member, as the platform named them and as the account's staff list had them when confirmed. */
  staff: { uuid: string; name: string; email: string; isAdmin: boolean; role: string };
  /** The companion's signed statement (PairClaimReply.identity), opaque. */
  identity: string;
}

export interface StoredSecrets {
  oauthTokens: OAuthTokens;
  apiKey: string;
  /** Structured-cloned as CryptoKeys: the private half stays non-extractable on disk too. */
  installationKey: CryptoKeyPair;
  pairedIdentity: PairedIdentity;
}

// Compile-time check that the stored secrets and the declared list agree in both directions.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const declaredMatchesStored: Same<keyof StoredSecrets, StoredSecretName> = true;
void declaredMatchesStored;

interface SecretsDB extends DBSchema {
  secrets: { key: StoredSecretName; value: unknown };
}

export function createSecretStore(dbName = SECRETS_DB_NAME) {
  let db: Promise<IDBPDatabase<SecretsDB>> | undefined;
  const open = () =>
    (db ??= openDB<SecretsDB>(dbName, 1, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) database.createObjectStore('secrets');
      },
    }));

  return {
    async get<K extends keyof StoredSecrets>(name: K): Promise<StoredSecrets[K] | undefined> {
      return (await (await open()).get('secrets', name)) as StoredSecrets[K] | undefined;
    },
    async set<K extends keyof StoredSecrets>(name: K, value: StoredSecrets[K]): Promise<void> {
      await (await open()).put('secrets', value, name);
    },
    async delete(name: keyof StoredSecrets): Promise<void> {
      await (await open()).delete('secrets', name);
    },
    /** Names currently stored (for tests and diagnostics; never the values). */
    async names(): Promise<string[]> {
      return (await (await open()).getAllKeys('secrets')).map(String);
    },
    /** Clears every stored secret that `event` clears, as declared in SECRETS. */
    async clearFor(event: ClearEvent): Promise<void> {
      const database = await open();
      const tx = database.transaction('secrets', 'readwrite');
      for (const name of secretsClearedOn(event)) {
        if (SECRETS[name].location === 'indexeddb') await tx.store.delete(name as StoredSecretName);
      }
      await tx.done;
    },
    close(): void {
      void db?.then((d) => d.close());
      db = undefined;
    },
  };
}
export type SecretStore = ReturnType<typeof createSecretStore>;
