import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthInputError } from './authority';
import { createConsentDriver } from './consent-driver';
import { RETURN_URL, startOAuthTestServer, type OAuthTestServer } from './test-server';

let s: OAuthTestServer;
beforeAll(async () => {
  s = await startOAuthTestServer();
});
afterAll(() => s.close());

function refresh(refreshToken: string) {
  return s.token({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: s.app.client_id,
    client_secret: s.app.client_secret,
  });
}

describe('authority', () => {
  it('issueDirect gives a working token set for exactly the asked scopes', () => {
    const tokens = s.authority.issueDirect({
      accountUuid: 'acct-b',
      staffUuid: 'b-tech',
      scopes: ['read_jobs', 'read_schedule'],
    });
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'read_jobs read_schedule' });
    const check = s.authority.authenticate(tokens.access_token);
    if (!check.ok || check.principal.kind !== 'oauth') throw new Error('expected an oauth principal');
    expect(check.principal.accountUuid).toBe('acct-b');
    expect(check.principal.consentingStaffUuid).toBe('b-tech');
    expect([...check.principal.scopes]).toEqual(['read_jobs', 'read_schedule']);
  });

  it.each([
    ['an unknown account', { accountUuid: 'nope', staffUuid: 'a-admin', scopes: ['read_jobs'] }],
    ['staff of another account', { accountUuid: 'acct-a', staffUuid: 'b-admin', scopes: ['read_jobs'] }],
    ['an inactive staff member', { accountUuid: 'acct-a', staffUuid: 'a-gone', scopes: ['read_jobs'] }],
    ['an unknown scope', { accountUuid: 'acct-a', staffUuid: 'a-admin', scopes: ['read_jobs', 'root'] }],
    ['no scopes', { accountUuid: 'acct-a', staffUuid: 'a-admin', scopes: [] }],
  ])('issueDirect refuses %s', (_name, input) => {
    expect(() => s.authority.issueDirect(input)).toThrow(OAuthInputError);
  });

  it('answers unknown for a token it never issued', () => {
    expect(s.authority.authenticate('made-up')).toEqual({ ok: false, reason: 'unknown' });
    expect(s.authority.authenticate('')).toEqual({ ok: false, reason: 'unknown' });
  });

  it('access tokens expire 3600 emulator seconds after issue, and a refresh brings a fresh one', async () => {
    const tokens = s.authority.issueDirect({ accountUuid: 'acct-a', staffUuid: 'a-tech', scopes: ['read_jobs'] });
    await s.clock.advance(3599);
    expect(s.authority.authenticate(tokens.access_token).ok).toBe(true);
    await s.clock.advance(1);
    expect(s.authority.authenticate(tokens.access_token)).toEqual({ ok: false, reason: 'expired' });
    const renewed = await refresh(tokens.refresh_token);
    expect(renewed.status).toBe(200);
    expect(s.authority.authenticate(String(renewed.body.access_token)).ok).toBe(true);
  });

  it('revokeAccount stops every token of that account only; a new consent works again', async () => {
    const browser = createConsentDriver();
    const { code } = await browser.authorizeCode(s.authorizeUrl({ scope: 'read_jobs' }), 'acct-a:a-admin');
    const viaCode = await s.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: RETURN_URL,
      client_id: s.app.client_id,
      client_secret: s.app.client_secret,
    });
    const direct = s.authority.issueDirect({ accountUuid: 'acct-a', staffUuid: 'a-tech', scopes: ['read_jobs'] });
    const other = s.authority.issueDirect({ accountUuid: 'acct-b', staffUuid: 'b-admin', scopes: ['read_jobs'] });
    const pendingCode = (await createConsentDriver().authorizeCode(s.authorizeUrl(), 'acct-a:a-tech')).code;

    s.authority.revokeAccount('acct-a');

    expect(s.authority.authenticate(String(viaCode.body.access_token))).toEqual({ ok: false, reason: 'revoked' });
    expect(s.authority.authenticate(direct.access_token)).toEqual({ ok: false, reason: 'revoked' });
    expect(s.authority.authenticate(other.access_token).ok).toBe(true);
    for (const token of [String(viaCode.body.refresh_token), direct.refresh_token]) {
      const res = await refresh(token);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
    }
    expect((await refresh(other.refresh_token)).status).toBe(200);
    const late = await s.token({
      grant_type: 'authorization_code',
      code: pendingCode,
      redirect_uri: RETURN_URL,
      client_id: s.app.client_id,
      client_secret: s.app.client_secret,
    });
    expect(late.body.error).toBe('invalid_grant');

    // The grant is gone: the same browser is asked again rather than sent straight back.
    const again = await browser.open(s.authorizeUrl({ scope: 'read_jobs' }));
    expect(again.kind).toBe('consent');
    if (again.kind !== 'consent') return;
    expect(again.newScopes).toEqual(['read_jobs']);
    const answered = await browser.answer(
      s.authorizeUrl({ scope: 'read_jobs' }),
      again.formToken,
      'allow',
      'acct-a:a-admin',
    );
    const newCode = answered.kind === 'redirect' ? answered.location.searchParams.get('code') : null;
    const fresh = await s.token({
      grant_type: 'authorization_code',
      code: newCode ?? '',
      redirect_uri: RETURN_URL,
      client_id: s.app.client_id,
      client_secret: s.app.client_secret,
    });
    expect(fresh.status).toBe(200);
    expect(s.authority.authenticate(String(fresh.body.access_token)).ok).toBe(true);
  });

  it('grantCounts counts successful code and refresh grants', async () => {
    const before = s.authority.grantCounts();
    const { code } = await createConsentDriver().authorizeCode(s.authorizeUrl(), 'acct-b:b-admin');
    const form = { redirect_uri: RETURN_URL, client_id: s.app.client_id, client_secret: s.app.client_secret };
    const issued = await s.token({ grant_type: 'authorization_code', code, ...form });
    expect((await refresh(String(issued.body.refresh_token))).status).toBe(200);
    expect((await s.token({ grant_type: 'authorization_code', code, ...form })).status).toBe(400); // reused: not counted
    expect(s.authority.grantCounts()).toEqual({
      authorization_code: before.authorization_code + 1,
      refresh_token: before.refresh_token + 1,
    });
  });
});
