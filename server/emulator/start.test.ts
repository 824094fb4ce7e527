import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './cli';
import { DEFAULT_RETURN_URL } from './options';
import { startEmulator } from './start';

describe('startEmulator', () => {
  it('serves REST on base_url and OAuth and the web app on a second origin (auth_url === web_url), each only there', async () => {
    const emu = await startEmulator({ jobs: 20, quiet: true, returnUrl: 'https://companion.example/oauth/return' });
    try {
      expect(emu.info.auth_url).not.toBe(emu.info.base_url);
      expect(emu.info.web_url).toBe(emu.info.auth_url);
      expect(emu.info.app.return_url).toBe('https://companion.example/oauth/return');
      const authorize = `/oauth/authorize?response_type=code&client_id=${emu.info.app.client_id}&scope=read_jobs`;
      expect((await fetch(`${emu.info.auth_url}${authorize}`)).status).not.toBe(404);
      expect((await fetch(`${emu.info.base_url}${authorize}`)).status).toBe(404);
      expect((await fetch(`${emu.info.auth_url}/api_1.0/job.json`)).status).toBe(404);
      expect((await fetch(`${emu.info.auth_url}/webhook_subscriptions`)).status).toBe(404);
      expect((await fetch(`${emu.info.auth_url}/_emulator/info`)).status).toBe(404);
      expect((await emu.control.info()).base_url).toBe(emu.info.base_url);
    } finally {
      await emu.close();
    }
  });

  it('binds 127.0.0.1, takes the web port from authPort, and is deterministic per seed', async () => {
    const a = await startEmulator({ jobs: 20, seed: 8, quiet: true });
    const port = Number(new URL(a.info.web_url).port);
    await a.close();
    const b = await startEmulator({ jobs: 20, seed: 8, quiet: true, authPort: port });
    const c = await startEmulator({ jobs: 20, seed: 8, quiet: true });
    try {
      expect(b.info.web_url).toBe(`http://127.0.0.1:${port}`);
      for (const url of [b.info.base_url, b.info.auth_url, b.info.web_url])
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(b.info.app.return_url).toBe(DEFAULT_RETURN_URL);
      const strip = (info: typeof b.info) => ({ ...info, base_url: '', auth_url: '', web_url: '', control_token: '' });
      expect(strip(b.info)).toEqual(strip(c.info));
    } finally {
      await Promise.all([b.close(), c.close()]);
    }
  });

  it('takes every switch as an option, and refuses a bad one', async () => {
    const switches = {
      pageSize: 5000,
      uuidReuse: 'duplicate',
      webhookContentType: 'form',
      unparsableFilter: 'refuse',
      createdFields: 'given',
      isIndividual: 'number',
      eventNotificationShape: 'event-entry',
      attachmentReupload: 'refuse',
      tokenView: 'grantor',
      impersonation: 'narrows',
      smsRepeat: 'once',
      rateWindow: 'sliding',
      refusedRequests: 'counted',
      deliveryOrder: 'unordered',
      refreshTokens: 'omit',
    } as const;
    const emu = await startEmulator({ jobs: 20, quiet: true, ...switches });
    try {
      expect(await emu.control.switches()).toEqual(switches);
    } finally {
      await emu.close();
    }
    await expect(startEmulator({ jobs: 20, quiet: true, pageSize: 0 })).rejects.toThrow(/pageSize/);
  });
});

