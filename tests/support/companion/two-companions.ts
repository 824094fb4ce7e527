import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { ADDON_EVENTS } from '../../../server/companion/addon/events';
import { startCompanion, type RunningCompanion } from '../../../server/companion/start';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import { activateAccount, platformEvent } from './addon-platform';
import { buildAddonScene, type AddonScene } from './addon-scene';
import { startRedisServer, type RedisServer } from './redis-server';

// The add-on's kept tokens under test (addon-tokens.test.ts, addon-token-positions.test.ts): the dev stack's
// companion and a second instance sharing one real redis-server, the account activated, and a technician's panel
// event to post to either. The kept tokens are under test, not the feed: changes are read as they come (not collected
// for 250 ms or held for the minute's share), so no read of the feed's refreshes the tokens in a test's window or takes
// its fault.

export interface TwoCompanions {
  redis: RedisServer;
  /** A connection of the test's own, to look into the shared store. */
  inspect: Redis;
  stack: DevStack;
  second: RunningCompanion;
  scene: AddonScene;
  /** A technician's job-card panel event, signed as the platform signs it. */
  panelEvent(): Promise<string>;
  /** Refresh grants the platform has answered so far. */
  refreshes(): Promise<number>;
  close(): Promise<void>;
}

export async function startTwoCompanions(opts: {
  /** The companions' clock. */
  now: () => number;
  /** The companions' fetch to the platform. */
  fetch: typeof fetch;
  env?: Record<string, string>;
}): Promise<TwoCompanions> {
  const redis = await startRedisServer();
  const inspect = new Redis(redis.url);
  const deps = { now: opts.now, fetch: opts.fetch, holdChanges: false };
  let stack: DevStack | undefined;
  let second: RunningCompanion | undefined;
  try {
    stack = await startDevStack({
      emulator: { jobs: 40, quiet: true },
      env: { REDIS_URL: redis.url, ...opts.env },
      companionDeps: deps,
    });
    second = await startCompanion({ ...stack.companionEnv, PORT: '0', PUBLIC_URL: stack.companion.url }, deps);
    expect((await activateAccount(stack, stack.emulator.info.accounts[0]!)).status).toBe(200);
    return await ready(redis, inspect, stack, second);
  } catch (error) {
    // What started is stopped: a failed start leaves no server behind.
    await second?.close();
    await stack?.close();
    inspect.disconnect();
    await redis.stop();
    throw error;
  }
}

/** The account's scene on the started companions, and what the tests call. */
async function ready(
  redis: RedisServer,
  inspect: Redis,
  stack: DevStack,
  second: RunningCompanion,
): Promise<TwoCompanions> {
  const scene = await buildAddonScene(stack.emulator.info, stack.emulator.control);
  await stack.emulator.control.setRateLimit(10_000, 100_000);
  return {
    redis,
    inspect,
    stack,
    second,
    scene,
    panelEvent: () =>
      platformEvent(stack.emulator.info.app.client_secret, {
        account: scene.account,
        staff: scene.technician.uuid,
        eventName: ADDON_EVENTS.web,
        eventArgs: { jobUUID: scene.job.uuid },
      }),
    refreshes: async () => (await stack.emulator.control.stats()).grants.refresh_token,
    async close() {
      await second.close();
      await stack.close();
      inspect.disconnect();
      await redis.stop();
    },
  };
}
