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
  /** The companion's pass for the access token (CompanionTokenFields). */
  fieldside_pass?: string;
  fieldside_staff?: string;
  fieldside_activated?: boolean;
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
  /** The companion's mark tying the code to this state (OAUTH_REDIRECT_PARAMS.codeMac); '' when none came. */
  codeMac: string;
  error: string | null;
  /** The secret this flow's starter kept (sent hashed at /oauth/start). */
  verifier: string;
  /** The path of the companion's Return URL the platform sent the browser to. */
  returnPath: string;
}

/** What a sign-in or refresh may carry besides: the installation's identity for the account (pairing). */
export interface BoundAs {
  verifier: string;
  installation: TestInstallation;
  identity: string;
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
     * redirect to the extension's identity URL; answers what reached the extension. `omitRedirectUri` plays
     * Firefox, which leaves redirect_uri out of the authorize URL (lib/auth/oauth-flow.ts). */
    async toCode(
      redirectUrl = CHROME_REDIRECT,
      decision: 'allow' | 'deny' = 'allow',
      how: { omitRedirectUri?: boolean } = {},
    ): Promise<FlowAnswer> {
      const verifier = createCodeVerifier();
      const started = await postJson(`${opts.companionUrl}/oauth/start`, {
        redirect_url: redirectUrl,
        scopes: opts.scopes ?? ['read_jobs', 'vendor'],
        code_challenge: await codeChallengeOf(verifier),
        installation: installation.id,
      });
      expect(started.status).toBe(200);
      const reply = (await started.json()) as { authorize_url: string; state: string };
      const { state } = reply;
      const authorize = new URL(reply.authorize_url);
      if (how.omitRedirectUri) authorize.searchParams.delete('redirect_uri');
      const authorizeUrl = authorize.toString();
      expect(authorizeUrl.startsWith(`${opts.authUrl}/oauth/authorize?`)).toBe(true);

      const browser = createConsentDriver();
      const page = await browser.open(authorizeUrl);
      if (page.kind !== 'consent') throw new Error(`expected the consent page, got ${page.kind} ${page.status}`);
      const consented = await browser.answer(authorizeUrl, page.formToken, decision, opts.person);
      if (consented.kind !== 'redirect')
        throw new Error(`expected a redirect, got ${consented.kind} ${consented.status}`);
      // The platform sends the browser to the companion, the app's Return URL (the flow's own) ...
      expect(consented.location.origin).toBe(opts.companionUrl);
      expect(consented.location.pathname.startsWith('/oauth/return')).toBe(true);

      // ... which hands the answer on to the extension's identity redirect URL.
      const returned = await fetch(consented.location, { redirect: 'manual' });
      expect(returned.status).toBe(302);
      const location = new URL(returned.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(redirectUrl);
      expect(location.searchParams.get('state')).toBe(state);
      return {
        state,
        code: location.searchParams.get('code') ?? '',
        codeMac: location.searchParams.get('code_mac') ?? '',
        error: location.searchParams.get('error'),
        verifier,
        returnPath: consented.location.pathname,
      };
    },
    /** The token step as the starter makes it; `as` plays someone else presenting the same code, or the
     * installation's identity for the account. */
    exchange(
      flow: Pick<FlowAnswer, 'code' | 'state' | 'verifier' | 'codeMac'>,
      as: Partial<BoundAs> = {},
    ): Promise<Response> {
      return postJson(`${opts.companionUrl}/oauth/token`, {
        code: flow.code,
        state: flow.state,
        code_mac: flow.codeMac,
        code_verifier: as.verifier ?? flow.verifier,
        installation_key: (as.installation ?? installation).key,
        ...(as.identity ? { identity: as.identity } : {}),
      });
    },
    /** A refresh signed by this installation (or by `as.installation`), with its identity when given. */
    async refresh(refreshToken: string, as: TestInstallation | Partial<BoundAs> = installation): Promise<Response> {
      const bound: Partial<BoundAs> = 'prove' in as ? { installation: as } : as;
      return postJson(`${opts.companionUrl}/oauth/refresh`, {
        refresh_token: refreshToken,
        proof: await (bound.installation ?? installation).prove(refreshToken),
        ...(bound.identity ? { identity: bound.identity } : {}),
      });
    },
  };
}

export type SignInDriver = Awaited<ReturnType<typeof createSignInDriver>>;