describe('command-line options', () => {
  it('parses every option, with defaults', () => {
    expect(parseArgs([])).toMatchObject({ port: 8080, authPort: 8081, jobs: 5000, seed: 1 });
    expect(parseArgs(['--port', '0'])).toMatchObject({ port: 0, authPort: 0 });
    expect(
      parseArgs([
        '--port',
        '0',
        '--jobs=200000',
        '--seed',
        '3',
        '--return-url',
        'http://127.0.0.1:9000/r',
        '--auth-port',
        '9001',
        '--rate-limit',
        '60',
        '--rate-limit-per-day',
        '500',
      ]),
    ).toEqual({
      port: 0,
      authPort: 9001,
      jobs: 200000,
      seed: 3,
      returnUrl: 'http://127.0.0.1:9000/r',
      rateLimitPerMinute: 60,
      rateLimitPerDay: 500,
    });
    expect(
      parseArgs([
        '--page-size',
        '5000',
        '--uuid-reuse',
        'refuse',
        '--webhook-content-type',
        'form',
        '--unparsable-filter=refuse',
        '--is-individual',
        'number',
        '--event-notification-shape=event-entry',
        '--attachment-reupload',
        'refuse',
        '--token-view',
        'grantor',
        '--impersonation=narrows',
        '--rate-window',
        'sliding',
        '--refused-requests=counted',
        '--delivery-order',
        'unordered',
        '--refresh-tokens',
        'grace',
        '--refresh-token-lifetime=86400',
        '--callback-timeout-ms',
        '250',
      ]),
    ).toMatchObject({
      pageSize: 5000,
      uuidReuse: 'refuse',
      webhookContentType: 'form',
      unparsableFilter: 'refuse',
      isIndividual: 'number',
      eventNotificationShape: 'event-entry',
      attachmentReupload: 'refuse',
      tokenView: 'grantor',
      impersonation: 'narrows',
      rateWindow: 'sliding',
      refusedRequests: 'counted',
      deliveryOrder: 'unordered',
      refreshTokens: 'grace',
      refreshTokenLifetimeSeconds: 86400,
      callbackTimeoutMs: 250,
    });
  });

  it('registers an add-on from its event URL and its manifest file, checked as startEmulator checks it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-addon-'));
    const good = join(dir, 'good.json');
    writeFileSync(
      good,
      JSON.stringify({
        name: 'Helper',
        version: '1',
        actions: [{ name: 'Helper', type: 'online', entity: 'job', event: 'helper' }],
      }),
    );
    expect(parseArgs(['--addon-url', 'http://127.0.0.1:9/addon/event', '--addon-manifest', good]).addon).toEqual({
      eventUrl: 'http://127.0.0.1:9/addon/event',
      manifest: {
        name: 'Helper',
        version: '1',
        actions: [{ name: 'Helper', type: 'online', entity: 'job', event: 'helper' }],
      },
    });
    const noActions = join(dir, 'none.json');
    writeFileSync(noActions, JSON.stringify({ name: 'Helper', version: '1', actions: [] }));
    expect(() => parseArgs(['--addon-url', 'http://127.0.0.1:9/e', '--addon-manifest', noActions])).toThrow(
      /at manifest\.actions\): the add-on declares no action/,
    );
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "name": ');
    expect(() => parseArgs(['--addon-url', 'http://127.0.0.1:9/e', '--addon-manifest', broken])).toThrow(/is not JSON/);
    expect(() =>
      parseArgs(['--addon-url', 'http://127.0.0.1:9/e', '--addon-manifest', join(dir, 'missing.json')]),
    ).toThrow(/Cannot read --addon-manifest/);
    expect(() => parseArgs(['--addon-url', 'http://127.0.0.1:9/e'])).toThrow(
      /--addon-url and --addon-manifest go together/,
    );
    // The Activation URL, where the web app's Add-ons page sends an administrator, rides along with the add-on.
    expect(
      parseArgs([
        '--addon-url',
        'http://127.0.0.1:9/e',
        '--addon-manifest',
        good,
        '--addon-activation-url',
        'http://127.0.0.1:9/activate',
      ]).addon?.activationUrl,
    ).toBe('http://127.0.0.1:9/activate');
    expect(() => parseArgs(['--addon-activation-url', 'http://127.0.0.1:9/activate'])).toThrow(
      /--addon-activation-url belongs to an add-on/,
    );
  });

  it.each([
    [['--jobs', 'many'], /Invalid --jobs/],
    [['--port', '70000'], /Invalid --port/],
    [['--colour', 'red'], /Unknown option --colour/],
    [['--return-url', 'not a url'], /Invalid --return-url/],
    [['stray'], /Unexpected argument/],
    [['--seed'], /needs a value/],
    [['--rate-limit-per-day', '0'], /Invalid --rate-limit-per-day/],
    [['--page-size', '0'], /Invalid --page-size/],
    [['--page-size', '10001'], /Invalid --page-size/],
    [['--uuid-reuse', 'merge'], /Invalid --uuid-reuse/],
    [['--webhook-content-type', 'xml'], /Invalid --webhook-content-type/],
    [['--unparsable-filter', 'guess'], /Invalid --unparsable-filter/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
