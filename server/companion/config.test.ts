import { describe, expect, it } from 'vitest';
import { CHROME_EXTENSION_ID } from '../../contracts/extension-ids';
import { DEFAULT_ADDON_SDK_URL, DEFAULT_LIMITS, DEFAULT_STORE_LINKS, loadConfig, publicUrlIsAuto } from './config';

/** A production configuration: the default environment. */
const PRODUCTION = {
  PLATFORM_BASE_URL: 'https://api.platform.example/',
  PLATFORM_AUTH_URL: 'https://go.platform.example',
  CLIENT_ID: 'client-id',
  CLIENT_SECRET: 'very-secret-client-secret-value',
  ALLOWED_EXTENSION_IDS: ' abcdefghijklmnopabcdefghijklmnop , fieldside@example.com ,',
  PUBLIC_URL: 'https://companion.example/',
  SIGNING_SECRET: 'a-signing-secret-of-its-own-0123456789',
};

/** A development machine: the emulator on 127.0.0.1. */
const BASE = {
  ...PRODUCTION,
  COMPANION_ENV: 'development',
  PLATFORM_BASE_URL: 'http://127.0.0.1:4000/',
  PLATFORM_AUTH_URL: 'http://127.0.0.1:4001',
};

describe('companion configuration', () => {
  it('parses the environment, trimming slashes and ids', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({
      development: false,
      platformBaseUrl: 'https://api.platform.example',
      platformAuthUrl: 'https://go.platform.example',
      publicUrl: 'https://companion.example',
      allowedExtensionIds: ['abcdefghijklmnopabcdefghijklmnop', 'fieldside@example.com'],
      host: '127.0.0.1',
      port: 8787,
      limits: DEFAULT_LIMITS,
      signingSecret: PRODUCTION.SIGNING_SECRET,
      storeLinks: DEFAULT_STORE_LINKS,
      addonSdkUrl: DEFAULT_ADDON_SDK_URL,
      shutdownGraceMs: 8_000,
    });
  });

  it("takes the client SDK URL of the add-on's panel, https only outside development", () => {
    expect(loadConfig({ ...PRODUCTION, ADDON_SDK_URL: 'https://sdk.platform.example/sdk.js' }).addonSdkUrl).toBe(
      'https://sdk.platform.example/sdk.js',
    );
    expect(() => loadConfig({ ...PRODUCTION, ADDON_SDK_URL: 'http://sdk.platform.example/sdk.js' })).toThrow(
      /ADDON_SDK_URL: must be an https URL/,
    );
  });

  it('reads the store links and the shutdown grace, and takes only https links', () => {
    const config = loadConfig({
      ...PRODUCTION,
      CHROME_WEB_STORE_URL: 'https://chromewebstore.google.com/detail/abc',
      FIREFOX_ADD_ONS_URL: 'https://addons.mozilla.org/firefox/addon/fieldside/',
      SHUTDOWN_GRACE_SECONDS: '20',
    });
    expect(config.storeLinks).toEqual({
      chrome: 'https://chromewebstore.google.com/detail/abc',
      firefox: 'https://addons.mozilla.org/firefox/addon/fieldside/',
    });
    expect(config.shutdownGraceMs).toBe(20_000);
    for (const mode of ['production', 'development']) {
      expect(() =>
        loadConfig({ ...BASE, COMPANION_ENV: mode, CHROME_WEB_STORE_URL: 'http://store.example/fieldside' }),
      ).toThrow(/CHROME_WEB_STORE_URL: must be an https URL/);
    }
  });

  it('names each missing secret, and refuses a signing secret that is the App Secret, without saying either', () => {
    const message = (env: Record<string, string | undefined>): string => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected the configuration to be refused');
    };
    expect(message({ ...PRODUCTION, CLIENT_SECRET: undefined })).toMatch(
      /CLIENT_SECRET: required \(the add-on's App Secret\)/,
    );
    expect(message({ ...PRODUCTION, CLIENT_SECRET: '  ' })).toMatch(/CLIENT_SECRET: required/);
    expect(message({ ...PRODUCTION, SIGNING_SECRET: undefined })).toMatch(
      /SIGNING_SECRET: required outside development/,
    );
    // Development may derive one (every instance of one app still agrees), and says nothing.
    expect(loadConfig({ ...BASE, SIGNING_SECRET: undefined }).signingSecret).not.toBe('');
    const same = 'the-app-secret-used-twice-0123456789abcdef';
    for (const mode of ['production', 'development']) {
      const refused = message({
        ...PRODUCTION,
        ...(mode === 'development' ? BASE : {}),
        CLIENT_SECRET: same,
        SIGNING_SECRET: same,
      });
      expect(refused).toMatch(/SIGNING_SECRET: must differ from CLIENT_SECRET/);
      expect(refused).not.toContain(same);
    }
  });

  it('reads the limits', () => {
    const config = loadConfig({
      ...PRODUCTION,
      OAUTH_LIMIT_PER_INSTALLATION: '5',
      OAUTH_LIMIT_PER_ACCOUNT: '50',
      FEED_STREAMS_PER_TOKEN: '1',
      FEED_STREAMS_PER_ACCOUNT: '9',
      ACCESS_TOKEN_LIFETIME_SECONDS: '60',
      FEED_STREAM_RECHECK_SECONDS: '7',
      FEED_SUBSCRIPTIONS_RECHECK_SECONDS: '900',
    });
    expect(config.limits).toEqual({
      ...DEFAULT_LIMITS,
      oauthPerInstallation: 5,
      oauthPerAccount: 50,
      streamsPerToken: 1,
      streamsPerAccount: 9,
      accessTokenLifetimeMs: 60_000,
      streamRecheckMs: 7_000,
      subscriptionsRecheckMs: 900_000,
    });
  });

  it('outside development, refuses http platform URLs, a public URL taken from requests or over http, and the development id', () => {
    const refusals: Array<[string, Record<string, string | undefined>, RegExp]> = [
      [
        'an http REST URL',
        { PLATFORM_BASE_URL: 'http://api.platform.example' },
        /PLATFORM_BASE_URL: must be an https URL outside development/,
      ],
      [
        'an http OAuth URL',
        { PLATFORM_AUTH_URL: 'http://go.platform.example' },
        /PLATFORM_AUTH_URL: must be an https URL outside development/,
      ],
      ['PUBLIC_URL auto', { PUBLIC_URL: 'auto' }, /PUBLIC_URL: required outside development/],
      ['no PUBLIC_URL', { PUBLIC_URL: undefined }, /PUBLIC_URL: required outside development/],
      ['an http PUBLIC_URL', { PUBLIC_URL: 'http://companion.example' }, /PUBLIC_URL: must be an https URL/],
      [
        'the development Chrome id',
        { ALLOWED_EXTENSION_IDS: `${CHROME_EXTENSION_ID},fieldside@example.com` },
        /ALLOWED_EXTENSION_IDS: .* development build's id/,
      ],
    ];
    for (const [name, change, message] of refusals) {
      // The listening URL does not stand in for PUBLIC_URL outside development either.
      expect(() => loadConfig({ ...PRODUCTION, ...change }, { listeningUrl: 'http://127.0.0.1:5555' }), name).toThrow(
        message,
      );
      expect(
        () =>
          loadConfig(
            { ...PRODUCTION, ...change, COMPANION_ENV: 'development' },
            { listeningUrl: 'http://127.0.0.1:5555' },
          ),
        name,
      ).not.toThrow();
    }
    expect(() => loadConfig({ ...PRODUCTION, COMPANION_ENV: 'staging' })).toThrow(/COMPANION_ENV/);
  });

  it('lists every missing or bad variable in one error, without their values', () => {
    let message = '';
    try {
      loadConfig({
        ...BASE,
        CLIENT_ID: undefined,
        PLATFORM_AUTH_URL: 'not-a-url',
        SIGNING_SECRET: 'short-secret-value',
        PORT: '70000',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/CLIENT_ID/);
    expect(message).toMatch(/PLATFORM_AUTH_URL/);
    expect(message).toMatch(/SIGNING_SECRET/);
    expect(message).toMatch(/PORT/);
    expect(message).not.toContain('short-secret-value');
    expect(message).not.toContain(BASE.CLIENT_SECRET);
  });

  it('fills PUBLIC_URL from the listening URL when it is `auto`, empty or absent', () => {
    for (const PUBLIC_URL of ['auto', '', undefined]) {
      const env = { ...BASE, PUBLIC_URL };
      expect(publicUrlIsAuto(env)).toBe(true);
      expect(loadConfig(env, { listeningUrl: 'http://127.0.0.1:5555' }).publicUrl).toBe('http://127.0.0.1:5555');
      expect(() => loadConfig(env)).toThrow(/PUBLIC_URL/);
    }
    expect(publicUrlIsAuto(BASE)).toBe(false);
    expect(loadConfig(BASE, { listeningUrl: 'http://127.0.0.1:5555' }).publicUrl).toBe('https://companion.example');
  });

  it('refuses a PUBLIC_URL that is neither a URL nor `auto`', () => {
    expect(() => loadConfig({ ...BASE, PUBLIC_URL: 'companion' })).toThrow(/PUBLIC_URL/);
  });
});
