import { randomBytes } from 'node:crypto';
import { startCompanionProcess, type CompanionProcess } from '../../tests/support/companion/companion-process';
import { actingAs, issuePasses } from '../../tests/support/companion/feed-client';
import { freePort } from '../../tests/support/companion/env';
import type { RedisServer } from '../../tests/support/companion/redis-server';
import { startStubPlatform, STUB_ADMIN } from '../../tests/support/companion/stub-platform';
import { measure, PROCESS_WARMUP, warmUp, WARMUP, type Result } from './measure';

// The intake of whole companion processes (server/companion/main.ts, as deployed: request log lines included)
// sharing one Redis: one instance, then two taking the notifications in turn on the same callback path (any
// instance verifies it). On one machine the instances share its cores with Redis and the load, so the two-instance
// figure shows what a second instance costs and adds here, not what it would add on a machine of its own. Each
// process warms up longer than the in-process rows (measure.ts, PROCESS_WARMUP): it starts with nothing compiled.
// The processes are started and warmed once for their row's rounds (webhooks.ts): each round then has the
// in-process rows' warm-up (WARMUP), which opens the load's keep-alive sockets again after the bare round.

export interface InstancesRow {
  /** One measured round against the warm processes. */
  run(): Promise<Result>;
  stop(): Promise<void>;
}

const ACCOUNT = '55555555-5555-4555-8555-555555555555';
const TOKEN = 'bench-token';

/** Starts `count` companion processes on `redis`, registers the account and warms them up. */
export async function startInstances(redis: RedisServer, count: 1 | 2): Promise<InstancesRow> {
  const platform = await startStubPlatform({ [TOKEN]: ACCOUNT });
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const env = {
    COMPANION_ENV: 'development',
    PLATFORM_BASE_URL: platform.baseUrl,
    PLATFORM_AUTH_URL: platform.baseUrl,
    CLIENT_ID: 'bench-client',
    CLIENT_SECRET: 'bench-secret',
    ALLOWED_EXTENSION_IDS: 'abcdefghijklmnopabcdefghijklmnop',
    SIGNING_SECRET: randomBytes(32).toString('base64url'),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
    REDIS_URL: redis.url,
    FEED_MAX_ENTRIES: '10000',
  };
  // The pass the companion would have given this token, as paired with the administrator.
  await issuePasses(env.SIGNING_SECRET, { [TOKEN]: ACCOUNT }, [STUB_ADMIN]);
  const instances: CompanionProcess[] = [];
  const stop = async () => {
    for (const instance of instances) await instance.stop();
    await platform.close();
  };
  try {
    for (const port of ports) instances.push(await startCompanionProcess({ ...env, PORT: String(port) }));
    // An administrator's register makes the subscriptions (and so the callback path the load posts to).
    const registered = await fetch(`${instances[0]!.url}/feed/register`, {
      method: 'POST',
      headers: actingAs(TOKEN, STUB_ADMIN),
    });
    if (!registered.ok) throw new Error(`register answered ${registered.status}`);
    const path = new URL(platform.subscriptions.get(ACCOUNT)![0]!.callback_url).pathname;
    const urls = instances.map((i) => `${i.url}${path}`);
    // The instances take the notifications in turn: each gets its share of every warm-up.
    await warmUp(urls, platform.baseUrl, PROCESS_WARMUP * count);
    const name = count === 1 ? 'redis, 1 instance (process)' : 'redis, 2 instances (processes)';
    const processes = { companions: instances.map((i) => i.pid), redis: redis.pid, warmup: WARMUP * count };
    return { run: () => measure(name, urls, platform.baseUrl, processes), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
