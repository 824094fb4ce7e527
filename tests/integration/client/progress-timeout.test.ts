// Timeouts that follow progress, against real local servers on 127.0.0.1: a body trickling in for
// several times the limits still arrives whole; a body that stops, or an answer that never starts,
// fails as a NetworkError in bounded time and is retried as before; the emulator's slow answer is
// retried and the walk completes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isApiError } from '../../../lib/api/errors';
import { createHttp, type HttpOptions } from '../../../lib/api/http';
import { createRateLimiter } from '../../../lib/api/rate-limiter';
import { startPlatform, type Platform } from './platform';
import { setUpFile } from '../../support/set-up-file';

/** Short limits, so that a trickle lasting several of them is quick to serve. */
const LIMITS = { timeoutMs: 300, stallMs: 300 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A server on an ephemeral port of 127.0.0.1 answering every request with `handle`. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse, attempt: number) => Promise<void> | void) {
  let attempts = 0;
  const server: Server = createServer((req, res) => {
    void handle(req, res, ++attempts);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    attempts: () => attempts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // the stalled ones too
        server.close(() => resolve());
      }),
  };
}

function http(baseUrl: string, extra: Partial<HttpOptions> = {}) {
  return createHttp({
    baseUrl,
    auth: { kind: 'api_key', apiKey: 'test' },
    limiter: createRateLimiter({ perMinute: 100_000 }),
    retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 2 },
    ...LIMITS,
    ...extra,
  });
}

const records = Array.from({ length: 400 }, (_, i) => ({
  uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  note: 'é'.repeat(i % 7),
}));
const body = JSON.stringify(records);

let server: Awaited<ReturnType<typeof serve>> | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('timeouts that follow progress', () => {
  it('reads a body that trickles in for several times the limits, since bytes keep arriving', async () => {
    // 16 pieces, each after a pause of a quarter of the stall limit: the whole answer takes about four times each
    // limit, and never goes quiet for one, even when a loaded machine fires a pause's timer late (at half the limit,
    // one late timer would be a stall). The cut falls inside multi-byte characters too.
    const limits = { timeoutMs: 1_000, stallMs: 1_000 };
    const pieces = 16;
    const bytes = Buffer.from(body);
    server = await serve(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-next-cursor': records[9]!.uuid });
      res.flushHeaders();
      for (let i = 0; i < pieces; i++) {
        await sleep(limits.stallMs / 4);
        res.write(
          bytes.subarray(Math.floor((i * bytes.length) / pieces), Math.floor(((i + 1) * bytes.length) / pieces)),
        );
      }
      res.end();
    });
    const answer = await http(server.baseUrl, limits).send({ method: 'GET', path: 'api_1.0/job.json?cursor=-1' });
    expect(answer.body).toEqual(records);
    expect(answer.headers.get('x-next-cursor')).toBe(records[9]!.uuid);
    expect(server.attempts()).toBe(1); // never cut off and retried
  }, 15_000);

  it('fails a body that stops arriving as a NetworkError, after retrying it', async () => {
    server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(Buffer.from(body).subarray(0, 1000)); // then nothing, the connection left open
    });
    const error = await http(server.baseUrl)
      .send({ method: 'GET', path: 'api_1.0/job.json?cursor=-1' })
      .catch((e: unknown) => e);
    expect(isApiError(error, 'NetworkError')).toBe(true);
    expect((error as Error).message).toBe(
      'GET /api_1.0/job.json: the platform stopped sending: nothing arrived for 0.3 s after 1000 bytes of the answer',
    );
    expect(server.attempts()).toBe(3); // the first attempt and two retries
  }, 10_000);

  it('fails an answer that never starts as a NetworkError, after retrying it', async () => {
    server = await serve(() => undefined); // accepts, never answers
    const error = await http(server.baseUrl)
      .send({ method: 'GET', path: 'api_1.0/vendor.json' })
      .catch((e: unknown) => e);
    expect(isApiError(error, 'NetworkError')).toBe(true);
    expect((error as Error).message).toBe('GET /api_1.0/vendor.json: no answer from the platform within 0.3 s');
    expect(server.attempts()).toBe(3);
  }, 10_000);

  it("ends a slow body at the caller's abort, with the caller's reason and no retry", async () => {
    server = await serve(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 100 && !res.destroyed; i++) {
        res.write(' ');
        await sleep(20);
      }
      res.end('[]');
    });
    const controller = new AbortController();
    const sent = http(server.baseUrl).send({
      method: 'GET',
      path: 'api_1.0/job.json?cursor=-1',
      signal: controller.signal,
    });
    await sleep(100);
    controller.abort(new Error('the user signed out'));
    await expect(sent).rejects.toThrow('the user signed out');
    expect(server.attempts()).toBe(1);
  }, 10_000);
});

describe('against the emulator', () => {
  let platform: Platform;
  setUpFile(async (own) => {
    platform = own(await startPlatform({ jobs: 2500, seed: 5 }));
  });

  it('an answer slower to start than the limit is retried, and the walk completes', async () => {
    // Limits with room for a loaded machine: the emulator's ordinary pages of 1,000 jobs must start well within them
    // (at 300 ms one of them sometimes did not, under load 9, and was retried too), the delayed one well after.
    const api = platform.apiKeyClient({ timeoutMs: 1500, stallMs: 1500 });
    await platform.control.injectFault({ kind: 'delay', delayMs: 4000, count: 1, pathPrefix: '/api_1.0/job.json' });
    const before = (await platform.control.stats()).requests;
    const uuids: string[] = [];
    for await (const page of api.jobs.pages()) uuids.push(...page.records.map((j) => j.uuid));
    expect(new Set(uuids).size).toBe(2500);
    expect((await platform.control.stats()).requests - before).toBe(3 + 1); // three pages, one of them twice
    await platform.control.clearFaults();
  });
});
