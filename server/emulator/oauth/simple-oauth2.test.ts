// A standard OAuth client this project did not write completes both grants against the emulator.
import { AuthorizationCode } from 'simple-oauth2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsentDriver } from './consent-driver';
import { RETURN_URL, startOAuthTestServer, type OAuthTestServer } from './test-server';

let s: OAuthTestServer;
beforeAll(async () => {
  s = await startOAuthTestServer();
});
afterAll(() => s.close());

describe.each(['header', 'body'] as const)('simple-oauth2 with client credentials in the %s', (authorizationMethod) => {
  it('completes the authorization-code grant, then the refresh grant', async () => {
    const client = new AuthorizationCode({
      client: { id: s.app.client_id, secret: s.app.client_secret },
      auth: { tokenHost: s.authUrl, tokenPath: '/oauth/access_token', authorizePath: '/oauth/authorize' },
      options: { authorizationMethod },
    });
    const state = `state-${authorizationMethod}`;
    const authorizeUrl = client.authorizeURL({
      redirect_uri: RETURN_URL,
      scope: ['read_jobs', 'publish_job_notes'],
      state,
    });

    const { code, location } = await createConsentDriver().authorizeCode(authorizeUrl, 'acct-b:b-tech');
    expect(location.searchParams.get('state')).toBe(state);

    const token = await client.getToken({ code, redirect_uri: RETURN_URL });
    expect(token.token).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'read_jobs publish_job_notes' });
    expect(token.expired()).toBe(false);
    const first = s.authority.authenticate(String(token.token.access_token));
    expect(first.ok && first.principal.accountUuid).toBe('acct-b');

    const refreshed = await token.refresh();
    expect(refreshed.token.access_token).not.toBe(token.token.access_token);
    expect(refreshed.token.refresh_token).not.toBe(token.token.refresh_token);
    expect(s.authority.authenticate(String(refreshed.token.access_token)).ok).toBe(true);

    // The library surfaces the server's RFC 6749 error for the spent refresh token.
    const spent = token.refresh();
    await expect(spent).rejects.toMatchObject({
      output: { statusCode: 400 },
      data: { payload: { error: 'invalid_grant' } },
    });
  });
});
