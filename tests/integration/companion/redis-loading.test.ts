import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companionEnv, freePort } from '../../support/companion/env';
import { startRedisServer, type RedisServer } from '../../support/companion/redis-server';

// ioredis is loaded only when REDIS_URL is set: a companion on memory (one instance, or an edge runtime with its
// own store) never loads the client or the Node built-ins it pulls in. Each configuration runs in a process of
// its own, so nothing another test loaded can hide or fake the answer; the Redis run shows the probe sees it.

const ROOT = resolve(import.meta.dirname, '../../..');
let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedisServer(); // fails the file when redis-server is missing
});
afterAll(() => redis?.stop());

async function ioredisLoaded(extra: Record<string, string> = {}): Promise<boolean> {
  const platform = `http://127.0.0.1:${await freePort()}`;
  const env = {
    ...process.env,
    ...companionEnv({ baseUrl: platform, authUrl: platform, clientId: 'id', clientSecret: 'secret' }),
    ...extra,
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'tests/support/companion/ioredis-probe.ts'],
    { cwd: ROOT, env, timeout: 30_000 },
  );
  const last = stdout.trim().split('\n').at(-1) ?? '';
  return (JSON.parse(last) as { ioredis: boolean }).ioredis;
}

describe('the Redis client', () => {
  it('is never loaded by a companion without REDIS_URL', async () => {
    expect(await ioredisLoaded()).toBe(false);
  });

  it('is loaded when REDIS_URL is set', async () => {
    expect(await ioredisLoaded({ REDIS_URL: redis.url })).toBe(true);
  });
});
