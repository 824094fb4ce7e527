import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_PATHS } from '../../../contracts/companion-http';
import { startCompanion, type RunningCompanion } from '../../../server/companion/start';
import { callbackKey, signCallbackToken } from '../../../server/companion/webhooks/callback-token';
import { NOT_ACTIVATED_KEPT_MS } from '../../../server/companion/webhooks/not-activated-kept';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import { activateAccount } from '../../support/companion/addon-platform';
import { jobNotification, postJson } from '../../support/companion/feed-client';
import { startRedisServer, type RedisServer } from '../../support/companion/redis-server';

// Two companion instances sharing one Redis: an account activated through one is seen as activated by the other's
// webhook intake within NOT_ACTIVATED_KEPT_MS (each instance keeps an account's "not activated" that long:
// webhooks/not-activated-kept.ts), and by the instance it was activated through at once. A delivery to its callback
// URL is then answered 410 (its changes come signed, through the add-on).

let redis: RedisServer;
let stack: DevStack;
let second: RunningCompanion;
let seq = 1;

beforeAll(async () => {
  redis = await startRedisServer();
  stack = await startDevStack({ emulator: { jobs: 5, quiet: true }, env: { REDIS_URL: redis.url } });
  second = await startCompanion({ ...stack.companionEnv, PORT: '0', PUBLIC_URL: stack.companion.url });
});
afterAll(async () => {
  await second?.close();
  await stack?.close();
  await redis?.stop();
});

describe('an activation through one instance', () => {
  it('is seen by the other instance within the bound, and by its own at once', async () => {
    const account = stack.emulator.info.accounts[0]!;
    const key = await callbackKey(stack.companionEnv.SIGNING_SECRET!);
    const path = `${COMPANION_PATHS.webhooks}/${await signCallbackToken(key, account.uuid, 0)}`;
    const deliver = (base: string) =>
      postJson(`${base}${path}`, jobNotification(stack.emulator.info.base_url, { seq: seq++ }));

    // Not activated: both take the delivery as a poke, and the second instance now keeps that answer.
    expect((await deliver(stack.companion.url)).status).toBe(200);
    expect((await deliver(second.url)).status).toBe(200);

    expect((await activateAccount(stack, account)).status).toBe(200);
    const activatedAt = performance.now();
    expect((await deliver(stack.companion.url)).status).toBe(410);

    // Until the bound has passed the second instance may still take one as a poke; none sent after it.
    for (;;) {
      const sentAt = performance.now();
      const status = (await deliver(second.url)).status;
      if (status === 410) break;
      expect(status).toBe(200);
      expect(sentAt - activatedAt).toBeLessThan(NOT_ACTIVATED_KEPT_MS);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
