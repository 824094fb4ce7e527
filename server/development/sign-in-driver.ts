import { expect } from 'vitest';
import { codeChallengeOf } from '../../contracts/installation-binding';
import type { EmulatorInfo } from '../emulator/contracts';
import { createConsentDriver } from '../emulator/oauth/consent-driver';
import { CHROME_REDIRECT, postJson } from '../../tests/support/companion/env';
import {
  createCodeVerifier,
  createTestInstallation,
  type TestInstallation,
} from '../../tests/support/companion/installation';

// Test support: the extension's side of sign-in played over HTTP against a companion and the emulator, with the
// emulator's consent driver as the browser. Asserts every hop on the way. Each driver is one installation (its
// own key pair); each flow keeps its own verifier, as the extension does.

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

/** "<account uuid>:<staff uuid>" of the first account's first active technician (the consent form's value). */
export function firstTechnician(info: EmulatorInfo): string {
  return firstOf(info, 'technician');
}

/** "<account uuid>:<staff uuid>" of the first account's first active administrator. */
export function firstAdministrator(info: EmulatorInfo): string {
  return firstOf(info, 'administrator');
}

function firstOf(info: EmulatorInfo, role: 'technician' | 'administrator'): string {
  const account = info.accounts[0];
  const person = account?.staff.find((s) => s.role === role && s.active);
  if (!account || !person) throw new Error(`the emulator seeds no active ${role}`);
  return `${account.uuid}:${person.uuid}`;
}

export interface FlowAnswer {
  state: string;
  code: string;
  error: string | null;
  /** The secret this flow's starter kept (sent hashed at /oauth/start). */
  verifier: string;
}

export async function createSignInDriver(opts: {
  companionUrl: string;
  authUrl: string;
  person: string;
  scopes?: string[];
}) {
  const installation: TestInstallation = await createTestInstallation();
  return {
    installation,
    /** Start, the consent page as `person`, the platform's redirect to the companion, and the companion's
     * redirect to the extension's identity URL; answers what reached the extension. */
    async toCode(redirectUrl = CHROME_REDIRECT, decision: 'allow' | 'deny' = 'allow'): Promise<FlowAnswer> {
      const verifier = createCodeVerifier();
      const started = await postJson(`${opts.companionUrl}/oauth/start`, {
        redirect_url: redirectUrl,
        scopes: opts.scopes ?? ['read_jobs', 'vendor'],
        code_challenge: await codeChallengeOf(verifier),
        installation: installation.id,
      });
      expect(started.status).toBe(200);
      const { authorize_url: authorizeUrl, state } = (await started.json()) as { authorize_url: string; state: string };
      expect(authorizeUrl.startsWith(`${opts.authUrl}/oauth/authorize?`)).toBe(true);

      const browser = createConsentDriver();
      const page = await browser.open(authorizeUrl);
      if (page.kind !== 'consent') throw new Error(`expected the consent page, got ${page.kind} ${page.status}`);
      const consented = await browser.answer(authorizeUrl, page.formToken, decision, opts.person);
      if (consented.kind !== 'redirect')
        throw new Error(`expected a redirect, got ${consented.kind} ${consented.status}`);
      // The platform sends the browser to the companion, the app's Return URL ...
      expect(`${consented.location.origin}${consented.location.pathname}`).toBe(`${opts.companionUrl}/oauth/return`);

      // ... which hands the answer on to the extension's identity redirect URL.
      const returned = await fetch(consented.location, { redirect: 'manual' });
      expect(returned.status).toBe(302);
      const location = new URL(returned.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(redirectUrl);
      expect(location.searchParams.get('state')).toBe(state);
      return {
        state,
        code: location.searchParams.get('code') ?? '',
        error: location.searchParams.get('error'),
        verifier,
      };
    },
    /** The token step as the starter makes it; `as` plays someone else presenting the same code. */
    exchange(
      flow: Pick<FlowAnswer, 'code' | 'state' | 'verifier'>,
      as: Partial<{ verifier: string; installation: TestInstallation }> = {},
    ): Promise<Response> {
      return postJson(`${opts.companionUrl}/oauth/token`, {
        code: flow.code,
        state: flow.state,
        code_verifier: as.verifier ?? flow.verifier,
        installation_key: (as.installation ?? installation).key,
      });
    },
    /** A refresh signed by this installation (or by `as`). */
    async refresh(refreshToken: string, as: TestInstallation = installation): Promise<Response> {
      return postJson(`${opts.companionUrl}/oauth/refresh`, {
        refresh_token: refreshToken,
        proof: await as.prove(refreshToken),
      });
    },
  };
}

export type SignInDriver = Awaited<ReturnType<typeof createSignInDriver>>;
