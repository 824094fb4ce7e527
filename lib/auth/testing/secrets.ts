import { afterEach } from 'vitest';
import type { TokenResponse } from '../../api/schemas';
import { createSecretStore } from '../secrets/store';

type SecretStore = ReturnType<typeof createSecretStore>;

/** Secret stores of a test's own (fake-indexeddb, named `${prefix}-n`), each closed after the test that opened it. */
export function freshSecretStores(prefix: string): () => SecretStore {
  let n = 0;
  const stores: SecretStore[] = [];
  afterEach(() => stores.splice(0).forEach((s) => s.close()));
  return () => {
    const store = createSecretStore(`${prefix}-${n++}`);
    stores.push(store);
    return store;
  };
}

/** The companion's token answer number `i`: access token `a{i}`, refresh token `r{i}`, good for an hour. */
export const tokenAnswer = (i: number, scope: string): TokenResponse => ({
  access_token: `a${i}`,
  refresh_token: `r${i}`,
  expires_in: 3600,
  token_type: 'bearer',
  scope,
});
