import { describe, expect, it } from 'vitest';
import { SECRETS, secretsClearedOn, type ClearEvent } from './registry';
import { createSecretStore, type StoredSecrets } from './store';
import { freshSecretStores } from '../testing/secrets';

// Holds the declared list of secrets complete: every secret the store can hold is declared with
// location "indexeddb", every declared IndexedDB secret can be stored, and each event clears exactly
// what the list says.

const samples: StoredSecrets = {
  oauthTokens: { accessToken: 'a', refreshToken: 'r', expiresAt: 1, scopes: ['vendor'] },
  apiKey: 'key-123456',
  installationKey: await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']),
  pairedIdentity: {
    accountUuid: 'acct',
    installationId: 'i'.repeat(43),
    staff: {
      uuid: 'staff',
      name: 'Ethan Murphy',
      email: 'ethan@example.com',
      isAdmin: false,
      role: 'Field Technician',
    },
    identity: 'aaa.bbb.ccc',
  },
};

const freshStore = freshSecretStores('fieldside-secrets-test');

async function fillAll(store: ReturnType<typeof createSecretStore>) {
  for (const [name, value] of Object.entries(samples)) {
    await store.set(name as keyof StoredSecrets, value as never);
  }
}

describe('declared secrets', () => {
  it('every stored secret is declared as living in IndexedDB, and every such declaration is storable', async () => {
    const store = freshStore();
    await fillAll(store);
    const declared = Object.entries(SECRETS)
      .filter(([, d]) => d.location === 'indexeddb')
      .map(([name]) => name)
      .sort();
    expect((await store.names()).sort()).toEqual(declared);
  });

  it('every declared secret says what it is and when it is cleared', () => {
    for (const declaration of Object.values(SECRETS)) {
      expect(declaration.what.length).toBeGreaterThan(10);
      expect(declaration.clearedOn.length).toBeGreaterThan(0);
    }
  });

  it.each<ClearEvent>(['sign-out', 'revoked', 'sign-in'])('"%s" clears exactly the declared secrets', async (event) => {
    const store = freshStore();
    await fillAll(store);
    await store.clearFor(event);
    const cleared = new Set<string>(secretsClearedOn(event));
    const expected = Object.keys(samples)
      .filter((name) => !cleared.has(name))
      .sort();
    expect((await store.names()).sort()).toEqual(expected);
  });

  it('sign-out and revocation leave no secret on disk', async () => {
    for (const event of ['sign-out', 'revoked'] as const) {
      const store = freshStore();
      await fillAll(store);
      await store.clearFor(event);
      expect(await store.names()).toEqual([]);
    }
  });
});
