import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_GRACE_SECONDS } from '../switches';
import { createConsentDriver } from './consent-driver';
import { RETURN_URL, startOAuthTestServer, type OAuthTestServer } from './test-server';

// What a refresh does to the refresh token it spends, under each position of the switch refreshTokens (the
// platform's is unknown: FIDELITY.md #10), and the test setting refreshTokenLifetimeSeconds.

let s: OAuthTestServer;
let aged: OAuthTestServer;
beforeAll(async () => {
  [s, aged] = await Promise.all([startOAuthTestServer(), startOAuthTestServer({ refreshTokenLifetimeSeconds: 600 })]);
});
afterAll(() => Promise.all([s.close(), aged.close()]));
afterEach(() => {
  s.switches.set({ refreshTokens: 'rotate' });
  aged.switches.set({ refreshTokens: 'rotate' });
});

async function signIn(server: OAuthTestServer): Promise<string> {
  const { code } = await createConsentDriver().authorizeCode(server.authorizeUrl(), 'acct-a:a-admin');
  const answer = await server.token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: RETURN_URL,
    client_id: server.app.client_id,
    client_secret: server.app.client_secret,
  });
  expect(answer.status).toBe(200);
  return String(answer.body.refresh_token);
}

const refresh = (server: OAuthTestServer, refreshToken: string) =>
  server.token({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: server.app.client_id,
    client_secret: server.app.client_secret,
  });

describe('refreshTokens', () => {
  it('rotate: a new refresh token each time, the old one refused at once', async () => {
    const first = await signIn(s);
    const answer = await refresh(s, first);
    expect(answer.status).toBe(200);
    expect(answer.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.body.refresh_token).not.toBe(first);
    expect((await refresh(s, first)).body).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(s, String(answer.body.refresh_token))).status).toBe(200);
  });

  it(`grace: a new refresh token each time, the old one still taken for ${REFRESH_GRACE_SECONDS} s`, async () => {
    s.switches.set({ refreshTokens: 'grace' });
    const first = await signIn(s);
    const one = await refresh(s, first);
    await s.clock.advance(REFRESH_GRACE_SECONDS - 1);
    const two = await refresh(s, first);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(new Set([first, one.body.refresh_token, two.body.refresh_token]).size).toBe(3);
    for (const a of [one, two]) expect(s.authority.authenticate(String(a.body.access_token)).ok).toBe(true);
    await s.clock.advance(1);
    expect((await refresh(s, first)).body).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(s, String(two.body.refresh_token))).status).toBe(200);
  });

  it('keep: the same refresh token answered again, and still good', async () => {
    s.switches.set({ refreshTokens: 'keep' });
    const first = await signIn(s);
    const answers = [await refresh(s, first), await refresh(s, first)];
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.refresh_token).toBe(first);
      expect(s.authority.authenticate(String(a.body.access_token)).ok).toBe(true);
    }
    expect(answers[0]!.body.access_token).not.toBe(answers[1]!.body.access_token);
  });

  it('omit: no refresh_token in the answer, and the old one still good', async () => {
    s.switches.set({ refreshTokens: 'omit' });
    const first = await signIn(s);
    for (let i = 0; i < 2; i++) {
      const answer = await refresh(s, first);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
      expect(s.authority.authenticate(String(answer.body.access_token)).ok).toBe(true);
    }
  });

  it('a revoked grant is refused under every position', async () => {
    for (const refreshTokens of ['rotate', 'grace', 'keep', 'omit'] as const) {
      s.switches.set({ refreshTokens });
      const first = await signIn(s);
      s.authority.revokeAccount('acct-a');
      expect((await refresh(s, first)).body).toMatchObject({ error: 'invalid_grant' });
    }
  });
});

describe('refreshTokenLifetimeSeconds', () => {
  it('refuses a refresh token once it is that old; a rotated one starts its own lifetime', async () => {
    const first = await signIn(aged);
    await aged.clock.advance(599);
    const next = await refresh(aged, first);
    expect(next.status).toBe(200);
    await aged.clock.advance(599);
    expect((await refresh(aged, String(next.body.refresh_token))).status).toBe(200);
    const old = await signIn(aged);
    await aged.clock.advance(600);
    expect((await refresh(aged, old)).body).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The refresh token has expired; sign in again.',
    });
  });

  it.each(['keep', 'omit'] as const)(
    '%s: a kept refresh token ages from the sign-in, however often used',
    async (p) => {
      aged.switches.set({ refreshTokens: p });
      const first = await signIn(aged);
      for (let i = 0; i < 3; i++) {
        expect((await refresh(aged, first)).status).toBe(200);
        await aged.clock.advance(200);
      }
      expect((await refresh(aged, first)).body).toMatchObject({ error: 'invalid_grant' });
    },
  );
});
