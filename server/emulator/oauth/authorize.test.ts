import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsentDriver } from './consent-driver';
import { RETURN_URL, startOAuthTestServer, type OAuthTestServer } from './test-server';

let s: OAuthTestServer;
beforeAll(async () => {
  s = await startOAuthTestServer();
});
afterAll(() => s.close());

const ADA = 'acct-a:a-admin';

describe('GET /authorize refuses to redirect when the client or redirect_uri cannot be trusted', () => {
  it.each([
    ['unknown client_id', { client_id: 'someone-else' }],
    ['missing client_id', { client_id: undefined }],
    ['foreign redirect host', { redirect_uri: 'https://evil.test/oauth/return' }],
    ['same hostname, other port', { redirect_uri: 'http://127.0.0.1:10/oauth/return' }],
    ['relative redirect_uri', { redirect_uri: '/oauth/return' }],
    ['non-http scheme', { redirect_uri: 'javascript://127.0.0.1:9/%0aalert(1)' }],
    ['fragment in redirect_uri', { redirect_uri: `${RETURN_URL}#frag` }],
    ['bad client even with a bad response_type', { client_id: 'nope', response_type: 'token' }],
  ])('%s → error page, no redirect', async (_name, params) => {
    const res = await fetch(s.authorizeUrl(params), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('role="alert"');
  });

  it('a repeated parameter is refused with an error page', async () => {
    const res = await fetch(`${s.authorizeUrl()}&scope=read_staff`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('GET /authorize redirects request errors back to the app, with state', () => {
  const state = 'xyz ä&=/?';
  it.each([
    ['unsupported response_type', { response_type: 'token' }, 'unsupported_response_type'],
    ['missing response_type', { response_type: undefined }, 'invalid_request'],
    ['missing scope', { scope: undefined }, 'invalid_request'],
    ['blank scope', { scope: '   ' }, 'invalid_request'],
    ['unknown scope', { scope: 'read_jobs read_everything' }, 'invalid_scope'],
  ])('%s → %s', async (_name, params, error) => {
    const res = await fetch(s.authorizeUrl({ ...params, state }), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe(state);
    expect(location.searchParams.get('code')).toBeNull();
  });
});

describe('the consent page', () => {
  it('lists active staff of every account, the scopes in words, escaped, with labels and stable ids', async () => {
    const page = await createConsentDriver().open(s.authorizeUrl({ scope: 'read_jobs publish_job_notes' }));
    expect(page.kind).toBe('consent');
    if (page.kind !== 'consent') return;
    expect(page.people).toEqual(['acct-a:a-admin', 'acct-a:a-tech', 'acct-b:b-admin', 'acct-b:b-tech']);
    expect(page.newScopes).toEqual(['read_jobs', 'publish_job_notes']);
    expect(page.grantedScopes).toEqual([]);
    expect(page.html).toContain('Add job notes');
    expect(page.html).toContain('Read jobs (read-only)');
    expect(page.html).not.toContain('<script>');
    expect(page.html).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt; Plumbing');
    expect(page.html).toContain('Ada &lt;b&gt;Admin&lt;/b&gt;');
    expect(page.html).toContain('<label for="person">');
    expect(page.html).toMatch(/<button type="submit" id="allow"[^>]*>Allow</);
    expect(page.html).toMatch(/<button type="submit" id="deny"[^>]*>Deny</);
    expect(page.html).not.toContain('Ivy Inactive');
    // The add-on by its name, and nobody chosen for a person who has not signed in.
    expect(page.html).toContain('<h1>Allow Fieldside to use your account?</h1>');
    expect(page.html).not.toContain(s.app.client_id);
    expect(page.html).toContain('<option value="" selected disabled>Choose who you are…</option>');
    expect(page.html.match(/ selected/g)).toHaveLength(1);
  });

  it('Allow redirects with a code and the state untouched; Deny with access_denied', async () => {
    const state = 'opaque/state?with=chars&and spaces';
    const url = s.authorizeUrl({ state });
    const allowBrowser = createConsentDriver();
    const allowPage = await allowBrowser.open(url);
    if (allowPage.kind !== 'consent') throw new Error('expected a consent page');
    const allowed = await allowBrowser.answer(url, allowPage.formToken, 'allow', ADA);
    if (allowed.kind !== 'redirect') throw new Error('expected a redirect');
    expect(allowed.status).toBe(303);
    expect(allowed.location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(allowed.location.searchParams.get('state')).toBe(state);

    const denyBrowser = createConsentDriver();
    const denyPage = await denyBrowser.open(url);
    if (denyPage.kind !== 'consent') throw new Error('expected a consent page');
    const denied = await denyBrowser.answer(url, denyPage.formToken, 'deny', ADA);
    if (denied.kind !== 'redirect') throw new Error('expected a redirect');
    expect(denied.location.searchParams.get('error')).toBe('access_denied');
    expect(denied.location.searchParams.get('state')).toBe(state);
    expect(denied.location.searchParams.get('code')).toBeNull();
  });

  it('without redirect_uri the code goes to the Return URL, keeping its query', async () => {
    const { location } = await createConsentDriver().authorizeCode(s.authorizeUrl({ redirect_uri: undefined }), ADA);
    expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL);
    const withQuery = `${RETURN_URL}?from=ext`;
    const second = await createConsentDriver().authorizeCode(s.authorizeUrl({ redirect_uri: withQuery }), ADA);
    expect(second.location.searchParams.get('from')).toBe('ext');
  });

  it('the form token is one-time and bound to the browser that opened the page', async () => {
    const url = s.authorizeUrl();
    const browser = createConsentDriver();
    const page = await browser.open(url);
    if (page.kind !== 'consent') throw new Error('expected a consent page');

    const stranger = await createConsentDriver().answer(url, page.formToken, 'allow', ADA);
    expect(stranger.kind).toBe('error');
    const forged = await browser.answer(url, 'forged-token', 'allow', ADA);
    expect(forged.kind).toBe('error');

    // The stranger's attempt did not burn the real token; using it twice does.
    expect((await browser.answer(url, page.formToken, 'allow', ADA)).kind).toBe('redirect');
    expect((await browser.answer(url, page.formToken, 'allow', ADA)).kind).toBe('error');
  });

  it.each([
    ['an inactive staff member', 'acct-a:a-gone'],
    ['staff of another account', 'acct-a:b-tech'],
    ['nobody', ''],
  ])('refuses to sign in as %s', async (_name, person) => {
    const url = s.authorizeUrl();
    const browser = createConsentDriver();
    const page = await browser.open(url);
    if (page.kind !== 'consent') throw new Error('expected a consent page');
    const result = await browser.answer(url, page.formToken, 'allow', person);
    expect(result.kind).toBe('error');
    expect(result.status).toBe(400);
  });

  it('expires after 10 emulator minutes', async () => {
    const url = s.authorizeUrl();
    const browser = createConsentDriver();
    const page = await browser.open(url);
    if (page.kind !== 'consent') throw new Error('expected a consent page');
    await s.clock.advance(601);
    expect((await browser.answer(url, page.formToken, 'allow', ADA)).kind).toBe('error');
  });
});

describe('repeat and incremental authorisation', () => {
  it('a browser that already granted every scope is sent back at once with a code', async () => {
    const browser = createConsentDriver();
    await browser.authorizeCode(s.authorizeUrl({ scope: 'read_jobs read_staff' }), 'acct-b:b-tech');
    const again = await browser.open(s.authorizeUrl({ scope: 'read_staff', state: 'again' }));
    if (again.kind !== 'redirect') throw new Error(`expected a redirect, got ${again.kind}`);
    expect(again.status).toBe(302);
    expect(again.location.searchParams.get('code')).toBeTruthy();
    expect(again.location.searchParams.get('state')).toBe('again');
    // Another browser (another person) still sees the consent page.
    expect((await createConsentDriver().open(s.authorizeUrl({ scope: 'read_staff' }))).kind).toBe('consent');
  });

  it('asks only for the new scopes, says what was granted, and grants the union', async () => {
    const browser = createConsentDriver();
    await browser.authorizeCode(s.authorizeUrl({ scope: 'read_jobs' }), 'acct-b:b-admin');
    const url = s.authorizeUrl({ scope: 'read_jobs publish_job_notes' });
    const page = await browser.open(url);
    if (page.kind !== 'consent') throw new Error('expected a consent page');
    expect(page.newScopes).toEqual(['publish_job_notes']);
    expect(page.grantedScopes).toEqual(['read_jobs']);
    expect(page.html).toContain('selected>'); // the signed-in person is preselected

    const result = await browser.answer(url, page.formToken, 'allow', 'acct-b:b-admin');
    const code = result.kind === 'redirect' ? result.location.searchParams.get('code') : null;
    const { status, body } = await s.token({
      grant_type: 'authorization_code',
      code: code ?? '',
      redirect_uri: RETURN_URL,
      client_id: s.app.client_id,
      client_secret: s.app.client_secret,
    });
    expect(status).toBe(200);
    expect(String(body.scope).split(' ').sort()).toEqual(['publish_job_notes', 'read_jobs']);
  });
});
