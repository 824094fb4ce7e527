import { describe, expect, it } from 'vitest';
import { codeChallengeOf } from '../../../contracts/installation-binding';
import { flowOf } from '../../../server/companion/oauth/code-mac';
import type { DevStack } from '../../../server/development/dev-stack';
import { createSignInDriver, firstTechnician, type SignInDriver } from '../../../server/development/sign-in-driver';
import { CHROME_REDIRECT, forTestExtensions, postJson } from '../../support/companion/env';
import { createCodeVerifier, createTestInstallation } from '../../support/companion/installation';
import { platformRequestsWhenQuiet } from '../../support/companion/quiet';
import { startQuietStack } from '../../support/companion/quiet-stack';
import { setUpFile } from '../../support/set-up-file';

// Issue 29, finding 1: a sign-in code is redeemable only by the flow that started it. A thief who sees the Return
// URL's code (another extension, a proxy, a log) and starts a flow of its own at the companion gets nothing: the
// companion hands a code on once, marked for the state it came with, and the platform refuses a code at a Return URL
// other than the one its authorize request named. Against the real companion and emulator.

let stack: DevStack;
const newDriver = (): Promise<SignInDriver> =>
  createSignInDriver({
    companionUrl: stack.companion.url,
    authUrl: stack.emulator.info.auth_url,
    person: firstTechnician(stack.emulator.info),
  });
/** Every request the emulator served (REST and OAuth alike). */
const platformRequests = () => platformRequestsWhenQuiet(stack);

/** The thief's own flow: a genuine state from the companion, with a verifier and installation of its own. */
async function thiefsFlow() {
  const installation = await createTestInstallation();
  const verifier = createCodeVerifier();
  const started = await postJson(`${stack.companion.url}/oauth/start`, {
    redirect_url: CHROME_REDIRECT,
    scopes: ['read_jobs', 'vendor'],
    code_challenge: await codeChallengeOf(verifier),
    installation: installation.id,
  });
  const { state } = (await started.json()) as { state: string };
  return { installation, verifier, state };
}

setUpFile(async (own) => {
  stack = own(
    await startQuietStack({
      emulator: { jobs: 50, quiet: true },
      ...forTestExtensions(),
    }),
  );
});

describe('a stolen sign-in code', () => {
  it("redeemed with the thief's own flow is refused, costs the platform nothing, and the victim still signs in", async () => {
    const victim = await newDriver();
    const flow = await victim.toCode();
    const thief = await thiefsFlow();
    const before = await platformRequests();

    // The thief posts it with its own state, verifier and installation, with the victim's mark or none ...
    for (const codeMac of [flow.codeMac, '']) {
      const stolen = await postJson(`${stack.companion.url}/oauth/token`, {
        code: flow.code,
        state: thief.state,
        code_mac: codeMac || 'f.AAAA',
        code_verifier: thief.verifier,
        installation_key: thief.installation.key,
      });
      expect(stolen.status).toBe(400);
      expect(await stolen.json()).toMatchObject({ error: 'invalid_grant' });
    }
    // ... or first hands it to its own flow's Return URL, as the platform would have, for a mark of its own.
    const returned = await fetch(
      `${stack.companion.url}/oauth/return/${await flowOf(thief.state)}?${new URLSearchParams({ code: flow.code, state: thief.state })}`,
      { redirect: 'manual' },
    );
    expect(returned.status).toBe(400);
    expect(await returned.text()).toMatch(/already/);
    expect(await platformRequests()).toBe(before);

    const own = await victim.exchange(flow);
    expect(own.status).toBe(200);
  });

  it('with a forged code_mac is refused before the platform is asked', async () => {
    const victim = await newDriver();
    const flow = await victim.toCode();
    const before = await platformRequests();
    // The mark with its last character changed: another spelling of the same bytes or other bytes, refused either way.
    const forged = `f.${flow.codeMac.slice(2, -1)}${flow.codeMac.endsWith('A') ? 'B' : 'A'}`;
    const answer = await victim.exchange({ ...flow, codeMac: forged });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await platformRequests()).toBe(before);
    expect((await victim.exchange(flow)).status).toBe(200);
  });

  it("is refused by the platform itself at another flow's Return URL, even past the companion", async () => {
    const victim = await newDriver();
    const flow = await victim.toCode();
    // The flow came back to its own Return URL, derived from its state.
    expect(flow.returnPath).toBe(`/oauth/return/${await flowOf(flow.state)}`);
    const { info } = stack.emulator;
    const redeem = (redirectUri: string) =>
      fetch(`${info.auth_url}/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: info.app.client_id,
          client_secret: info.app.client_secret,
          code: flow.code,
          redirect_uri: redirectUri,
        }),
      });
    const thief = await thiefsFlow();
    const elsewhere = await redeem(`${stack.companion.url}/oauth/return/${await flowOf(thief.state)}`);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await redeem(`${stack.companion.url}${flow.returnPath}`)).status).toBe(200);
  });

  it('of a browser that leaves redirect_uri out (Firefox) comes to the registered Return URL, marked all the same', async () => {
    const driver = await newDriver();
    const flow = await driver.toCode(CHROME_REDIRECT, 'allow', { omitRedirectUri: true });
    expect(flow.returnPath).toBe('/oauth/return');
    expect(flow.codeMac).toMatch(/^r\./);
    const thief = await thiefsFlow();
    const stolen = await driver.exchange(
      { ...flow, state: thief.state, verifier: thief.verifier },
      { installation: thief.installation },
    );
    expect(stolen.status).toBe(400);
    expect((await driver.exchange(flow)).status).toBe(200);
  });

  it("a flow's Return URL refuses another flow's state", async () => {
    const driver = await newDriver();
    const flow = await driver.toCode();
    const thief = await thiefsFlow();
    const crossed = await fetch(
      `${stack.companion.url}/oauth/return/${await flowOf(thief.state)}?${new URLSearchParams({ code: 'x', state: flow.state })}`,
      { redirect: 'manual' },
    );
    expect(crossed.status).toBe(400);
    expect(await crossed.text()).toMatch(/another sign-in/);
  });
});
