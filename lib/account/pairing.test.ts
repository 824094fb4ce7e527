import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { PairClaimReply } from '../../contracts/companion-http';
import { pendingPairingItem } from '../settings/items';
import { readSession } from '../settings/validated-reads';
import { createPairing } from './pairing';
import { PairingError } from './pairing-errors';
import { createPendingPairing, PAIRING_ANSWER_MS } from './pairing-pending';
import {
  ACCOUNT,
  closeStores,
  OTHER_ACCOUNT,
  OWNER,
  signedInBackground,
  TECH,
  type SignedInBackground,
} from './testing/signed-in';

// Pairing from the job card, as the background does it: the claim is held as pending and changes nothing; only the
// person's "Yes" on Fieldside's own page makes the staff member this browser's person (on the platform's word) and
// keeps the identity, which then rides every sign-in and refresh of this installation, so a new sign-in of the same
// account keeps the person; sign-out ends it with the installation key. The real session service, secret store
// (fake-indexeddb), storage (fakeBrowser), installation key, token keeper and paired identity; the companion is a
// stand-in that plays the contract (./testing/signed-in.ts).

afterEach(() => {
  closeStores();
  fakeBrowser.reset();
});

const CODE = 'c'.repeat(32);
const TAB = 41;

function pairingOf(b: SignedInBackground, answer?: () => Promise<PairClaimReply>, now = () => Date.now()) {
  const claimed: string[] = [];
  let opened = 0;
  const pairing = createPairing({
    who: b.who,
    paired: b.paired,
    tokens: b.tokens,
    pending: createPendingPairing(),
    now,
    openConfirmation: async () => void opened++,
    client: {
      claim: async (code) => {
        claimed.push(code);
        // As the companion answers: the identity bound to this installation's key, and a pass for the current token.
        const reply = answer ? await answer() : await signedFor(b, TECH);
        return { reply, accessToken: await b.tokens.getAccessToken() };
      },
    },
  });
  return { pairing, claimed, opened: () => opened };
}

async function signedFor(b: SignedInBackground, staff: typeof TECH, account = ACCOUNT.uuid): Promise<PairClaimReply> {
  return {
    account_uuid: account,
    staff_uuid: staff.uuid,
    staff_name: staff.name,
    identity: await b.identityFor(staff, account),
    fieldside_pass: `pass.pairing.${staff.uuid}`,
  };
}

/** Claims, and answers the question the confirmation page shows. */
async function claimAndAnswer(b: SignedInBackground, yes: boolean, staff = TECH) {
  const p = pairingOf(b, () => signedFor(b, staff));
  expect(await p.pairing.claim(CODE, TAB)).toEqual({ staffName: staff.name });
  const question = (await p.pairing.question())!;
  return { ...p, question, answered: await p.pairing.answer(question.id, yes) };
}

