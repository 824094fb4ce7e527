import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { TokenResponse } from '../api/schemas';
import type { CompanionClient } from '../auth/companion-client';
import { createSecretStore } from '../auth/secrets/store';
import { createTokenKeeper } from '../auth/token-keeper';
import { readConnection, readSession } from '../settings/items';
import type { StaffSummary } from '../settings/schemas';
import type { PlatformReader } from './platform-reader';
import { createSessionService } from './session-service';
import { createWhoAreYou } from './who-are-you';
import { createPairing } from './pairing';
import { PairingError } from './pairing-errors';
import type { PairClaimReply } from '../../contracts/companion-http';

// "Who are you" as issue 17 leaves it until the platform signs who is using the browser: nobody
// preselected, asked once per sign-in, changed only by signing in again through the consent page; and
// whether someone may change the account's own settings, by the role the platform gives them now.
// The real session service, secret store and token keeper; the platform's answers and the consent
// page's redirect are stand-ins.

const REDIRECT = 'https://oiabnejaggoobcbkjnlidfgfieafjagp.chromiumapp.org/';
const ACCOUNT = { uuid: 'aaaaaaaa-0000-4000-8000-000000000001', name: 'Brightline', email: 'owner@brightline.example' };
const person = (n: number, role: string, isAdmin: boolean, email = `p${n}@brightline.example`): StaffSummary => ({
  uuid: `bbbbbbbb-0000-4000-8000-00000000000${n}`,
  name: `Person ${n}`,
  email,
  isAdmin,
  role,
});
const OWNER = person(1, 'Administrator', true, ACCOUNT.email);
const TECH = person(2, 'Field Technician', false);

const stores: ReturnType<typeof createSecretStore>[] = [];
afterEach(() => {
  stores.splice(0).forEach((s) => s.close());
  fakeBrowser.reset();
});

function setUp(options: { staff?: () => StaffSummary[]; consent?: () => 'allow' | 'deny' } = {}) {
  const secrets = createSecretStore(`fieldside-secrets-who-${Math.random()}`);
  stores.push(secrets);
  const tokens = createTokenKeeper({
    secrets,
    refresh: async () => Promise.reject(new Error('unused')),
    onRevoked: async () => undefined,
  });
  let flows = 0;
  let cleared = 0;
  const token: TokenResponse = {
    access_token: 'a',
    refresh_token: 'r',
    expires_in: 3600,
    token_type: 'bearer',
    scope: 'vendor read_staff',
  };
  const companion = {
    start: async () => ({ authorize_url: `${(await readConnection()).authUrl}/oauth/authorize`, state: `s${++flows}` }),
    exchangeCode: async () => token,
    refresh: async () => Promise.reject(new Error('unused')),
  } satisfies CompanionClient;
  const identity = {
    getRedirectURL: () => REDIRECT,
    launchWebAuthFlow: async () =>
      options.consent?.() === 'deny'
        ? `${REDIRECT}?error=access_denied&state=s${flows}`
        : `${REDIRECT}?code=c&state=s${flows}&code_mac=m`,
  };
  const reader = {
    vendor: async () => ACCOUNT,
    staff: async () => (options.staff ?? (() => [OWNER, TECH]))(),
    jobUuids: async () => [],
  } satisfies PlatformReader;
  const session = createSessionService({
    secrets,
    tokens,
    companion,
    reader,
    identity,
    clearCachedData: async () => void cleared++,
    scheduleRefresh: async () => undefined,
  });
  return { session, who: createWhoAreYou({ session, reader }), cleared: () => cleared };
}

describe('who are you', () => {
  it('lists the active staff with their roles and preselects nobody, not even the account holder', async () => {
    const { session, who } = setUp();
    await session.signIn();
    expect(await who.list()).toEqual({ staff: [OWNER, TECH] });
    expect((await session.view()).me).toBeNull();
  });

  it('is asked once: a second answer is refused, and the first stays', async () => {
    const { session, who } = setUp();
    await session.signIn();
    expect((await who.chooseMe(TECH.uuid)).me).toEqual(TECH);
    await expect(who.chooseMe(OWNER.uuid)).rejects.toMatchObject({
      name: 'NotAllowedError',
      message: expect.stringMatching(/sign in again/),
    });
    expect((await readSession())?.me).toEqual(TECH);
  });

  it('is asked afresh after signing in again, and the one before’s cached jobs are dropped', async () => {
    const { session, who, cleared } = setUp();
    await session.signIn();
    await who.chooseMe(OWNER.uuid);
    const before = cleared();
    const again = await session.signIn();
    expect(again).toMatchObject({ state: 'signed_in', me: null, viewAs: null });
    expect(cleared()).toBe(before + 1);
    expect((await who.chooseMe(TECH.uuid)).me).toEqual(TECH);
  });

  it('stays as it was when signing in again is denied on the consent page', async () => {
    let decision: 'allow' | 'deny' = 'allow';
    const { session, who } = setUp({ consent: () => decision });
    await session.signIn();
    await who.chooseMe(TECH.uuid);
    decision = 'deny';
    await expect(session.signIn()).rejects.toMatchObject({ name: 'OAuthFlowError' });
    expect((await session.view()).me).toEqual(TECH);
  });

  it('is kept when the person only allows Fieldside more (incremental authorisation)', async () => {
    const { session, who } = setUp();
    await session.signIn();
    await who.chooseMe(TECH.uuid);
    expect((await session.requestFeature('badges')).me).toEqual(TECH);
  });
});

