import { describe, expect, it } from 'vitest';
import { parseArgs } from './cli';
import { DEFAULT_RETURN_URL, startEmulator } from './start';

describe('startEmulator', () => {
  it('serves OAuth on a separate auth port when asked, and only there', async () => {
    const emu = await startEmulator({ jobs: 20, authPort: 0, quiet: true, returnUrl: 'https://companion.example/oauth/return' });
    try {
      expect(emu.info.auth_url).not.toBe(emu.info.base_url);
      expect(emu.info.app.return_url).toBe('https://companion.example/oauth/return');
      const authorize = `/oauth/authorize?response_type=code&client_id=${emu.info.app.client_id}&scope=read_jobs`;
      expect((await fetch(`${emu.info.auth_url}${authorize}`)).status).not.toBe(404);
      expect((await fetch(`${emu.info.base_url}${authorize}`)).status).toBe(404);
      expect((await fetch(`${emu.info.auth_url}/api_1.0/job.json`)).status).toBe(404);
    } finally {
      await emu.close();
    }
  });

  it('shares one port by default, binds 127.0.0.1 and is deterministic per seed', async () => {
    const a = await startEmulator({ jobs: 20, seed: 8, quiet: true });
    const b = await startEmulator({ jobs: 20, seed: 8, quiet: true });
    try {
      expect(a.info.auth_url).toBe(a.info.base_url);
      expect(a.info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(a.info.app.return_url).toBe(DEFAULT_RETURN_URL);
      const strip = (info: typeof a.info) => ({ ...info, base_url: '', auth_url: '' });
      expect(strip(a.info)).toEqual(strip(b.info));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('command-line options', () => {
  it('parses every option, with defaults', () => {
    expect(parseArgs([])).toMatchObject({ port: 8080, jobs: 5000, seed: 1 });
    expect(
      parseArgs(['--port', '0', '--jobs=200000', '--seed', '3', '--return-url', 'http://127.0.0.1:9000/r', '--auth-port', '0', '--rate-limit', '60', '--rate-limit-per-day', '500']),
    ).toEqual({ port: 0, authPort: 0, jobs: 200000, seed: 3, returnUrl: 'http://127.0.0.1:9000/r', rateLimitPerMinute: 60, rateLimitPerDay: 500 });
  });

  it.each([
    [['--jobs', 'many'], /Invalid --jobs/],
    [['--port', '70000'], /Invalid --port/],
    [['--colour', 'red'], /Unknown option --colour/],
    [['--return-url', 'not a url'], /Invalid --return-url/],
    [['stray'], /Unexpected argument/],
    [['--seed'], /needs a value/],
    [['--rate-limit-per-day', '0'], /Invalid --rate-limit-per-day/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
