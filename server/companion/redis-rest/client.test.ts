import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { redisBehindRestForFile } from '../../../tests/support/companion/redis-rest-server';
import { createRedisRestClient, isRedisReplyError } from './client';

// The HTTP Redis client against a real redis-server behind a local server speaking the protocol, and against
// servers that do not speak it.

const servers = redisBehindRestForFile();

/** A server that answers every request with `status` and `body`, as a proxy's error page would. */
async function answering(status: number, body: string, contentType = 'text/html') {
  const server = createServer((_req, res) => res.writeHead(status, { 'content-type': contentType }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('Redis over HTTP client', () => {
  it('runs a command and answers its result, null for nil', async () => {
    const client = createRedisRestClient({ url: servers.rest.url, token: servers.rest.token });
    const key = `client-${crypto.randomUUID()}`;
    expect(await client.command(['SET', key, 'value'])).toBe('OK');
    expect(await client.command(['GET', key])).toBe('value');
    expect(await client.command(['INCRBY', `${key}:n`, 5])).toBe(5);
    expect(await client.command(['GET', `${key}:absent`])).toBeNull();
  });

  it("throws Redis's own refusal as a reply error, and in a pipeline answers it for that command only", async () => {
    const client = createRedisRestClient({ url: servers.rest.url, token: servers.rest.token });
    const key = `client-${crypto.randomUUID()}`;
    const refused = await client.command(['XINFO', 'STREAM', key]).catch((e: unknown) => e);
    expect(isRedisReplyError(refused)).toBe(true);
    expect((refused as Error).message).toMatch(/no such key/);
    const [set, wrong, get] = await client.pipeline([
      ['SET', key, '1'],
      ['XRANGE', key, '-', '+'],
      ['GET', key],
    ]);
    expect(set).toEqual({ ok: true, result: 'OK' });
    expect(wrong!.ok).toBe(false);
    expect(get).toEqual({ ok: true, result: '1' });
    expect(await client.pipeline([])).toEqual([]);
  });

  it('says in words when the store is unreachable, refuses the token, or does not speak the protocol', async () => {
    const token = 'secret-token-not-in-messages';
    await expect(createRedisRestClient({ url: 'http://127.0.0.1:1', token }).command(['PING'])).rejects.toThrow(
      /could not be reached/,
    );
    const refusedToken = createRedisRestClient({ url: servers.rest.url, token }).command(['PING']);
    await expect(refusedToken).rejects.toThrow(/refused the companion: check REDIS_REST_TOKEN/);
    await expect(refusedToken).rejects.not.toThrow(new RegExp(token));
    for (const [status, body] of [
      [502, '<html>Bad gateway</html>'],
      [200, '{}'],
      [200, '[{"result":1}]'],
    ] as const) {
      const other = await answering(status, body, body.startsWith('<') ? 'text/html' : 'application/json');
      try {
        const client = createRedisRestClient({ url: other.url, token });
        await expect(client.command(['PING'])).rejects.toThrow(/answered outside its protocol/);
        await expect(client.pipeline([['PING'], ['PING']])).rejects.toThrow(/answered a pipeline outside its protocol/);
      } finally {
        await other.close();
      }
    }
  });

  it('gives up on a store that does not answer in time', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const client = createRedisRestClient({
        url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        token: 't',
        timeoutMs: 200,
      });
      await expect(client.command(['PING'])).rejects.toThrow(/could not be reached/);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
});
