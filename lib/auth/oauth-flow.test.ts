import { describe, expect, it } from 'vitest';
import { codeChallengeOf } from '../../contracts/installation-binding';
import type { CompanionClient } from './companion-client';
import { authorizeUrlFor, checkAuthorizeUrl, readRedirect, runOAuthFlow } from './oauth-flow';

const REDIRECT = 'https://oiabnejaggoobcbkjnlidfgfieafjagp.chromiumapp.org/';
const TOKENS = { access_token: 'a', refresh_token: 'r', expires_in: 3600, token_type: 'bearer', scope: '' };

/** A companion that starts flows as `start` says, redeems every code for TOKENS and is never asked to refresh. */
function fakeCompanion(own: Pick<CompanionClient, 'start'> & Partial<CompanionClient>): CompanionClient {
  return {
    exchangeCode: async () => TOKENS,
    refresh: async () => {
      throw new Error('unused');
    },
    ...own,
  };
}

describe('readRedirect', () => {
  it.each([
    ['the wrong state', `${REDIRECT}?code=c&state=other`, /wrong state/],
    ['no state', `${REDIRECT}?code=c`, /wrong state/],
    ['a denial', `${REDIRECT}?error=access_denied&state=s1`, /Nothing was allowed: “Deny” was chosen/],
    ['no code', `${REDIRECT}?state=s1`, /no code/],
    ['no code_mac (not handed on by the companion)', `${REDIRECT}?code=c&state=s1`, /not handed on/],
    ['another address', `https://evil.example/?code=c&state=s1`, /unexpected address/],
    ['nothing', undefined, /without an answer/],
  ])('refuses %s', (_label, url, message) => {
    expect(() => readRedirect(url, REDIRECT, 's1')).toThrow(message);
  });

  it("accepts the code with the expected state, and the companion's code_mac", () => {
    expect(readRedirect(`${REDIRECT}?code=abc&state=s1&code_mac=m`, REDIRECT, 's1')).toEqual(['abc', 's1', 'm']);
  });
});

describe('runOAuthFlow', () => {
  it('starts with the hash of a fresh verifier and redeems the code with that verifier', async () => {
    const seen: { challenge?: string; verifier?: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const flow: { challenge?: string; verifier?: string } = {};
      const companion = fakeCompanion({
        start: async (_redirect, _scopes, challenge) => {
          flow.challenge = challenge;
          return { authorize_url: 'http://127.0.0.1:1/oauth/authorize', state: 's1' };
        },
        exchangeCode: async (_code, _state, verifier, codeMac) => {
          flow.verifier = verifier;
          expect(codeMac).toBe('m');
          return TOKENS;
        },
      });
      const identity = {
        getRedirectURL: () => REDIRECT,
        launchWebAuthFlow: async () => `${REDIRECT}?code=c&state=s1&code_mac=m`,
      };
      await runOAuthFlow({ identity, companion, authUrl: async () => 'http://127.0.0.1:1' }, ['vendor']);
      expect(flow.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(flow.challenge).toBe(await codeChallengeOf(flow.verifier!));
      seen.push(flow);
    }
    // Every flow its own verifier.
    expect(seen[0]!.verifier).not.toBe(seen[1]!.verifier);
  });

  it('never exchanges a code that came back with the wrong state', async () => {
    const exchanged: string[] = [];
    const companion = fakeCompanion({
      start: async () => ({ authorize_url: 'http://127.0.0.1:1/oauth/authorize', state: 'good' }),
      exchangeCode: async (code) => {
        exchanged.push(code);
        return TOKENS;
      },
    });
    const identity = {
      getRedirectURL: () => REDIRECT,
      launchWebAuthFlow: async () => `${REDIRECT}?code=stolen&state=forged`,
    };
    await expect(
      runOAuthFlow({ identity, companion, authUrl: async () => 'http://127.0.0.1:1' }, ['vendor']),
    ).rejects.toThrow(/wrong state/);
    expect(exchanged).toEqual([]);
  });

  it("never opens a sign-in page that is not the platform's OAuth host", async () => {
    const opened: string[] = [];
    const companion = fakeCompanion({
      start: async () => ({ authorize_url: 'https://phish.example/oauth/authorize?state=s', state: 's' }),
    });
    const identity = {
      getRedirectURL: () => REDIRECT,
      launchWebAuthFlow: async (d: { url: string }) => (opened.push(d.url), undefined),
    };
    await expect(
      runOAuthFlow({ identity, companion, authUrl: async () => 'https://go.example.com' }, ['vendor']),
    ).rejects.toThrow(/not the platform's/);
    expect(opened).toEqual([]);
  });
});

describe('checkAuthorizeUrl', () => {
  it.each([
    ['https://go.example.com/oauth/authorize?x=1', true],
    ['https://go.example.com:444/oauth/authorize', false],
    ['https://api.example.com/oauth/authorize', false],
    ['https://go.example.com/oauth/authorize/../evil', false],
    ['http://go.example.com/oauth/authorize', false],
  ])('%s → %s', (url, ok) => {
    const check = () => checkAuthorizeUrl(url, 'https://go.example.com');
    if (ok) expect(check).not.toThrow();
    else expect(check).toThrow(/not the platform's/);
  });
});

describe('authorizeUrlFor', () => {
  const url =
    'http://127.0.0.1:9/oauth/authorize?response_type=code&client_id=c&scope=vendor&redirect_uri=http%3A%2F%2F127.0.0.1%3A8%2Foauth%2Freturn&state=s';
  it('keeps the URL as the companion built it in Chrome', () => {
    expect(authorizeUrlFor(url, false)).toBe(url);
  });
  it('leaves out only redirect_uri for Firefox', () => {
    const out = new URL(authorizeUrlFor(url, true));
    expect(out.searchParams.has('redirect_uri')).toBe(false);
    expect(Object.fromEntries(out.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'c',
      scope: 'vendor',
      state: 's',
    });
  });
});
