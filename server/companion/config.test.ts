import { describe, expect, it } from 'vitest';
import { loadConfig, publicUrlIsAuto } from './config';

const BASE = {
  PLATFORM_BASE_URL: 'http://127.0.0.1:4000/',
  PLATFORM_AUTH_URL: 'http://127.0.0.1:4001',
  CLIENT_ID: 'client-id',
  CLIENT_SECRET: 'very-secret-client-secret-value',
  ALLOWED_EXTENSION_IDS: ' abcdefghijklmnopabcdefghijklmnop , fieldside@example.com ,',
  PUBLIC_URL: 'https://companion.example/',
};

describe('companion configuration', () => {
  it('parses the environment, trimming slashes and ids', () => {
    const config = loadConfig(BASE);
    expect(config).toMatchObject({
      platformBaseUrl: 'http://127.0.0.1:4000',
      platformAuthUrl: 'http://127.0.0.1:4001',
      publicUrl: 'https://companion.example',
      allowedExtensionIds: ['abcdefghijklmnopabcdefghijklmnop', 'fieldside@example.com'],
      host: '127.0.0.1',
      port: 8787,
    });
    expect(config.signingSecret.length).toBeGreaterThan(0);
  });

  it('lists every missing or bad variable in one error, without their values', () => {
    let message = '';
    try {
      loadConfig({ ...BASE, CLIENT_ID: undefined, PLATFORM_AUTH_URL: 'not-a-url', SIGNING_SECRET: 'short-secret-value', PORT: '70000' });
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
