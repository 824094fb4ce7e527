// Test support: the extension's own token code (lib/auth: secret store, installation key, companion client, token
// keeper) run in Node against a real companion and emulator, with the emulator's consent driver as the browser.
// Needs an IndexedDB: the test file imports 'fake-indexeddb/auto' first.
import { expect } from 'vitest';
import { codeChallengeOf, createCodeVerifier } from '../../../contracts/installation-binding';
import { createCompanionClient } from '../companion-client';
import { createInstallationKeys } from '../installation-key';
import { createSecretStore } from '../secrets/store';
import { createTokenKeeper } from '../token-keeper';
import { createConsentDriver } from '../../../server/emulator/oauth/consent-driver';
import { CHROME_REDIRECT } from '../../../tests/support/companion/env';

export interface ExtensionTokensOptions {
  companionUrl: string;
  /** "<account uuid>:<staff uuid>", the person who consents. */
  person: string;
  scopes: string[];
  /** The browser's clock, which decides when the keeper refreshes (a test moves it on). */
  now: () => number;
  /** The browser's fetch to the companion (default: the real one). */
  fetch?: typeof fetch;
}

let stores = 0;

/** One browser's installation: sign in through the companion, then its tokens as the background keeps them. */
export function extensionTokens(options: ExtensionTokensOptions) {
  const secrets = createSecretStore(`fieldside-secrets-refresh-${++stores}-${Date.now()}`);
  const installation = createInstallationKeys({ secrets });
  const companion = createCompanionClient({
    companionUrl: async () => options.companionUrl,
    installation,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  /** How often the keeper said the platform refused the sign-in (the background then signs out, "revoked"). */
  let revoked = 0;
  const keeper = createTokenKeeper({
    secrets,
    now: options.now,
    refresh: (refreshToken) => companion.refresh(refreshToken),
    onRevoked: async () => void revoked++,
  });

  /** start → consent → the companion's return → token, as lib/auth/oauth-flow.ts does; the keeper keeps them. */
  async function signIn() {
    const verifier = createCodeVerifier();
    const started = await companion.start(CHROME_REDIRECT, options.scopes, await codeChallengeOf(verifier));
    const browser = createConsentDriver();
    const page = await browser.open(started.authorize_url);
    const consented =
      page.kind === 'consent'
        ? await browser.answer(started.authorize_url, page.formToken, 'allow', options.person)
        : page;
    if (consented.kind !== 'redirect') throw new Error(`expected a redirect, got ${consented.kind}`);
    const returned = await fetch(consented.location, { redirect: 'manual' });
    expect(returned.status).toBe(302);
    const to = new URL(returned.headers.get('location') ?? '');
    const param = (name: string) => to.searchParams.get(name) ?? '';
    const answer = await companion.exchangeCode(param('code'), param('state'), verifier, param('code_mac'));
    return keeper.store(answer);
  }

  return { keeper, secrets, signIn, revoked: () => revoked, close: () => secrets.close() };
}
