import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../contracts';
import { CONTROL_HEADER } from '../control/guard';
import { startEmulator } from '../start';
import { createApi, useSeededEmulator } from './test-support';

type Err = { errorCode: number; message: string };

const emulator = useSeededEmulator({ jobs: 200, seed: 5 });
const { api } = emulator;
afterEach(async () => {
  await emulator.control.clearFaults();
  await emulator.control.setRateLimit(100_000, 100_000);
});

const DAY_MS = 86_400_000;

/** The windows are fixed clock minutes: a test counting requests starts at the top of one so its loop cannot
 * straddle two (CI once saw 181 of 181 served when the loop crossed a minute boundary). */
async function toTopOfMinute(control: RunningEmulator['control']): Promise<void> {
  const now = await control.now();
  await control.advanceClock((Math.ceil(now / 60_000) * 60_000 - now + 1) / 1000);
}
const DAILY_TEXT = 'Number of allowed API requests per day exceeded';

describe('rate limit', () => {
  it('answers 429 with the platform text past the limit, per app per emulator.account, until the minute passes', async () => {
    await toTopOfMinute(emulator.control);
    await emulator.control.setRateLimit(5);
    for (let i = 0; i < 5; i++) expect((await api('GET', 'category.json')).status).toBe(200);
    const limited = await api<Err>('GET', 'category.json');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ errorCode: 429, message: 'Number of allowed API requests per minute exceeded' });
    const otherAccount = createApi(emulator.info.base_url, { apiKey: emulator.info.accounts[1]!.api_key });
    expect((await otherAccount('GET', 'category.json')).status).toBe(200);
    expect((await emulator.control.stats()).requests).toBeGreaterThan(0);
    await emulator.control.advanceClock(60);
    expect((await api('GET', 'category.json')).status).toBe(200);
  });

  it('starts at 180 a minute by default', async () => {
    const fresh = await startEmulator({ jobs: 10, seed: 5, quiet: true });
    try {
      const freshApi = createApi(fresh.info.base_url, { apiKey: fresh.info.accounts[0]!.api_key });
      await toTopOfMinute(fresh.control);
      const statuses: number[] = [];
      for (let i = 0; i < 181; i++) statuses.push((await freshApi('GET', 'badge.json')).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(180);
      expect(statuses[180]).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});

describe('daily rate limit', () => {
  it('answers 429 "per day" past the daily limit, per app per account; a new minute does not clear it, the next UTC day does', async () => {
    await emulator.control.setRateLimit(1_000, 5);
    for (let i = 0; i < 5; i++) expect((await api('GET', 'category.json')).status).toBe(200);
    const limited = await api<Err>('GET', 'category.json');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ errorCode: 429, message: DAILY_TEXT });
    expect(limited.headers.get('retry-after')).toBeNull(); // none documented, none sent
    const otherAccount = createApi(emulator.info.base_url, { apiKey: emulator.info.accounts[1]!.api_key });
    expect((await otherAccount('GET', 'category.json')).status).toBe(200);

    await emulator.control.advanceClock(60);
    expect((await api<Err>('GET', 'category.json')).body.message).toBe(DAILY_TEXT);

    // Fixed windows on the UTC day, not a rolling 24 hours: just before midnight still refused, just after served.
    const untilMidnight =
      (Math.floor((await emulator.control.now()) / DAY_MS) + 1) * DAY_MS - (await emulator.control.now());
    await emulator.control.advanceClock((untilMidnight - 5_000) / 1000);
    expect((await api('GET', 'category.json')).status).toBe(429);
    await emulator.control.advanceClock(6);
    expect((await api('GET', 'category.json')).status).toBe(200);
  });

  it('says "per day" when both limits are spent, and a request refused per minute does not use up the day', async () => {
    await toTopOfMinute(emulator.control);
    await emulator.control.setRateLimit(2, 3);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api('GET', 'category.json')).status);
    expect(statuses).toEqual([200, 200, 429, 429]); // per minute: the day has 1 left
    await emulator.control.advanceClock(60);
    expect((await api('GET', 'category.json')).status).toBe(200);
    const spent = await api<Err>('GET', 'category.json');
    expect(spent.body.message).toBe(DAILY_TEXT);
  });

  it('setRateLimit(perMinute) alone keeps the daily limit, and starts both counts afresh', async () => {
    await emulator.control.setRateLimit(1_000, 2);
    for (let i = 0; i < 2; i++) await api('GET', 'category.json');
    await emulator.control.setRateLimit(500);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await api('GET', 'category.json')).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('the control route takes either limit alone, and refuses a body with neither', async () => {
    const post = (body: unknown) =>
      fetch(`${emulator.info.base_url}/_emulator/rate-limit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CONTROL_HEADER]: emulator.info.control_token },
        body: JSON.stringify(body),
      });
    expect((await post({ perDay: 1 })).status).toBe(200);
    expect((await api('GET', 'category.json')).status).toBe(200);
    expect((await api<Err>('GET', 'category.json')).body.message).toBe(DAILY_TEXT);
    const refused = await post({});
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/perMinute or perDay is required/);
    expect((await post({ perDay: 0 })).status).toBe(400);
  });
});

describe('faults', () => {
  it('status: the next N requests get the status, then normal service', async () => {
    await emulator.control.injectFault({ kind: 'status', status: 503, count: 2 });
    const first = await api<Err>('GET', 'category.json');
    expect(first.status).toBe(503);
    expect(first.body.errorCode).toBe(503);
    expect((await api('GET', 'category.json')).status).toBe(503);
    expect((await api('GET', 'category.json')).status).toBe(200);
    expect((await emulator.control.stats()).faultsInjected).toBeGreaterThanOrEqual(2);
  });

  it('drop: the connection closes without an answer', async () => {
    await emulator.control.injectFault({ kind: 'drop', count: 1 });
    await expect(api('GET', 'category.json')).rejects.toThrow();
    expect((await api('GET', 'category.json')).status).toBe(200);
  });

  it('lose_answer: the request is carried out, and the connection closes before its answer', async () => {
    await emulator.control.injectFault({ kind: 'lose_answer', count: 1, pathPrefix: '/api_1.0/category.json' });
    const uuid = randomUUID();
    await expect(api('POST', 'category.json', { uuid, name: 'Lost answer' })).rejects.toThrow();
    const read = await api<{ name: string }>('GET', `category/${uuid}.json`);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('Lost answer');
  });

  it('delay: the answer comes after the delay', async () => {
    await emulator.control.injectFault({ kind: 'delay', delayMs: 300, count: 1 });
    const started = performance.now();
    expect((await api('GET', 'category.json')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('hold: the request waits unanswered until the faults are cleared, then is carried out', async () => {
    const before = (await emulator.control.stats()).faultsInjected;
    await emulator.control.injectFault({ kind: 'hold', count: 1, pathPrefix: '/api_1.0/category.json' });
    let answered = false;
    const held = api('GET', 'category.json').then((res) => ((answered = true), res));
    await expect.poll(async () => (await emulator.control.stats()).faultsInjected).toBeGreaterThan(before);
    // Other requests go on meanwhile, and the held one is still waiting after them.
    expect((await api('GET', 'company.json')).status).toBe(200);
    expect(answered).toBe(false);
    await emulator.control.clearFaults();
    expect((await held).status).toBe(200);
  });

  it('after: the first matching requests go through untouched, the fault applies from the next', async () => {
    await emulator.control.injectFault({
      kind: 'status',
      status: 503,
      rate: 1,
      after: 2,
      pathPrefix: '/api_1.0/category',
    });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api('GET', 'category.json')).status);
    // Other paths neither count toward `after` nor meet the fault.
    expect((await api('GET', 'company.json')).status).toBe(200);
    statuses.push((await api('GET', 'category.json')).status);
    expect(statuses).toEqual([200, 200, 503, 503, 503]);
  });

  it('method: only requests of that method meet the fault; others of the path go through', async () => {
    await emulator.control.injectFault({
      kind: 'status',
      status: 400,
      count: 1,
      method: 'POST',
      pathPrefix: '/api_1.0/category',
    });
    expect((await api('GET', 'category.json')).status).toBe(200);
    expect((await api('POST', 'category.json', { name: 'Refused once' })).status).toBe(400);
    expect((await api('POST', 'category.json', { name: 'Taken' })).status).toBe(200);
  });

  it('rate_limit: a 429 burst', async () => {
    await emulator.control.injectFault({ kind: 'rate_limit', count: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api('GET', 'category.json')).status);
    expect(statuses).toEqual([429, 429, 429, 200]);
  });

  it('at a rate, until cleared, only under pathPrefix, never on the control surface', async () => {
    await emulator.control.injectFault({ kind: 'status', status: 500, rate: 0.5, pathPrefix: '/api_1.0/job' });
    const statuses = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await api('GET', 'job/00000000-0000-4000-8000-000000000000.json')).status);
    expect(statuses.filter((s) => s === 500).length).toBeGreaterThan(5);
    expect(statuses.filter((s) => s === 404).length).toBeGreaterThan(5);
    expect((await api('GET', 'category.json')).status).toBe(200);
    expect((await emulator.control.info()).base_url).toBe(emulator.info.base_url);
    await emulator.control.clearFaults();
    for (let i = 0; i < 5; i++)
      expect((await api('GET', 'job/00000000-0000-4000-8000-000000000000.json')).status).toBe(404);
  });

  it('applies to OAuth token requests', async () => {
    await emulator.control.injectFault({ kind: 'status', status: 503, count: 1, pathPrefix: '/oauth/access_token' });
    const res = await fetch(`${emulator.info.auth_url}/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&client_id=x&client_secret=y&refresh_token=z',
    });
    expect(res.status).toBe(503);
    const after = await fetch(`${emulator.info.auth_url}/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&client_id=x&client_secret=y&refresh_token=z',
    });
    expect(after.status).not.toBe(503);
  });

  it('refuses a malformed fault with a clear error', async () => {
    await expect(emulator.control.injectFault({ kind: 'explode' as 'drop' })).rejects.toThrow(/Invalid body: kind/);
  });
});

describe('clock', () => {
  it('advances the emulator clock, which stamps edit_date', async () => {
    const before = await emulator.control.now();
    await emulator.control.advanceClock(72 * 3600);
    const after = await emulator.control.now();
    expect(after - before).toBeGreaterThanOrEqual(72 * 3600 * 1000);
    expect(after - before).toBeLessThan(72 * 3600 * 1000 + 60_000);
    const category = ((await api('GET', 'category.json')).body as Record<string, string>[])[0]!;
    await api('POST', `category/${category.uuid}.json`, { colour: '#000000' });
    const stamped = ((await api('GET', `category/${category.uuid}.json`)).body as Record<string, string>).edit_date!;
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Australia/Sydney',
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(after);
    expect(stamped.slice(0, 13)).toBe(local.slice(0, 13));
  });
});
