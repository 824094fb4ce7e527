import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_HEADERS, CompanionErrorSchema, PairClaimReplySchema } from '../../../contracts/companion-http';
import { CHROME_EXTENSION_ID } from '../../../contracts/extension-ids';
import type { DevStack } from '../../../server/development/dev-stack';
import { pairingLinkOf, personOf } from '../../support/companion/addon-platform';
import { startActivatedAddonStack, type AddonScene } from '../../support/companion/addon-scene';
import { createTestInstallation } from '../../support/companion/installation';
import { platformRequestsWhenQuiet } from '../../support/companion/quiet';
import { signInBrowser, type TrustedBrowser } from '../../support/companion/trusted-browser';
import { tampered } from '../../support/companion/tampered';

// "Use Fieldside in this browser": the web panel links to the pairing page with a one-time code in the fragment,
// and the extension's background claims it with its access token and pass, its installation key and that key's
// signature over the code. Each outcome of the claim, against the real emulator; and (issue 29, finding 4) that
// the claim is bound to the installation's key, and the identity it answers is good only with that key.

let stack: DevStack;
let scene: AddonScene;
let offsetMs = 0;
const now = () => Date.now() + offsetMs;

beforeAll(async () => {
  ({ stack, scene } = await startActivatedAddonStack(now));
});
afterAll(() => stack?.close());

/** The code of a fresh pairing link from the technician's web panel. */
async function pairingCode(): Promise<string> {
  const link = await pairingLinkOf(stack, {
    account: scene.account,
    staff: scene.technician.uuid,
    jobUuid: scene.job.uuid,
  });
  expect(`${link.origin}${link.pathname}`).toBe(`${stack.companion.url}/pair`);
  expect(link.search).toBe('');
  return link.hash.slice(1);
}

/** A browser of the first account (or the second) signed in through the companion as one of its people. */
const browser = (accountIndex = 0, role: 'technician' | 'office' = 'technician'): Promise<TrustedBrowser> => {
  const account = stack.emulator.info.accounts[accountIndex]!;
  return signInBrowser(stack, { account: account.uuid, staff: personOf(account, role).uuid });
};

async function answer(res: Response) {
  return { status: res.status, json: (await res.json()) as unknown, headers: res.headers };
}
const redirectOf = () => `https://${CHROME_EXTENSION_ID}.chromiumapp.org/`;
/** A claim as the extension's background makes it: its token, pass, key and proof. */
const claim = async (b: TrustedBrowser, code: string) => answer(await b.claim(code));

/** A claim with a body and headers of the test's own. */
async function rawClaim(body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${stack.companion.url}/pair/claim`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return answer(res);
}

function expectError(answer: { json: unknown }, error: string, words: string): void {
  const body = CompanionErrorSchema.parse(answer.json);
  expect(body.error).toBe(error);
  expect(body.message).toContain(words);
  expect(body.message).not.toMatch(/\b(40\d|50\d)\b/);
}

describe('the pairing page', () => {
  it('waits for the extension, says what to do if it never answers, and holds no code', async () => {
    const res = await fetch(`${stack.companion.url}/pair`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([A-Za-z0-9]+)'/.exec(policy)?.[1];
    const page = await res.text();
    expect(page).toContain('<main id="fieldside-pairing" data-state="waiting">');
    expect(page).toContain('Connecting Fieldside in this browser…');
    expect(page).toContain('<div id="fieldside-pairing-missing" hidden>');
    expect(page).toContain('Fieldside is not installed in this browser, or is not signed in.');
    expect(page).toContain('<p id="fieldside-pairing-result" role="status" aria-live="polite"></p>');
    expect(page).toContain('id="chrome-web-store"');
    expect(page).toContain(`<script nonce="${nonce}">`);
    expect(page).not.toContain('fsp2.');
  });
});

describe('claiming a pairing code', () => {
  it('answers who the platform vouched for, an identity and a pass naming them, and again to the same installation', async () => {
    const code = await pairingCode();
    const mine = await browser();
    const first = await claim(mine, code);
    expect(first.status).toBe(200);
    const reply = PairClaimReplySchema.parse(first.json);
    expect(reply).toMatchObject({
      account_uuid: scene.account,
      staff_uuid: scene.technician.uuid,
      staff_name: scene.technician.name,
    });
    expect(first.headers.get('cache-control')).toBe('no-store');
    // The fresh pass names the person: the feed knows who reads.
    expect(mine.verifiedStaff()).toBe(scene.technician.uuid);
    const again = await claim(mine, code);
    expect(again.status).toBe(200);
    expect(PairClaimReplySchema.parse(again.json).staff_uuid).toBe(reply.staff_uuid);
  });

  it('refuses a second browser: pairing_used', async () => {
    const code = await pairingCode();
    expect((await claim(await browser(), code)).status).toBe(200);
    const other = await claim(await browser(), code);
    expect(other.status).toBe(400);
    expectError(other, 'pairing_used', 'already used in another browser');
  });

  it('refuses a browser signed in to another account, without spending the code: pairing_other_account (403)', async () => {
    const code = await pairingCode();
    const other = await claim(await browser(1), code);
    expect(other.status).toBe(403);
    expectError(other, 'pairing_other_account', 'signed in to another business account');
    expect((await claim(await browser(0, 'office'), code)).status).toBe(200);
  });

  it('refuses a code the companion did not sign, or altered: pairing_invalid', async () => {
    const code = await pairingCode();
    const [prefix, header, body, mac] = code.split('.') as [string, string, string, string];
    const altered = `${prefix}.${header}.${tampered(body)}.${mac}`;
    const mine = await browser();
    const unsigned = `${prefix}.${header}.${body}.${'A'.repeat(43)}`;
    for (const bad of [altered, unsigned, 'fsp2.bm90LWEtY29kZQ.bm90LWEtbWFj', 'fsp1.bm90LWEtY29kZQ.bm90LWEtbWFj']) {
      const refused = await claim(mine, bad);
      expect(refused.status).toBe(400);
      expectError(refused, 'pairing_invalid', 'not one Fieldside made');
    }
  });

  it('refuses a code older than ten minutes: pairing_expired', async () => {
    const code = await pairingCode();
    const mine = await browser();
    offsetMs = 10 * 60_000 + 1_000;
    try {
      // Signed on a clock that agrees with the companion's: only the code is too old.
      const proof = await mine.driver.installation.provePairing(code, now());
      const late = await rawClaim({ code, installation_key: mine.driver.installation.key, proof }, mine.headers());
      expect(late.status).toBe(400);
      expectError(late, 'pairing_expired', 'more than 10 minutes old');
    } finally {
      offsetMs = 0;
    }
  });

  it('needs the sign-in and its pass, and says so in words, without asking the platform', async () => {
    const code = await pairingCode();
    const mine = await browser();
    const body = {
      code,
      installation_key: mine.driver.installation.key,
      proof: await mine.driver.installation.provePairing(code),
    };
    const before = await platformRequestsWhenQuiet(stack);
    const none = await rawClaim(body, {});
    expect(none.status).toBe(401);
    expectError(none, 'invalid_token', 'Sign in');
    const noPass = await rawClaim(body, { authorization: `Bearer ${mine.tokens.access_token}` });
    expect(noPass.status).toBe(401);
    expectError(noPass, 'invalid_pass', 'sign in again');
    expect(await platformRequestsWhenQuiet(stack)).toBe(before);
  });

  it("takes only its contract's body, and answers the extension's origin", async () => {
    const mine = await browser();
    const bad = await rawClaim({ code: 'short', installation: 'x' }, mine.headers());
    expect(bad.status).toBe(400);
    expect(CompanionErrorSchema.parse(bad.json).error).toBe('invalid_request');
    const preflight = await fetch(`${stack.companion.url}/pair/claim`, {
      method: 'OPTIONS',
      headers: {
        origin: `chrome-extension://${CHROME_EXTENSION_ID}`,
        'access-control-request-method': 'POST',
        'access-control-request-headers': `authorization,content-type,${COMPANION_HEADERS.pass.toLowerCase()}`,
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(`chrome-extension://${CHROME_EXTENSION_ID}`);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-fieldside-pass');
  });
});