describe('a pairing link opened in a browser', () => {
  it('changes nothing by itself: Fieldside’s own page asks "Work as …?", and the identity is not kept', async () => {
    const b = signedInBackground();
    await b.session.signIn();
    await b.who.chooseMe(OWNER.uuid);
    const { pairing, claimed, opened } = pairingOf(b);
    expect(await pairing.claim(CODE, TAB)).toEqual({ staffName: TECH.name });
    expect(claimed).toEqual([CODE]);
    expect(opened()).toBe(1);
    expect(await pairing.question()).toEqual({
      id: expect.any(String),
      staff: TECH,
      accountName: ACCOUNT.name,
      now: { name: OWNER.name, fromPlatform: false },
    });
    expect(await b.session.view()).toMatchObject({ me: OWNER, meSource: 'chosen' });
    expect(await b.secrets.names()).not.toContain('pairedIdentity');
    expect(await pairing.outcome(TAB, 0)).toEqual({ outcome: 'waiting' });
  });

  it('"No" changes nothing, forgets what the companion answered, and the pairing page hears so', async () => {
    const b = signedInBackground();
    await b.session.signIn();
    await b.who.chooseMe(OWNER.uuid);
    const passBefore = (await b.tokens.current())!.pass;
    const { pairing, question, answered } = await claimAndAnswer(b, false);
    expect(answered).toEqual({ outcome: 'declined', staffName: TECH.name });
    expect(await b.session.view()).toMatchObject({ me: OWNER, meSource: 'chosen' });
    expect((await b.tokens.current())!.pass).toBe(passBefore);
    expect(await b.secrets.names()).not.toContain('pairedIdentity');
    expect(JSON.stringify(await pendingPairingItem.getValue())).not.toContain('identity');
    expect(await pairing.outcome(TAB, 0)).toEqual({ outcome: 'declined' });
    // Answered once: the same question cannot be answered "Yes" afterwards.
    await expect(pairing.answer(question.id, true)).rejects.toMatchObject({ problem: 'not_waiting' });
    expect((await readSession())?.me).toEqual(OWNER);
  });

  it('"Yes" makes the browser that person on the platform\'s word, with a pass that names them', async () => {
    const b = signedInBackground();
    await b.session.signIn();
    await b.who.chooseMe(OWNER.uuid);
    const { pairing, answered } = await claimAndAnswer(b, true);
    expect(answered).toEqual({ outcome: 'confirmed', staffName: TECH.name });
    expect(await b.session.view()).toMatchObject({ me: TECH, meSource: 'platform', viewAs: TECH });
    expect((await b.tokens.current())!.pass).toBe(`pass.pairing.${TECH.uuid}`);
    expect(await b.secrets.get('pairedIdentity')).toMatchObject({ accountUuid: ACCOUNT.uuid, staff: TECH });
    expect(await pairing.outcome(TAB, 0)).toEqual({ outcome: 'confirmed' });
    // Another tab's pairing page hears nothing of it.
    expect(await pairing.outcome(TAB + 1, 0)).toEqual({ outcome: 'gone' });
    await expect(b.who.chooseMe(OWNER.uuid)).rejects.toMatchObject({
      message: expect.stringMatching(/platform told Fieldside you are Person 2/),
    });
  });

  it('"Yes" from a job card shows the account turned Fieldside on, whatever the sign-in was told', async () => {
    // Signed in before an administrator activated Fieldside: told "off" then, and no refresh since.
    const b = signedInBackground({ activated: () => false });
    expect((await b.session.signIn()).addonActivated).toBe(false);
    await claimAndAnswer(b, true);
    expect((await b.session.view()).addonActivated).toBe(true);
  });

  it('wakes the pairing page the moment the person answers', async () => {
    const b = signedInBackground();
    await b.session.signIn();
    const { pairing } = pairingOf(b);
    await pairing.claim(CODE, TAB);
    const waiting = pairing.outcome(TAB, 60_000);
    const { id } = (await pairing.question())!;
    await pairing.answer(id, true);
    expect(await waiting).toEqual({ outcome: 'confirmed' });
  });

  it('answers only the latest question, and only for ten minutes', async () => {
    let time = 1_000_000;
    const b = signedInBackground({ now: () => time });
    await b.session.signIn();
    const { pairing } = pairingOf(b, undefined, () => time);
    await pairing.claim(CODE, TAB);
    const first = (await pairing.question())!;
    await pairing.claim(CODE, TAB);
    await expect(pairing.answer(first.id, true)).rejects.toMatchObject({ problem: 'not_waiting' });
    const second = (await pairing.question())!;
    time += PAIRING_ANSWER_MS;
    expect(await pairing.outcome(TAB, 0)).toEqual({ outcome: 'expired' });
    expect(await pairing.question()).toBeNull();
    await expect(pairing.answer(second.id, true)).rejects.toMatchObject({ problem: 'expired_answer' });
    expect((await readSession())?.me).toBeNull();
  });

  it('keeps waiting across a stopped worker (a new one finds the question in storage.session)', async () => {
    const b = signedInBackground();
    await b.session.signIn();
    await pairingOf(b).pairing.claim(CODE, TAB);
    const restarted = pairingOf(b).pairing;
    const { id } = (await restarted.question())!;
    expect(await restarted.answer(id, true)).toMatchObject({ outcome: 'confirmed' });
  });

  it('after a refresh replaced the token the claim was made with, a refresh brings the pass that names them', async () => {
    const b = signedInBackground();
    await b.session.signIn();
    const { pairing } = pairingOf(b);
    await pairing.claim(CODE, TAB);
    await b.tokens.refresh();
    const { id } = (await pairing.question())!;
    await pairing.answer(id, true);
    expect(b.sent.refresh.at(-1)).toBe(await b.identityFor(TECH));
    expect((await b.tokens.current())!.pass).toMatch(new RegExp(`\\.${TECH.uuid}$`));
  });
});

