import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDON_EVENTS } from '../../../server/companion/addon/events';
import { addonKey } from '../../../server/companion/addon/store/types';
import type { RunningCompanion } from '../../../server/companion/start';
import type { DevStack } from '../../../server/development/dev-stack';
import { activateAccount, personOf, platformEvent, postEvent } from '../../support/companion/addon-platform';
import type { AddonScene } from '../../support/companion/addon-scene';
import { untilQuiet } from '../../support/companion/quiet';
import { startTwoCompanions, type TwoCompanions } from '../../support/companion/two-companions';

// The account's own tokens, kept since its activation: sealed in the store two companion instances share (a real
// redis-server), refreshed once however many panels need it at once on either instance (the platform rotates
// refresh tokens: a second refresh would lose the account), and forgotten when the platform says the add-on was
// disabled. The companions' clock is moved, not the platform's: their tokens look old to them first.

let offsetMs = 0;
const now = () => Date.now() + offsetMs;
/** Every token the platform's token endpoint answered the companions, read off the wire. */
const issued: string[] = [];

const recordingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (String(input instanceof Request ? input.url : input).endsWith('/oauth/access_token') && res.ok) {
    const body = (await res.clone().json()) as { access_token?: string; refresh_token?: string };
    for (const t of [body.access_token, body.refresh_token]) if (t) issued.push(t);
  }
  return res;
};

let both: TwoCompanions;
let inspect: Redis;
let stack: DevStack;
let second: RunningCompanion;
let scene: AddonScene;
let panelEvent: TwoCompanions['panelEvent'];
let refreshes: TwoCompanions['refreshes'];
beforeAll(async () => {
  both = await startTwoCompanions({ now, fetch: recordingFetch });
  ({ inspect, stack, second, scene, panelEvent, refreshes } = both);
});
afterAll(() => both?.close());

const quiet = () => untilQuiet(stack, second);
const keptValue = () => inspect.get(addonKey('tokens', scene.account));

/** Every string value in the shared Redis. */
async function everyStoredValue(): Promise<string[]> {
  const keys = await inspect.keys('*');
  const values = await Promise.all(
    keys.map(async (k) => ((await inspect.type(k)) === 'string' ? ((await inspect.get(k)) ?? '') : '')),
  );
  return [...keys, ...values];
}

describe("the account's kept tokens", () => {
  it('are sealed at rest: the shared store holds no token text, only the sealed value under the account', async () => {
    const value = await keptValue();
    expect(value).toMatch(/^fsa2\.[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(issued.length).toBeGreaterThanOrEqual(2);
    const stored = (await everyStoredValue()).join('\n');
    for (const token of issued) expect(stored).not.toContain(token);
  });

  it('are kept through a later activation from the add-on store, and replaced by an administrator\'s "Activate again"', async () => {
    const account = stack.emulator.info.accounts[0]!;
    const before = await keptValue();
    expect((await activateAccount(stack, account)).status).toBe(403);
    expect(await keptValue()).toBe(before);
    const admin = personOf(account, 'administrator');
    const adminPanel = await platformEvent(stack.emulator.info.app.client_secret, {
      account: scene.account,
      staff: admin.uuid,
      eventName: ADDON_EVENTS.web,
      eventArgs: { jobUUID: scene.job.uuid },
    });
    const html = (await postEvent(stack.companion.url, adminPanel)).response;
    const link = /<a id="fieldside-activate" href="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    expect((await activateAccount(stack, account, { from: link })).status).toBe(200);
    expect(await keptValue()).not.toBe(before);
    expect((await postEvent(second.url, await panelEvent())).status).toBe(200);
  });

  it('are refreshed once when panels on both instances need it at the same moment, and every panel is shown', async () => {
    await quiet();
    const before = await refreshes();
    const kept = await keptValue();
    // 57 minutes on: the access token has less than the five minutes the companion wants left.
    offsetMs = 57 * 60_000;
    const tokens = await Promise.all(Array.from({ length: 8 }, panelEvent));
    const answers = await Promise.all(
      tokens.map((t, i) => postEvent(i % 2 === 0 ? stack.companion.url : second.url, t)),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.response).toContain(`Job #${scene.job.number}`);
    }
    expect(await refreshes()).toBe(before + 1);
    expect(await keptValue()).not.toBe(kept);
    // The refreshed tokens are good for another hour: no more refreshes.
    await postEvent(stack.companion.url, await panelEvent());
    expect(await refreshes()).toBe(before + 1);
    const stored = (await everyStoredValue()).join('\n');
    for (const token of issued) expect(stored).not.toContain(token);
  });

  it('are kept when the platform cannot be reached to refresh them, and the window says so in words', async () => {
    const kept = await keptValue();
    // Another hour on: the tokens refreshed above are old now.
    await quiet();
    offsetMs += 57 * 60_000;
    const before = await refreshes();
    await stack.emulator.control.injectFault({
      kind: 'status',
      status: 503,
      pathPrefix: '/oauth/access_token',
      count: 1,
    });
    const answer = await postEvent(stack.companion.url, await panelEvent());
    expect(answer.status).toBe(200);
    expect(answer.response).toContain('The platform could not be reached just now.');
    expect(answer.response).not.toMatch(/\b503\b/);
    expect(await keptValue()).toBe(kept);
    expect((await postEvent(second.url, await panelEvent())).response).toContain(`Job #${scene.job.number}`);
    expect(await refreshes()).toBe(before + 1);
  });

  it('are forgotten when the account turned Fieldside off, and the panel says so and who can turn it on again', async () => {
    await stack.emulator.control.revokeAccess(scene.account);
    const answer = await postEvent(second.url, await panelEvent());
    expect(answer.status).toBe(200);
    expect(answer.response).toContain('Fieldside has been turned off for this account, so it cannot show this job.');
    expect(answer.response).toContain('An administrator can turn it on again from the platform&#39;s add-on store.');
    expect(answer.response).not.toContain(scene.job.address.slice(0, 12));
    expect(await keptValue()).toBeNull();
    const next = await postEvent(stack.companion.url, await panelEvent());
    expect(next.status).toBe(200);
    expect(next.response).toContain('Fieldside is not turned on for this account');
  });
});