describe('a claim is bound to the installation key (finding 4)', () => {
  it("refuses a claim whose proof is not that key's signature over this code: pairing_unbound", async () => {
    const code = await pairingCode();
    const mine = await browser();
    const stranger = await createTestInstallation();
    const attempts = [
      // Another key's signature, with this installation's key named.
      { code, installation_key: mine.driver.installation.key, proof: await stranger.provePairing(code) },
      // This key's signature over another code.
      {
        code,
        installation_key: mine.driver.installation.key,
        proof: await mine.driver.installation.provePairing(`${code}x`),
      },
    ];
    for (const body of attempts) {
      const refused = await rawClaim(body, mine.headers());
      expect(refused.status).toBe(400);
      expectError(refused, 'pairing_unbound', 'could not prove');
    }
    // The code is not spent by a refused claim.
    expect((await claim(mine, code)).status).toBe(200);
  });

  it("says so in words when the installation's clock is far off: clock_skew", async () => {
    const code = await pairingCode();
    const mine = await browser();
    const proof = await mine.driver.installation.provePairing(code, Date.now() - 20 * 60_000);
    const skewed = await rawClaim({ code, installation_key: mine.driver.installation.key, proof }, mine.headers());
    expect(skewed.status).toBe(400);
    expectError(skewed, 'clock_skew', 'clock');
  });

  it('the identity names the person at every sign-in and refresh of that installation, and of no other', async () => {
    const mine = await browser();
    await mine.pairAs(scene.technician.uuid, scene.job.uuid);
    const identity = mine.identity!;
    // The same installation: after a refresh, and after signing in again, the pass still names the person.
    expect((await mine.refresh()).fieldside_staff).toBe(scene.technician.uuid);
    expect((await mine.signInAgain()).fieldside_staff).toBe(scene.technician.uuid);
    // Another installation replaying the identity, at its sign-in and at its refresh: nobody is named.
    const thief = await browser(0, 'technician');
    const flow = await thief.driver.toCode(redirectOf());
    const stolen = await thief.driver.exchange(flow, { identity });
    expect(stolen.status).toBe(200);
    const tokens = (await stolen.json()) as { fieldside_staff?: string; refresh_token: string };
    expect(tokens).not.toHaveProperty('fieldside_staff');
    const refreshed = await thief.driver.refresh(tokens.refresh_token, { identity });
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).not.toHaveProperty('fieldside_staff');
    // A browser of another account, with this installation's very identity: nobody either.
    const elsewhere = await browser(1);
    const flow2 = await elsewhere.driver.toCode(redirectOf());
    const crossed = await elsewhere.driver.exchange(flow2, { identity });
    expect(await crossed.json()).not.toHaveProperty('fieldside_staff');
  });
});
