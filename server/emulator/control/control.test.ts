import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordChange, RunningEmulator } from '../contracts';
import { createApi } from '../rest/test-support';
import { startEmulator } from '../start';
import { createControlClient } from './client';
import { CONTROL_HEADER } from './guard';

let emu: RunningEmulator;
let accountUuid: string;

beforeAll(async () => {
  emu = await startEmulator({ jobs: 300, seed: 9, quiet: true });
  accountUuid = emu.info.accounts[0]!.uuid;
});
afterAll(() => emu.close());

/** A raw request to the control surface, with any Host (fetch will not send a Host of its choosing). */
function raw(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: unknown,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${emu.info.base_url}/_emulator${path}`, { method, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('control surface guard', () => {
  const port = () => new URL(emu.info.base_url).port;

  it('answers a tool that names 127.0.0.1 or localhost and carries the token', async () => {
    for (const host of [`127.0.0.1:${port()}`, `localhost:${port()}`]) {
      const before = await emu.control.now();
      const answer = await raw(
        '/clock/advance',
        { host, [CONTROL_HEADER]: emu.info.control_token, 'content-type': 'application/json' },
        'POST',
        { seconds: 1 },
      );
      expect(answer.status, host).toBe(200);
      expect((await emu.control.now()) - before).toBeGreaterThanOrEqual(1000);
    }
  });

  it.each([
    [
      "no token (a page's simple request, or anything else on the machine)",
      () => ({ host: `127.0.0.1:${port()}` }),
      /control_token/,
    ],
    ['a wrong token', () => ({ host: `127.0.0.1:${port()}`, [CONTROL_HEADER]: 'guess' }), /control_token/],
    [
      'a rebound host name (DNS rebinding)',
      () => ({ host: `attacker.example:${port()}`, [CONTROL_HEADER]: emu.info.control_token }),
      /127\.0\.0\.1 or localhost/,
    ],
    [
      'a browser page (Origin)',
      () => ({
        host: `127.0.0.1:${port()}`,
        origin: 'https://attacker.example',
        [CONTROL_HEADER]: emu.info.control_token,
      }),
      /web pages/,
    ],
  ])('refuses %s with 403 and changes nothing', async (_name, headers, message) => {
    const before = await emu.control.now();
    const answer = await raw('/clock/advance', { ...headers(), 'content-type': 'application/json' }, 'POST', {
      seconds: 86_400,
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).message).toMatch(message);
    // The emulator's clock runs with real time; a day's jump did not happen.
    expect((await emu.control.now()) - before).toBeLessThan(60_000);
  });

  it('refuses the CORS preflight a page would need to send the header, with no CORS headers', async () => {
    const answer = await raw(
      '/clock/advance',
      {
        host: `127.0.0.1:${port()}`,
        origin: 'https://attacker.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': CONTROL_HEADER,
      },
      'OPTIONS',
    );
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-headers']).toBeUndefined();
  });
});

describe('control client', () => {
  it('info() answers what the emulator printed', async () => {
    expect(await createControlClient(emu.info).info()).toEqual(emu.info);
  });

  it('is refused without the token the emulator printed', async () => {
    await expect(createControlClient({ ...emu.info, control_token: 'not-it' }).info()).rejects.toThrow(/403/);
  });

  it('updateRecord changes a record as the office would, and raw serves malformed values', async () => {
    const api = createApi(emu.info.base_url, { apiKey: emu.info.accounts[0]!.api_key });
    const job = (await emu.control.listRecords(accountUuid, 'job')).find((j) => j.status !== 'Unsuccessful');
    await emu.control.advanceClock(5);
    await emu.control.updateRecord(accountUuid, 'job', String(job!.uuid), { status: 'Unsuccessful' });
    const after = (await api<Record<string, unknown>>('GET', `job/${job!.uuid}.json`)).body;
    expect(after.status).toBe('Unsuccessful');
    expect(String(after.edit_date) > String(job!.edit_date)).toBe(true);
    await expect(emu.control.updateRecord(accountUuid, 'job', String(job!.uuid), { status: 'Lost' })).rejects.toThrow(
      /status/,
    );
    await emu.control.updateRecord(
      accountUuid,
      'job',
      String(job!.uuid),
      { status: 42, surprise: true },
      { raw: true },
    );
    const raw = (await api<Record<string, unknown>>('GET', `job/${job!.uuid}.json`)).body;
    expect(raw.status).toBe(42);
    expect(raw.surprise).toBe(true);
  });

  it('createRecord and listRecords', async () => {
    const before = await emu.control.listRecords(accountUuid, 'category');
    const uuid = await emu.control.createRecord(accountUuid, 'category', { name: 'Solar', colour: '#ffcc00' });
    const after = await emu.control.listRecords(accountUuid, 'category');
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ uuid, name: 'Solar', active: 1 });
  });

  it('answers unknown accounts, types and records with clear errors', async () => {
    await expect(emu.control.listRecords('nope', 'job')).rejects.toThrow(/Unknown account/);
    await expect(emu.control.listRecords(accountUuid, 'spaceship')).rejects.toThrow(/Unknown record type/);
    await expect(
      emu.control.updateRecord(accountUuid, 'job', '00000000-0000-4000-8000-000000000000', {}),
    ).rejects.toThrow(/404/);
    await expect(emu.control.issueTokens(accountUuid, 'nobody', ['read_jobs'])).rejects.toThrow(/400/);
  });

  it('issueTokens gives a working bearer token; stats count requests and grants', async () => {
    const tokens = await emu.control.issueTokens(accountUuid, emu.info.accounts[0]!.staff[0]!.uuid, ['read_jobs']);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'read_jobs' });
    const before = await emu.control.stats();
    const res = await createApi(emu.info.base_url, { token: tokens.access_token })('GET', 'job.json?cursor=-1');
    expect(res.status).toBe(200);
    const after = await emu.control.stats();
    expect(after.requests).toBe(before.requests + 1);
    expect(after.recent.at(-1)).toBe('GET /api_1.0/job.json?cursor=-1');
    expect(after.grants).toEqual({ authorization_code: 0, refresh_token: 0 });
    // The webhook subscription list is one request too (its guards once ran twice on the bare path).
    const listed = await fetch(`${emu.info.base_url}/webhook_subscriptions`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(listed.status).toBe(200);
    expect((await emu.control.stats()).requests).toBe(after.requests + 1);
  });

  it('visibleJobUuids lists a technician’s jobs (visits and allocations) and none for the administrator', async () => {
    const tech = emu.info.accounts[0]!.staff.find((s) => s.role === 'technician')!;
    const jobs = await emu.control.visibleJobUuids(accountUuid, tech.uuid);
    expect(jobs.length).toBeGreaterThan(0);
    const records = [
      ...(await emu.control.listRecords(accountUuid, 'jobactivity')),
      ...(await emu.control.listRecords(accountUuid, 'joballocation')),
    ];
    const allocated = new Set(
      records.filter((a) => a.staff_uuid === tech.uuid && a.active === 1).map((a) => a.job_uuid),
    );
    expect(new Set(jobs)).toEqual(allocated);
  });
});

describe('change events', () => {
  it('REST and office writes emit RecordChange with the changed field names', async () => {
    // The webhook engine is the listener in production; here a subscription proves the events through it.
    const api = createApi(emu.info.base_url, { apiKey: emu.info.accounts[0]!.api_key });
    const received: RecordChange[] = [];
    const server = await import('node:http').then(({ createServer }) =>
      createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          if (body.startsWith('{')) received.push(JSON.parse(body) as RecordChange);
          res.end(new URLSearchParams(body).get('challenge') ?? 'ok');
        });
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const sub = await fetch(`${emu.info.base_url}/webhook_subscriptions/object`, {
        method: 'POST',
        headers: { 'x-api-key': emu.info.accounts[0]!.api_key, 'content-type': 'application/x-www-form-urlencoded' },
        body: `object=job&fields=status,job_description&callback_url=${encodeURIComponent(`http://127.0.0.1:${port}/hook`)}`,
      });
      expect(sub.status).toBe(200);
      const [, job] = await emu.control.listRecords(accountUuid, 'job');
      await api('POST', `job/${job!.uuid}.json`, { job_description: 'Changed over REST' });
      for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(JSON.stringify(received)).toContain(String(job!.uuid));
      expect(JSON.stringify(received)).toContain('job_description');
    } finally {
      server.close();
    }
  });
});
