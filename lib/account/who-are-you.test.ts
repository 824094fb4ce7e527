import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { sessionItem } from '../settings/items';
import { readSession } from '../settings/validated-reads';
import { closeStores, OWNER, signedInBackground, TECH } from './testing/signed-in';

// "Who are you": nobody preselected, asked once per sign-in, changed only by signing in again through the consent
// page; and whether someone may change the account's own settings: only a person the platform vouched for
// (pairing, lib/account/pairing.test.ts), by the role the platform gives them now. A name chosen from the list
// narrows what Fieldside shows and never widens it. The real session service, secret store and token keeper; the
// platform's answers and the consent page's redirect are stand-ins (./testing/signed-in.ts).

afterEach(() => {
  closeStores();
  fakeBrowser.reset();
});

const setUp = signedInBackground;

/** The person as pairing leaves them (lib/account/pairing.ts does this after a "Yes"). */
async function vouchFor(b: ReturnType<typeof setUp>, staff: typeof OWNER) {
  await b.paired.keep((await readSession())!.account.uuid, staff, await b.identityFor(staff));
  await sessionItem.setValue({ ...(await readSession())!, me: staff, meSource: 'platform', viewAs: null });
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
  it('an administrator the platform vouched for, by the role the platform gives them now', async () => {
    let ownerIsAdmin = true;
    const b = setUp({ staff: () => [{ ...OWNER, isAdmin: ownerIsAdmin }, TECH] });
    await b.session.signIn();
    expect(await b.who.isAdministrator()).toBe(false); // not said who they are yet
    await vouchFor(b, OWNER);
    expect(await b.who.isAdministrator()).toBe(true);
    ownerIsAdmin = false;
    expect(await b.who.isAdministrator()).toBe(false);
  });

  it('never someone who only chose an administrator’s name: no administrator power, no "view as", and requests are not made as them', async () => {
    const b = setUp();
    await b.session.signIn();
    await b.who.chooseMe(OWNER.uuid);
    expect(await b.session.view()).toMatchObject({ me: OWNER, meSource: 'chosen' });
    expect(await b.who.isAdministrator()).toBe(false);
    await expect(b.who.viewAs(TECH.uuid)).rejects.toMatchObject({
      name: 'NotAllowedError',
      message: expect.stringMatching(/Use Fieldside in this browser/),
    });
    // Acting as an administrator on the browser's say-so could widen what the token sees: its own view instead.
    expect((await b.session.context()).impersonate).toBeUndefined();
    await vouchFor(b, OWNER);
    expect((await b.session.context()).impersonate).toBe(OWNER.uuid);
  });

  it('a technician who chose their own name is acted as (a choice narrows)', async () => {
    const b = setUp();
    await b.session.signIn();
    await b.who.chooseMe(TECH.uuid);
    expect((await b.session.context()).impersonate).toBe(TECH.uuid);
    expect(await b.who.isAdministrator()).toBe(false);
  });

  it('the API key (the account’s own) always', async () => {
    const b = setUp();
    await b.session.signIn();
    await b.who.chooseMe(TECH.uuid);
    await b.session.useApiKey('private-app-key');
    expect(await b.who.isAdministrator()).toBe(true);
  });

  it('lets a verified administrator view as a technician, who is then acted as', async () => {
    const b = setUp();
    await b.session.signIn();
    await vouchFor(b, OWNER);
    expect((await b.who.viewAs(TECH.uuid)).viewAs).toEqual(TECH);
    expect((await b.session.context()).impersonate).toBe(TECH.uuid);
  });
});