describe('who may change the account’s own settings', () => {
  it('an administrator, by the role the platform gives them now', async () => {
    let ownerIsAdmin = true;
    const { session, who } = setUp({ staff: () => [{ ...OWNER, isAdmin: ownerIsAdmin }, TECH] });
    await session.signIn();
    expect(await who.isAdministrator()).toBe(false); // not said who they are yet
    await who.chooseMe(OWNER.uuid);
    expect(await who.isAdministrator()).toBe(true);
    ownerIsAdmin = false;
    expect(await who.isAdministrator()).toBe(false);
  });

  it('not a technician; the API key (the account’s own) always', async () => {
    const { session, who } = setUp();
    await session.signIn();
    await who.chooseMe(TECH.uuid);
    expect(await who.isAdministrator()).toBe(false);
    await session.useApiKey('private-app-key');
    expect(await who.isAdministrator()).toBe(true);
  });
});

describe('paired from the job card: the platform says who this is', () => {
  const CODE = 'c'.repeat(32);
  /** The companion's answer to a claim: a stand-in that records what was claimed. */
  function pairingOf(who: ReturnType<typeof setUp>['who'], answer: () => PairClaimReply) {
    const claimed: string[] = [];
    const pairing = createPairing({ who, client: { claim: async (code) => (claimed.push(code), answer()) } });
    return { pairing, claimed };
  }
  const signedFor = (staff: StaffSummary, account = ACCOUNT.uuid): PairClaimReply => ({
    account_uuid: account,
    staff_uuid: staff.uuid,
    staff_name: staff.name,
    identity: 'identity.of.pairing',
    fieldside_pass: 'pass.of.pairing',
  });

  it('replaces the name the person chose, ends "view as", and the choice is gone', async () => {
    const { session, who } = setUp();
    await session.signIn();
    await who.chooseMe(OWNER.uuid);
    await who.viewAs(TECH.uuid);
    const { pairing, claimed } = pairingOf(who, () => signedFor(TECH));
    expect(await pairing.pair(CODE)).toEqual({ staffName: TECH.name });
    expect(claimed).toEqual([CODE]);
    expect(await session.view()).toMatchObject({ me: TECH, meSource: 'platform', viewAs: TECH });
    expect((await readSession())?.viewAs).toBeNull();
    await expect(who.chooseMe(OWNER.uuid)).rejects.toMatchObject({
      name: 'NotAllowedError',
      message: expect.stringMatching(/platform told Fieldside you are Person 2/),
    });
  });

  it('is kept when the person only allows Fieldside more, and gone after signing in again', async () => {
    const { session, who } = setUp();
    await session.signIn();
    await pairingOf(who, () => signedFor(TECH)).pairing.pair(CODE);
    expect(await session.requestFeature('badges')).toMatchObject({ me: TECH, meSource: 'platform' });
    expect(await session.signIn()).toMatchObject({ me: null, meSource: null });
  });

  it("refuses a job card of another business's account, and changes nothing", async () => {
    const { session, who } = setUp();
    await session.signIn();
    await who.chooseMe(OWNER.uuid);
    await expect(pairingOf(who, () => signedFor(TECH, 'another-account')).pairing.pair(CODE)).rejects.toMatchObject({
      name: 'PairingError',
      problem: 'other_account',
    });
    expect(await session.view()).toMatchObject({ me: OWNER, meSource: 'chosen' });
  });

  it('says what to do when Fieldside is signed out or uses an API key, without asking the companion', async () => {
    const { session, who } = setUp();
    const { pairing, claimed } = pairingOf(who, () => signedFor(TECH));
    await expect(pairing.pair(CODE)).rejects.toMatchObject({
      problem: 'signed_out',
      message: expect.stringMatching(/not signed in/),
    });
    await session.useApiKey('private-app-key');
    await expect(pairing.pair(CODE)).rejects.toMatchObject({ problem: 'api_key' });
    expect(claimed).toEqual([]);
  });

  it('refuses a staff member who is not active in the account', async () => {
    const { session, who } = setUp({ staff: () => [OWNER] });
    await session.signIn();
    await expect(pairingOf(who, () => signedFor(TECH)).pairing.pair(CODE)).rejects.toMatchObject({
      problem: 'not_staff',
    });
    expect((await session.view()).me).toBeNull();
  });

  it("passes the companion's refusal on in the person's words", async () => {
    const { session, who } = setUp();
    await session.signIn();
    const { pairing } = pairingOf(who, () => {
      throw new PairingError('expired');
    });
    await expect(pairing.pair(CODE)).rejects.toMatchObject({
      message: expect.stringMatching(/more than a few minutes old.*choose Fieldside/),
    });
  });
});
