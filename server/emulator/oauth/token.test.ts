import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsentDriver } from './consent-driver';
import { RETURN_URL, startOAuthTestServer, type OAuthTestServer } from './test-server';

let s: OAuthTestServer;
beforeAll(async () => {
  s = await startOAuthTestServer();
});
afterAll(() => s.close());

const ADA = 'acct-a:a-admin';

async function freshCode(scope = 'read_jobs', person = ADA, redirectUri = RETURN_URL): Promise<string> {
  const { code } = await createConsentDriver().authorizeCode(
    s.authorizeUrl({ scope, redirect_uri: redirectUri }),
    person,
  );
  return code;
}

function exchange(code: string, extra: Record<string, string> = {}) {
  return s.token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: RETURN_URL,
    client_id: s.app.client_id,
    client_secret: s.app.client_secret,
    ...extra,
  });
}

function refresh(refreshToken: string, extra: Record<string, string> = {}) {
  return s.token({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: s.app.client_id,
    client_secret: s.app.client_secret,
    ...extra,
  });
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('authorization_code grant', () => {
  it('exchanges a code for tokens the authority accepts, with no-store', async () => {
    const { status, headers, body } = await exchange(await freshCode('read_jobs publish_job_notes'));
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ expires_in: 3600, token_type: 'bearer', scope: 'read_jobs publish_job_notes' });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const check = s.authority.authenticate(String(body.access_token));
    expect(check.ok && check.principal).toMatchObject({
      kind: 'oauth',
      accountUuid: 'acct-a',
      appId: s.app.client_id,
      consentingStaffUuid: 'a-admin',
    });
    expect(check.ok && check.principal.kind === 'oauth' && [...check.principal.scopes]).toEqual([
      'read_jobs',
      'publish_job_notes',
    ]);
    expect(s.authority.authenticate(String(body.refresh_token))).toEqual({ ok: false, reason: 'unknown' });
  });

  it('accepts client credentials by HTTP Basic (form-encoded, RFC 6749 §2.3.1)', async () => {
    const code = await freshCode();
    const res = await s.token(
      { grant_type: 'authorization_code', code, redirect_uri: RETURN_URL },
      { authorization: basic(s.app.client_id, s.app.client_secret) },
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ['wrong secret in the body', { client_secret: 'wrong' }, {}],
    ['unknown client_id', { client_id: 'other-app' }, {}],
    ['no client credentials', { client_id: '', client_secret: '' }, {}],
    ['wrong secret by Basic', { client_id: '', client_secret: '' }, { authorization: basic('fieldside-test', 'nope') }],
  ])('%s → 401 invalid_client, and the code still works', async (_name, form, headers) => {
    const code = await freshCode();
    const bad = await s.token(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: RETURN_URL,
        client_id: s.app.client_id,
        client_secret: s.app.client_secret,
        ...form,
      },
      headers,
    );
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('invalid_client');
    expect(bad.body.error_description).toEqual(expect.any(String));
    expect(bad.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect((await exchange(code)).status).toBe(200);
  });

  it('a reused code fails with invalid_grant and revokes what it issued', async () => {
    const code = await freshCode();
    const first = await exchange(code);
    expect(first.status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect(s.authority.authenticate(String(first.body.access_token))).toEqual({ ok: false, reason: 'revoked' });
    expect((await refresh(String(first.body.refresh_token))).body.error).toBe('invalid_grant');
  });

  it('a code expires after 10 emulator minutes', async () => {
    const code = await freshCode();
    await s.clock.advance(600);
    const res = await exchange(code);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('a code is still good just before 10 minutes', async () => {
    const code = await freshCode();
    await s.clock.advance(590);
    expect((await exchange(code)).status).toBe(200);
  });

  it.each([
    ['a trailing slash', `${RETURN_URL}/`],
    ['an added query', `${RETURN_URL}?x=1`],
    ['another path on the same host', 'http://127.0.0.1:9/other'],
  ])('redirect_uri with %s is not identical → invalid_grant, code kept', async (_name, redirectUri) => {
    const code = await freshCode();
    const bad = await exchange(code, { redirect_uri: redirectUri });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_grant');
    expect((await exchange(code)).status).toBe(200);
  });

  it('a code sent to the default Return URL needs that URL repeated', async () => {
    const { code } = await createConsentDriver().authorizeCode(s.authorizeUrl({ redirect_uri: undefined }), ADA);
    expect((await exchange(code)).status).toBe(200);
  });

  it('an unknown code → invalid_grant', async () => {
    expect((await exchange('not-a-code')).body.error).toBe('invalid_grant');
  });
});

describe('refresh_token grant', () => {
  it('issues a new access and refresh token; the old refresh token stops working at once', async () => {
    const first = await exchange(await freshCode('read_jobs read_staff', 'acct-b:b-admin'));
    const before = s.authority.grantCounts();
    const second = await refresh(String(first.body.refresh_token));
    expect(second.status).toBe(200);
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(second.body).toMatchObject({ expires_in: 3600, token_type: 'bearer', scope: 'read_jobs read_staff' });
    expect(second.body.access_token).not.toBe(first.body.access_token);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(s.authority.authenticate(String(second.body.access_token)).ok).toBe(true);
    expect(s.authority.grantCounts()).toEqual({ ...before, refresh_token: before.refresh_token + 1 });

    const reused = await refresh(String(first.body.refresh_token));
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    expect(s.authority.grantCounts().refresh_token).toBe(before.refresh_token + 1);
    expect((await refresh(String(second.body.refresh_token))).status).toBe(200);
  });

  it('may narrow the scope but not widen it', async () => {
    // A person with no earlier grant, so the grant is exactly these two scopes.
    const first = await exchange(await freshCode('read_jobs read_staff', 'acct-b:b-tech'));
    const wider = await refresh(String(first.body.refresh_token), { scope: 'read_jobs manage_jobs' });
    expect(wider.status).toBe(400);
    expect(wider.body.error).toBe('invalid_scope');
    const narrower = await refresh(String(first.body.refresh_token), { scope: 'read_jobs' });
    expect(narrower.status).toBe(200);
    expect(narrower.body.scope).toBe('read_jobs');
    // The refresh token still carries the whole original grant.
    expect((await refresh(String(narrower.body.refresh_token))).body.scope).toBe('read_jobs read_staff');
  });

  it('needs the client secret too', async () => {
    const first = await exchange(await freshCode());
    const bad = await refresh(String(first.body.refresh_token), { client_secret: 'guess' });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('invalid_client');
  });
});

describe('malformed token requests', () => {
  const creds = () => ({ client_id: s.app.client_id, client_secret: s.app.client_secret });
  it.each([
    ['missing grant_type', {}, 400, 'invalid_request'],
    ['password grant', { grant_type: 'password', username: 'u', password: 'p' }, 400, 'unsupported_grant_type'],
    ['client_credentials grant', { grant_type: 'client_credentials' }, 400, 'unsupported_grant_type'],
    ['code grant without code', { grant_type: 'authorization_code', redirect_uri: RETURN_URL }, 400, 'invalid_request'],
    ['code grant without redirect_uri', { grant_type: 'authorization_code', code: 'x' }, 400, 'invalid_request'],
    ['refresh grant without refresh_token', { grant_type: 'refresh_token' }, 400, 'invalid_request'],
    [
      'refresh grant with an unknown scope',
      { grant_type: 'refresh_token', refresh_token: 'x', scope: 'root' },
      400,
      'invalid_scope',
    ],
  ])('%s → %i %s', async (_name, form, status, error) => {
    const res = await s.token({ ...creds(), ...form });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error, error_description: expect.any(String) });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a JSON body or a repeated parameter → invalid_request', async () => {
    const json = await fetch(`${s.authUrl}/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x', ...creds() }),
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
    const repeated = await fetch(`${s.authUrl}/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', ...creds() })}&grant_type=password`,
    });
    expect(((await repeated.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('credentials by Basic and a client_secret in the body at once → invalid_request', async () => {
    const res = await s.token(
      { grant_type: 'refresh_token', refresh_token: 'x', client_secret: s.app.client_secret },
      { authorization: basic(s.app.client_id, s.app.client_secret) },
    );
    expect(res.body.error).toBe('invalid_request');
  });
});
