import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealRefreshToken } from './oauth/sealed-refresh-token';
import { checkCodeMac, codeMacFor, flowOf } from './oauth/code-mac';
import { signState } from './oauth/state';
import { createTestInstallation } from '../../tests/support/companion/installation';
import { startCompanion, type RunningCompanion } from './start';
import { codeChallengeOf } from '../../contracts/installation-binding';
import {
  CHROME_ID,
  CHROME_REDIRECT,
  companionEnv,
  freePort,
  postJson,
  SIGNING_SECRET,
} from '../../tests/support/companion/env';
import { tampered } from '../../tests/support/companion/tampered';

const CHALLENGE = 'c'.repeat(43);
const INSTALLATION = 'i'.repeat(43);
/** A state as /oauth/start signs it, for a redirect URL. */
const stateFor = (redirectUrl: string) => ({ redirectUrl, codeChallenge: CHALLENGE, installation: INSTALLATION });
const START = { code_challenge: CHALLENGE, installation: INSTALLATION };

// The companion over real HTTP, with the platform down (nothing listens on its port): everything that does not
// need a live platform, plus the 502 the extension reads as "retry later".

let companion: RunningCompanion;
let platformUrl: string;

beforeAll(async () => {
  platformUrl = `http://127.0.0.1:${await freePort()}`;
  companion = await startCompanion(
    companionEnv({
      baseUrl: platformUrl,
      authUrl: platformUrl,
      clientId: 'the-client-id',
      clientSecret: 'the-client-secret',
    }),
    { createFeedModule: null, log: () => {} },
  );
});
afterAll(() => companion.close());

