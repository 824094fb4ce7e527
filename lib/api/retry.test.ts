// The retry policy as ky runs it. The HTTP side against the real emulator is in
// tests/integration/client/faults.test.ts; here an injected fetch plays scripted answers so the
// timing rules (Retry-After, total-time bound) can be checked exactly.
import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from './errors';
import { createHttp } from './http';
import { createRateLimiter, createRateLimiterRegistry } from './rate-limiter';
import { kyRetryOptions, DEFAULT_RETRY } from './retry';

function scripted(answers: Array<() => Response>) {
  const calls: Request[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    calls.push(new Request(input, init));
    const next = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return next();
  };
  return { fetch, calls };
}
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const http = (fetch: ReturnType<typeof scripted>['fetch'], retry = {}) =>
  createHttp({
    baseUrl: 'http://127.0.0.1:1',
    auth: { kind: 'api_key', apiKey: 'k' },
    fetch,
    limiter: createRateLimiter({ perMinute: 1000, gate: { baseMs: 2, maxMs: 4 } }),
    retry: { baseDelayMs: 1, maxDelayMs: 5, ...retry },
  });

describe('retry policy', () => {
  it('honours Retry-After on a 429, then succeeds', async () => {
    const s = scripted([json(429, { errorCode: 429, message: 'slow' }, { 'retry-after': '0.3' }), json(200, [])]);
    const started = Date.now();
    const answer = await http(s.fetch).send({ method: 'GET', path: 'api_1.0/job.json?cursor=-1' });
    expect(answer.body).toEqual([]);
    expect(s.calls).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('retries 5xx and network errors up to the limit, then reports the last failure', async () => {
    const s = scripted([
      () => {
        throw new TypeError('fetch failed');
      },
      json(503, { errorCode: 503, message: 'Service temporarily unavailable' }),
    ]);
    const error = await http(s.fetch, { limit: 3 })
      .send({ method: 'GET', path: 'api_1.0/vendor.json' })
      .catch((e: unknown) => e);
    expect(s.calls).toHaveLength(4);
    expect(isApiError(error, 'ServerError')).toBe(true);
    expect(error).toMatchObject({ status: 503, message: expect.stringContaining('Service temporarily unavailable') });
  });

  it('a create is retried only when the platform surely wrote nothing: after a 429, never after a lost answer or a 5xx', async () => {
    const create = (fetch: ReturnType<typeof scripted>['fetch']) =>
      http(fetch)
        .send({ method: 'POST', path: 'api_1.0/note.json', json: { uuid: 'u' }, createsRecord: true })
        .catch((e: unknown) => e);
    const slowDown = scripted([
      json(429, { errorCode: 429, message: 'Number of allowed API requests per minute exceeded' }),
      json(200, { errorCode: 0, message: 'OK' }),
    ]);
    expect(await create(slowDown.fetch)).toMatchObject({ status: 200 });
    expect(slowDown.calls).toHaveLength(2);
    const lost = scripted([
      () => {
        throw new TypeError('fetch failed');
      },
      json(200, { errorCode: 0, message: 'OK' }),
    ]);
    expect(isApiError(await create(lost.fetch), 'NetworkError')).toBe(true);
    expect(lost.calls).toHaveLength(1);
    const failed = scripted([
      json(503, { errorCode: 503, message: 'Service temporarily unavailable' }),
      json(200, { errorCode: 0, message: 'OK' }),
    ]);
    expect(isApiError(await create(failed.fetch), 'ServerError')).toBe(true);
    expect(failed.calls).toHaveLength(1);
  });

  it('retries an idempotent POST (an update) but never 4xx', async () => {
    const s = scripted([json(500, { errorCode: 500, message: 'x' }), json(200, { errorCode: 0, message: 'OK' })]);
    await http(s.fetch).send({ method: 'POST', path: 'api_1.0/job/u.json', json: { status: 'Completed' } });
    expect(s.calls).toHaveLength(2);
    const t = scripted([json(400, { errorCode: 400, message: 'note is required' })]);
    const error = await http(t.fetch)
      .send({ method: 'POST', path: 'api_1.0/note.json', json: {} })
      .catch((e: unknown) => e);
    expect(t.calls).toHaveLength(1);
    expect(error).toMatchObject({
      name: 'ValidationError',
      status: 400,
      message: expect.stringContaining('note is required'),
    });
  });

  it('stops retrying once the total time budget is spent', async () => {
    let now = 0;
    const options = kyRetryOptions({ ...DEFAULT_RETRY, maxTotalMs: 1000 }, 0, () => now);
    const state = { error: new TypeError('fetch failed'), retryCount: 1 };
    expect(await options.shouldRetry!(state)).toBeUndefined(); // ky's own rules decide
    now = 1001;
    expect(await options.shouldRetry!(state)).toBe(false);
    expect(await options.shouldRetry!({ ...state, error: new ApiError('SignedOutError', 'x') })).toBe(false);
    expect(options.jitter).toBe(true);
    expect(options.methods).toContain('post');
  });

  it('fails at once on the daily-limit 429, with a RateLimitedError that says so', async () => {
    const daily = json(429, { errorCode: 429, message: 'Number of allowed API requests per day exceeded' });
    const s = scripted([daily, json(200, [])]);
    const started = Date.now();
    const error = await http(s.fetch, { baseDelayMs: 200, maxDelayMs: 200 })
      .send({ method: 'GET', path: 'api_1.0/job.json?cursor=-1' })
      .catch((e: unknown) => e);
    expect(s.calls).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(150); // no backoff waited
    expect(isApiError(error, 'RateLimitedError')).toBe(true);
    expect(error).toMatchObject({
      status: 429,
      limitWindow: 'day',
      message: expect.stringMatching(/per day exceeded.*daily request limit is used up/),
    });
  });

  it('reports a daily 429 to the account (whatever request met it), and nothing else', async () => {
    const reported: string[] = [];
    const registry = createRateLimiterRegistry({
      perMinute: 1000,
      gate: { baseMs: 2, maxMs: 4 },
      onDailyLimit: (account) => void reported.push(account),
    });
    const client = (answers: Array<() => Response>) =>
      createHttp({
        baseUrl: 'http://127.0.0.1:1',
        auth: { kind: 'api_key', apiKey: 'k' },
        fetch: scripted(answers).fetch,
        limiter: registry.forAccount('acct-1'),
        retry: { baseDelayMs: 1, maxDelayMs: 5 },
      });
    await client([json(429, { errorCode: 429, message: 'Number of allowed API requests per day exceeded' })])
      .send({ method: 'GET', path: 'api_1.0/securityrole.json' })
      .catch(() => undefined);
    expect(reported).toEqual(['acct-1']);
    await client([json(429, { errorCode: 429, message: 'Number of allowed API requests per minute exceeded' })])
      .send({ method: 'GET', path: 'api_1.0/staff.json' })
      .catch(() => undefined);
    await client([json(503, { errorCode: 503, message: 'down' })])
      .send({ method: 'GET', path: 'api_1.0/staff.json' })
      .catch(() => undefined);
    expect(reported).toEqual(['acct-1']);
  });

  it('still retries the per-minute 429 (no Retry-After) and marks it minute when the retries run out', async () => {
    const minute = json(429, { errorCode: 429, message: 'Number of allowed API requests per minute exceeded' });
    const s = scripted([minute, json(200, [])]);
    expect((await http(s.fetch).send({ method: 'GET', path: 'api_1.0/vendor.json' })).status).toBe(200);
    expect(s.calls).toHaveLength(2);
    const t = scripted([minute]);
    const error = await http(t.fetch, { limit: 2 })
      .send({ method: 'GET', path: 'api_1.0/vendor.json' })
      .catch((e: unknown) => e);
    expect(t.calls).toHaveLength(3);
    expect(error).toMatchObject({ name: 'RateLimitedError', limitWindow: 'minute' });
    expect((error as Error).message).not.toMatch(/daily/);
  });

  it('reads a daily 429 without using up a body it was not given buffered', async () => {
    const response = new Response(
      JSON.stringify({ errorCode: 429, message: 'Number of allowed API requests per day exceeded' }),
      { status: 429 },
    );
    const request = new Request('http://127.0.0.1:1/api_1.0/job.json');
    const error = new HTTPError(response, request, {} as ConstructorParameters<typeof HTTPError>[2]);
    const options = kyRetryOptions(DEFAULT_RETRY, Date.now());
    expect(await options.shouldRetry!({ error, retryCount: 1 })).toBe(false);
    expect(await response.text()).toContain('per day');
    const minute = new HTTPError(
      new Response('{"errorCode":429,"message":"Number of allowed API requests per minute exceeded"}', { status: 429 }),
      request,
      {} as ConstructorParameters<typeof HTTPError>[2],
    );
    expect(await options.shouldRetry!({ error: minute, retryCount: 1 })).toBeUndefined();
  });

  it('sends impersonation and OAuth headers, and replays a 401 once after a refresh', async () => {
    const s = scripted([json(401, { errorCode: 401, message: 'expired' }), json(200, [{ uuid: 'x' }])]);
    let token = 't1';
    const refreshed: string[] = [];
    const client = createHttp({
      baseUrl: 'http://127.0.0.1:1',
      auth: {
        kind: 'oauth',
        tokens: {
          getAccessToken: async () => token,
          onUnauthorized: async (failed) => {
            refreshed.push(failed);
            token = 't2';
            return token;
          },
        },
      },
      impersonateStaffUuid: 'staff-1',
      fetch: s.fetch,
    });
    const answer = await client.send({ method: 'GET', path: 'api_1.0/job.json?cursor=-1' });
    expect(answer.body).toEqual([{ uuid: 'x' }]);
    expect(refreshed).toEqual(['t1']);
    expect(s.calls.map((r) => r.headers.get('authorization'))).toEqual(['Bearer t1', 'Bearer t2']);
    expect(s.calls.every((r) => r.headers.get('x-impersonate-uuid') === 'staff-1')).toBe(true);
  });
});