describe('the identity pairing kept', () => {
  it('survives "Sign in again" of the same account: sent at sign-in, the person stays, caches and all', async () => {
    const b = signedInBackground();
    await b.session.signIn();
    await claimAndAnswer(b, true);
    const cleared = b.cleared();
    // Whoever the consent page is answered as, the platform's word on this browser stands.
    expect(await b.session.signIn()).toMatchObject({ me: TECH, meSource: 'platform' });
    expect(b.sent.token.at(-1)).toBe(await b.identityFor(TECH));
    expect((await b.tokens.current())!.pass).toMatch(new RegExp(`\\.${TECH.uuid}$`));
    expect(b.cleared()).toBe(cleared);
    // And every refresh carries it.
    await b.tokens.refresh();
    expect(b.sent.refresh.at(-1)).toBe(await b.identityFor(TECH));
  });

  it('is cleared at sign-out with the installation key: the next sign-in sends none and asks who you are', async () => {
    const b = signedInBackground();
    await b.session.signIn();
    await claimAndAnswer(b, true);
    await b.session.signOut('signed_out');
    expect(await b.secrets.names()).toEqual([]);
    expect(await b.session.signIn()).toMatchObject({ me: null, meSource: null });
    expect(b.sent.token.at(-1)).toBeUndefined();
  });

  it('is dropped by a sign-in to another account', async () => {
    let account = ACCOUNT;
    const b = signedInBackground({ account: () => account });
    await b.session.signIn();
    await claimAndAnswer(b, true);
    account = OTHER_ACCOUNT;
    expect(await b.session.signIn()).toMatchObject({ account: OTHER_ACCOUNT, me: null });
    expect(await b.secrets.names()).not.toContain('pairedIdentity');
  });

  it('once the companion no longer takes it, the person is only chosen: no administrator power', async () => {
    const b = signedInBackground();
    await b.session.signIn();
    await claimAndAnswer(b, true, OWNER);
    expect(await b.who.isAdministrator()).toBe(true);
    // The companion's signing key changed, say: a refresh's answer no longer names the staff member.
    await b.installation.keep();
    await b.secrets.set('pairedIdentity', {
      ...(await b.secrets.get('pairedIdentity'))!,
      identity: 'identity.e30.sig',
    });
    await b.tokens.refresh();
    expect(await b.session.view()).toMatchObject({ me: OWNER, meSource: 'chosen' });
    expect(await b.secrets.names()).not.toContain('pairedIdentity');
    expect(await b.who.isAdministrator()).toBe(false);
  });

  it('a session that says "the platform said so" without an identity (paired before pairing was bound) counts as chosen', async () => {
    const b = signedInBackground();
    await b.session.signIn();
    await b.who.chooseMe(OWNER.uuid);
    const record = (await readSession())!;
    const { sessionItem } = await import('../settings/items');
    await sessionItem.setValue({ ...record, meSource: 'platform', viewAs: TECH });
    await b.paired.reconcile();
    expect(await readSession()).toMatchObject({ me: OWNER, meSource: 'chosen', viewAs: null });
  });
});

describe('a pairing that cannot be offered', () => {
  it("refuses a job card of another business's account, and changes nothing", async () => {
    const b = signedInBackground();
    await b.session.signIn();
    await b.who.chooseMe(OWNER.uuid);
    const { pairing, opened } = pairingOf(b, () => signedFor(b, TECH, OTHER_ACCOUNT.uuid));
    await expect(pairing.claim(CODE, TAB)).rejects.toMatchObject({ name: 'PairingError', problem: 'other_account' });
    expect(opened()).toBe(0);
    expect(await b.session.view()).toMatchObject({ me: OWNER, meSource: 'chosen' });
  });

  it('says what to do when Fieldside is signed out or uses an API key, without asking the companion', async () => {
    const b = signedInBackground();
    const { pairing, claimed } = pairingOf(b);
    await expect(pairing.claim(CODE, TAB)).rejects.toMatchObject({
      problem: 'signed_out',
      message: expect.stringMatching(/not signed in/),
    });
    await b.session.useApiKey('private-app-key');
    await expect(pairing.claim(CODE, TAB)).rejects.toMatchObject({ problem: 'api_key' });
    expect(claimed).toEqual([]);
  });

  it('refuses a staff member who is not active in the account', async () => {
    const b = signedInBackground({ staff: () => [OWNER] });
    await b.session.signIn();
    await expect(pairingOf(b).pairing.claim(CODE, TAB)).rejects.toMatchObject({ problem: 'not_staff' });
    expect(await pairingOf(b).pairing.question()).toBeNull();
  });

  it("passes the companion's refusal on in the person's words", async () => {
    const b = signedInBackground();
    await b.session.signIn();
    const { pairing } = pairingOf(b, () => Promise.reject(new PairingError('expired')));
    await expect(pairing.claim(CODE, TAB)).rejects.toMatchObject({
      message: expect.stringMatching(/more than a few minutes old.*choose Fieldside/),
    });
  });

  it('a "Yes" after signing out, or into another account, changes nothing', async () => {
    const b = signedInBackground();
    await b.session.signIn();
    const { pairing } = pairingOf(b);
    await pairing.claim(CODE, TAB);
    const { id } = (await pairing.question())!;
    await b.session.signOut('signed_out');
    await expect(pairing.answer(id, true)).rejects.toMatchObject({ problem: 'changed' });
    expect(await b.secrets.names()).toEqual([]);
  });
});