describe('companion basics', () => {
  it('listens on 127.0.0.1 on an ephemeral port and is healthy', async () => {
    expect(companion.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${companion.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await fetch(`${companion.url}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });

  it('allows CORS only for allowed extension origins', async () => {
    const preflight = (origin: string) =>
      fetch(`${companion.url}/oauth/start`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const chrome = await preflight(`chrome-extension://${CHROME_ID}`);
    expect(chrome.headers.get('access-control-allow-origin')).toBe(`chrome-extension://${CHROME_ID}`);
    const firefox = await preflight('moz-extension://0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0');
    expect(firefox.headers.get('access-control-allow-origin')).toBe(
      'moz-extension://0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
    );
    for (const origin of [`chrome-extension://${'p'.repeat(32)}`, 'https://evil.example']) {
      expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('refuses to start on a bad configuration, naming the variable', async () => {
    await expect(startCompanion({ PORT: '0' })).rejects.toThrow(/PLATFORM_BASE_URL/);
  });
});

describe('POST /oauth/start', () => {
  it('signs a state and builds the authorize URL with its own listening URL as the Return URL', async () => {
    const response = await postJson(`${companion.url}/oauth/start`, {
      redirect_url: CHROME_REDIRECT,
      scopes: ['read_jobs', 'vendor', 'read_jobs'],
      ...START,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { authorize_url: string; state: string };
    const url = new URL(body.authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${platformUrl}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'the-client-id',
      scope: 'read_jobs vendor',
      // The flow's own Return URL, derived from its state (oauth/code-mac.ts).
      redirect_uri: `${companion.url}/oauth/return/${await flowOf(body.state)}`,
      state: body.state,
    });
  });

  it.each([
    [
      'a non-allowed extension',
      { redirect_url: `https://${'p'.repeat(32)}.chromiumapp.org/`, scopes: ['vendor'], ...START },
      'redirect_url_not_allowed',
    ],
    [
      'an arbitrary site',
      { redirect_url: 'https://evil.example/', scopes: ['vendor'], ...START },
      'redirect_url_not_allowed',
    ],
    ['no scopes', { redirect_url: CHROME_REDIRECT, scopes: [], ...START }, 'invalid_request'],
    [
      'a scope with spaces',
      { redirect_url: CHROME_REDIRECT, scopes: ['vendor read_jobs'], ...START },
      'invalid_request',
    ],
    ['no redirect_url', { scopes: ['vendor'], ...START }, 'invalid_request'],
    [
      'no code challenge (nothing would bind the code to its starter)',
      { redirect_url: CHROME_REDIRECT, scopes: ['vendor'], installation: INSTALLATION },
      'invalid_request',
    ],
    [
      'no installation',
      { redirect_url: CHROME_REDIRECT, scopes: ['vendor'], code_challenge: CHALLENGE },
      'invalid_request',
    ],
  ])('refuses %s with a 400 JSON error', async (_name, body, error) => {
    const response = await postJson(`${companion.url}/oauth/start`, body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { error: string; message: string };
    expect(json.error).toBe(error);
    expect(json.message.length).toBeGreaterThan(10);
  });

  it('refuses a body that is not JSON', async () => {
    const bad = await fetch(`${companion.url}/oauth/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_request' });
    const form = await fetch(`${companion.url}/oauth/start`, {
      method: 'POST',
      body: new URLSearchParams({ redirect_url: CHROME_REDIRECT }),
    });
    expect(form.status).toBe(415);
  });
});

describe('GET /oauth/return', () => {
  it("hands the code, state and the companion's mark of them on to the redirect URL inside the state", async () => {
    const { state } = await signState(SIGNING_SECRET, stateFor(CHROME_REDIRECT));
    const response = await fetch(
      `${companion.url}/oauth/return/${await flowOf(state)}?code=the-code&state=${encodeURIComponent(state)}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(CHROME_REDIRECT);
    expect(location.searchParams.get('code')).toBe('the-code');
    expect(location.searchParams.get('state')).toBe(state);
    const mac = location.searchParams.get('code_mac')!;
    expect(await checkCodeMac(SIGNING_SECRET, 'the-code', state, mac)).toBe('flow');
    expect(await checkCodeMac(SIGNING_SECRET, 'the-code', `${state}x`, mac)).toBeUndefined();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('hands a refusal on as `error`', async () => {
    const { state } = await signState(SIGNING_SECRET, stateFor(CHROME_REDIRECT));
    const response = await fetch(
      `${companion.url}/oauth/return?error=access_denied&state=${encodeURIComponent(state)}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('code')).toBeNull();
    expect(location.searchParams.get('state')).toBe(state);
  });

  it('answers a 400 page, never a redirect, for a missing, forged, expired or foreign state', async () => {
    const expired = await signState(SIGNING_SECRET, stateFor(CHROME_REDIRECT), { now: Date.now() - 11 * 60 * 1000 });
    const foreign = await signState('some-other-companion-secret-0123456789', stateFor(CHROME_REDIRECT));
    const good = await signState(SIGNING_SECRET, stateFor(CHROME_REDIRECT));
    const altered = tampered(good.state);
    const notAllowed = await signState(SIGNING_SECRET, stateFor('https://evil.example/'));
    const cases = [
      ['missing', ''],
      ['garbage', '&state=garbage'],
      ['expired', `&state=${encodeURIComponent(expired.state)}`],
      ['foreign', `&state=${encodeURIComponent(foreign.state)}`],
      ['tampered', `&state=${encodeURIComponent(altered)}`],
      ['not allowed', `&state=${encodeURIComponent(notAllowed.state)}`],
    ] as const;
    for (const [name, query] of cases) {
      const response = await fetch(`${companion.url}/oauth/return?code=the-code${query}`, { redirect: 'manual' });
      expect(response.status, name).toBe(400);
      expect(response.headers.get('location'), name).toBeNull();
      expect(response.headers.get('content-type'), name).toMatch(/text\/html/);
      const page = await response.text();
      expect(page, name).toMatch(/Sign-in could not continue/);
      expect(page, name).not.toContain('the-code');
    }
  });
});

describe('POST /oauth/token and /oauth/refresh', () => {
  const VERIFIER = 'v'.repeat(43);

  it('refuses a bad state at the token step before calling the platform', async () => {
    const installation = await createTestInstallation();
    const expired = await signState(SIGNING_SECRET, stateFor(CHROME_REDIRECT), { now: Date.now() - 11 * 60 * 1000 });
    for (const state of ['garbage', expired.state]) {
      const response = await postJson(`${companion.url}/oauth/token`, {
        code: 'the-code',
        state,
        code_mac: 'f.AAAA',
        code_verifier: VERIFIER,
        installation_key: installation.key,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_state' });
    }
  });

  it('validates the bodies', async () => {
    expect((await postJson(`${companion.url}/oauth/token`, { code: 'x' })).status).toBe(400);
    expect((await postJson(`${companion.url}/oauth/refresh`, { refresh_token: '' })).status).toBe(400);
    expect((await postJson(`${companion.url}/oauth/refresh`, [])).status).toBe(400);
  });

  it('answers 502 when the platform is unreachable', async () => {
    const installation = await createTestInstallation();
    const { state } = await signState(SIGNING_SECRET, {
      redirectUrl: CHROME_REDIRECT,
      codeChallenge: await codeChallengeOf(VERIFIER),
      installation: installation.id,
    });
    const token = await postJson(`${companion.url}/oauth/token`, {
      code: 'the-code',
      state,
      code_mac: await codeMacFor(SIGNING_SECRET, 'the-code', state, 'flow'),
      code_verifier: VERIFIER,
      installation_key: installation.key,
    });
    expect(token.status).toBe(502);
    expect(await token.json()).toMatchObject({ error: 'platform_unavailable' });
    const sealed = await sealRefreshToken(SIGNING_SECRET, {
      refreshToken: 'a-refresh-token',
      key: installation.key,
      account: null,
    });
    const refresh = await postJson(`${companion.url}/oauth/refresh`, {
      refresh_token: sealed,
      proof: await installation.prove(sealed),
    });
    expect(refresh.status).toBe(502);
    expect(await refresh.json()).toMatchObject({ error: 'platform_unavailable' });
  });
});
