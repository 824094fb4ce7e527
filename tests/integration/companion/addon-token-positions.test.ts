import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountTokens, sealAccountTokens } from '../../../server/companion/addon/sealed-tokens';
import { addonKey } from '../../../server/companion/addon/store/types';
import type { RunningCompanion } from '../../../server/companion/start';
import type { DevStack } from '../../../server/development/dev-stack';
import { REFRESH_TOKENS } from '../../../server/emulator/switches';
import { personOf, postEvent } from '../../support/companion/addon-platform';
import type { AddonScene } from '../../support/companion/addon-scene';
import { SIGNING_SECRET } from '../../support/companion/env';
import { untilQuiet } from '../../support/companion/quiet';
import { startTwoCompanions, type TwoCompanions } from '../../support/companion/two-companions';
import type { Redis } from 'ioredis';

// The account's kept tokens (server/companion/addon/account-tokens.ts) under each reading of what the platform does
// with a spent refresh token (the emulator's switch refreshTokens; FIDELITY.md #10): two companion instances sharing
// one Redis, panels on both needing a refresh at the same moment. Under every position the account keeps a refresh
// token that works, hour after hour: never "undefined", never dropped as if the add-on had been turned off.

let offsetMs = 0;
const now = () => Date.now() + offsetMs;
/** Run once, just before the companions' next refresh reaches the platform. */
let beforeRefresh: (() => Promise<void>) | undefined;
const hookedFetch: typeof fetch = async (input, init) => {
  const hook = beforeRefresh;
  if (hook && String(init?.body ?? '').includes('grant_type=refresh_token')) {
    beforeRefresh = undefined;
    await hook();
  }
  return fetch(input, init);
};

let both: TwoCompanions;
let inspect: Redis;
let stack: DevStack;
let second: RunningCompanion;
let scene: AddonScene;
let panelEvent: TwoCompanions['panelEvent'];
let refreshes: TwoCompanions['refreshes'];
beforeAll(async () => {
  both = await startTwoCompanions({ now, fetch: hookedFetch, env: { SIGNING_SECRET } });
  ({ inspect, stack, second, scene, panelEvent, refreshes } = both);
});
afterAll(() => both?.close());

/** The account's tokens as the companions keep them, opened. */
async function kept() {
  const value = await inspect.get(addonKey('tokens', scene.account));
  return value === null ? undefined : openAccountTokens(SIGNING_SECRET, scene.account, value);
}

/** Eight panels at once, half on each instance, 57 minutes after the tokens were last refreshed: all shown. */
async function panelsAnHourLater(): Promise<void> {
  await untilQuiet(stack, second);
  offsetMs += 57 * 60_000;
  const tokens = await Promise.all(Array.from({ length: 8 }, panelEvent));
  const answers = await Promise.all(tokens.map((t, i) => postEvent(i % 2 ? second.url : stack.companion.url, t)));
  for (const a of answers) {
    expect(a.status).toBe(200);
    expect(a.response).toContain(`Job #${scene.job.number}`);
  }
}

describe("the account's kept tokens under each reading of the platform's refresh", () => {
  it.each(REFRESH_TOKENS)('%s: refreshed once by either instance, and again an hour later', async (refreshTokens) => {
    await stack.emulator.control.setSwitches({ refreshTokens });
    try {
      for (let hour = 0; hour < 2; hour++) {
        const before = { refreshes: await refreshes(), tokens: await kept() };
        expect(before.tokens?.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
        await panelsAnHourLater();
        expect(await refreshes()).toBe(before.refreshes + 1);
        const after = await kept();
        expect(after?.accessToken).not.toBe(before.tokens?.accessToken);
        expect(after?.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
        // A new one when the platform gives one, else the one it still takes.
        if (refreshTokens === 'keep' || refreshTokens === 'omit')
          expect(after?.refreshToken).toBe(before.tokens?.refreshToken);
        else expect(after?.refreshToken).not.toBe(before.tokens?.refreshToken);
      }
    } finally {
      await stack.emulator.control.setSwitches({ refreshTokens: 'rotate' });
    }
  });
});

describe('tokens replaced while the old ones were being refused', () => {
  // Last in the file: the account turns Fieldside off.
  it('are the ones used: an account that activated again is not taken for one that turned Fieldside off', async () => {
    const { control, info } = stack.emulator;
    const admin = personOf(info.accounts[0]!, 'administrator');
    const scope = (await kept())!.scope;
    await control.revokeAccess(scene.account);
    // The administrator activates again while a panel's refresh of the old tokens is on its way to the platform.
    beforeRefresh = async () => {
      const fresh = await control.issueTokens(scene.account, admin.uuid, scope.split(' '));
      const tokens = { accessToken: fresh.access_token, refreshToken: fresh.refresh_token, scope };
      const value = await sealAccountTokens(SIGNING_SECRET, scene.account, { ...tokens, expiresAt: now() + 3600_000 });
      await inspect.set(addonKey('tokens', scene.account), value);
    };
    await untilQuiet(stack, second);
    offsetMs += 57 * 60_000;
    const answer = await postEvent(stack.companion.url, await panelEvent());
    expect(beforeRefresh).toBeUndefined();
    expect(answer.response).toContain(`Job #${scene.job.number}`);
    expect(answer.response).not.toContain('Fieldside has been turned off');
    expect((await kept())?.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
