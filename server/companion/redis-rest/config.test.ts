import { describe, expect, it } from 'vitest';
import { loadRedisRestConfig } from './config';

const production = { development: false };

describe('the HTTP store configuration', () => {
  it('is absent without REDIS_REST_URL, and reads URL, token and poll interval when set', () => {
    expect(loadRedisRestConfig({}, production)).toBeUndefined();
    expect(loadRedisRestConfig({ REDIS_REST_URL: ' ', REDIS_REST_TOKEN: '' }, production)).toBeUndefined();
    expect(
      loadRedisRestConfig(
        { REDIS_REST_URL: 'https://kv.example', REDIS_REST_TOKEN: 't0k', REDIS_REST_POLL_SECONDS: '2' },
        production,
      ),
    ).toEqual({
      url: 'https://kv.example',
      token: 't0k',
      pollMs: 2000,
    });
  });

  it('names what is missing or unsafe, never a value', () => {
    const secret = 'never-show-this-token';
    const cases: Array<[Record<string, string>, { development: boolean }, RegExp]> = [
      [{ REDIS_REST_TOKEN: secret }, production, /REDIS_REST_URL: required when REDIS_REST_TOKEN is set/],
      [{ REDIS_REST_URL: 'https://kv.example' }, production, /REDIS_REST_TOKEN: required when REDIS_REST_URL is set/],
      [
        { REDIS_REST_URL: 'http://kv.example', REDIS_REST_TOKEN: secret },
        production,
        /REDIS_REST_URL: must be an https URL/,
      ],
      [{ REDIS_REST_URL: 'not a url', REDIS_REST_TOKEN: secret }, production, /REDIS_REST_URL: /],
      [
        { REDIS_REST_URL: 'https://kv.example', REDIS_REST_TOKEN: secret, REDIS_REST_POLL_SECONDS: '0' },
        production,
        /REDIS_REST_POLL_SECONDS/,
      ],
    ];
    for (const [env, opts, problem] of cases) {
      let message = '';
      try {
        loadRedisRestConfig(env, opts);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(/^Companion configuration is invalid: /);
      expect(message).toMatch(problem);
      expect(message).not.toContain(secret);
    }
  });

  it('allows http only in development or to this machine', () => {
    const http = { REDIS_REST_URL: 'http://kv.example', REDIS_REST_TOKEN: 't' };
    expect(loadRedisRestConfig(http, { development: true })?.url).toBe('http://kv.example');
    for (const local of ['http://127.0.0.1:8079', 'http://[::1]:8079', 'http://localhost:8079']) {
      expect(loadRedisRestConfig({ REDIS_REST_URL: local, REDIS_REST_TOKEN: 't' }, production)?.url).toBe(local);
    }
  });
});
