import { describe, expect, it } from 'vitest';
import { isApiError } from '../api/errors';
import { buildAuthorizeUrl, createState, readAuthorizeCallback, stateMatches } from './authorize-url';
import { canUse, canUseInPart, missingScopes, scopesFor } from './scopes';
import { readTokenAnswer } from './token-endpoint';
import { tokenSetFromResponse } from './token-set';
import { FEATURES } from '../messaging/session-view';

describe('scopes', () => {
  it('gives each feature its minimal set', () => {
    expect(scopesFor(['search'])).toEqual(['read_customers', 'read_jobs']);
    expect(scopesFor(['myDay'])).toEqual([
      'read_customer_contacts',
      'read_customers',
      'read_job_contacts',
      'read_jobs',
      'read_schedule',
    ]);
    expect(scopesFor(['notes'])).toEqual(['publish_job_notes', 'read_job_notes']);
    expect(scopesFor(['badges'])).toEqual(['manage_badges', 'manage_jobs']);
    expect(scopesFor(['whoAreYou', 'account'])).toEqual(['read_staff', 'vendor']);
    // A new job asks for creating jobs only; a new customer for changing customers and their contacts (the person to
    // reach them), only when one is made.
    expect(scopesFor(['newJobs'])).toEqual(['create_jobs']);
    expect(scopesFor(['newCustomers'])).toEqual(['manage_customer_contacts', 'manage_customers']);
    // Every feature at once: asked a feature at a time, never all at sign-in.
    expect(scopesFor(FEATURES).length).toBeLessThanOrEqual(18);
  });

  it('lists only what is missing, for incremental authorisation', () => {
    const granted = scopesFor(['search']);
    expect(missingScopes('search', granted)).toEqual([]);
    expect(missingScopes('myDay', granted)).toEqual(['read_customer_contacts', 'read_job_contacts', 'read_schedule']);
    expect(missingScopes(['notes', 'search'], granted)).toEqual(['publish_job_notes', 'read_job_notes']);
    expect(canUse('search', granted)).toBe(true);
    expect(canUse('badges', granted)).toBe(false);
  });

  it('lets "My day" show what it can with the schedule alone, and other features only whole', () => {
    const before = ['read_schedule', 'read_jobs', 'read_customers', 'read_customer_contacts'];
    expect(canUse('myDay', before)).toBe(false);
    expect(missingScopes('myDay', before)).toEqual(['read_job_contacts']);
    expect(canUseInPart('myDay', before)).toBe(true);
    expect(canUseInPart('myDay', ['read_jobs', 'read_customers'])).toBe(false);
    expect(canUseInPart('notes', ['read_job_notes'])).toBe(false);
    expect(canUseInPart('notes', ['read_job_notes', 'publish_job_notes'])).toBe(true);
  });
});

describe('authorize URL and state', () => {
  it('builds the authorize URL with every parameter', () => {
    const url = new URL(
      buildAuthorizeUrl({
        authUrl: 'http://127.0.0.1:9/',
        clientId: 'app',
        scopes: ['read_jobs', 'vendor'],
        redirectUri: 'https://companion.test/oauth/return',
        state: 's1',
      }),
    );
    expect(url.pathname).toBe('/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'app',
      scope: 'read_jobs vendor',
      redirect_uri: 'https://companion.test/oauth/return',
      state: 's1',
    });
  });

  it('creates unguessable states and checks them', () => {
    const a = createState();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createState()).not.toBe(a);
    expect(stateMatches(a, a)).toBe(true);
    expect(stateMatches(a, `${a.slice(0, -1)}x`)).toBe(false);
    expect(stateMatches(a, null)).toBe(false);
    expect(stateMatches('', '')).toBe(false);
  });

  it('reads the callback: code, error, or a state mismatch', () => {
    expect(readAuthorizeCallback('https://x.test/cb?code=c1&state=s', 's')).toEqual({ ok: true, code: 'c1' });
    expect(readAuthorizeCallback('https://x.test/cb?code=c1&state=t', 's')).toMatchObject({
      ok: false,
      error: /state/,
    });
    expect(readAuthorizeCallback('https://x.test/cb?error=access_denied&state=s', 's')).toEqual({
      ok: false,
      error: 'access_denied',
    });
  });
});

describe('token endpoint answers', () => {
  const ok = JSON.stringify({
    access_token: 'a',
    token_type: 'bearer',
    expires_in: 3600,
    scope: 'read_jobs',
    refresh_token: 'r',
  });
  it.each([
    [400, JSON.stringify({ error: 'invalid_grant', error_description: 'Access was revoked' }), 'SignedOutError'],
    [401, JSON.stringify({ error: 'invalid_client' }), 'AuthenticationError'],
    [503, 'upstream down', 'ServerError'],
    [429, '', 'RateLimitedError'],
    [200, '{"access_token":""}', 'ValidationError'],
  ])('%i %s → %s', (status, body, name) => {
    let error: unknown;
    try {
      readTokenAnswer(status, body);
    } catch (e) {
      error = e;
    }
    expect(isApiError(error, name as never)).toBe(true);
  });

  it('turns a 200 into a token set with its expiry and scopes', () => {
    const answer = readTokenAnswer(200, ok);
    expect(tokenSetFromResponse(answer, 1000)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 3_601_000,
      scopes: ['read_jobs'],
    });
    expect(tokenSetFromResponse({ ...answer, scope: '' }, 0, ['vendor']).scopes).toEqual(['vendor']);
  });
});
