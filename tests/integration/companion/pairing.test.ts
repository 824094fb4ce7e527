import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanionErrorSchema, PairClaimReplySchema } from '../../../contracts/companion-http';
import { CHROME_EXTENSION_ID } from '../../../contracts/extension-ids';
import { sha256Base64Url } from '../../../contracts/installation-binding';
import type { DevStack } from '../../../server/development/dev-stack';
import { pairingLinkOf, personOf } from '../../support/companion/addon-platform';
import { startActivatedAddonStack, type AddonScene } from '../../support/companion/addon-scene';

// "Use Fieldside in this browser": the web panel links to the pairing page with a one-time code in the fragment,
// and the extension's background claims it with its own platform token. Each outcome of the claim, against the
// real emulator (the token's account is asked of the platform).

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

const installation = () => sha256Base64Url(crypto.randomUUID());
const browserToken = async (accountIndex = 0, role: 'technician' | 'office' = 'technician') => {
  const account = stack.emulator.info.accounts[accountIndex]!;
  return (await stack.emulator.control.issueTokens(account.uuid, personOf(account, role).uuid, ['vendor', 'read_jobs']))
    .access_token;
};

async function claim(body: unknown, bearer?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.companion.url}/pair/claim`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as unknown, headers: res.headers };
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
    expect(page).not.toContain('fsp1.');
  });
});

describe('claiming a pairing code', () => {
  it('answers who the platform vouched for, and again to the same installation (its answer was lost)', async () => {
    const code = await pairingCode();
    const mine = await installation();
    const token = await browserToken();
    const first = await claim({ code, installation: mine }, token);
    expect(first.status).toBe(200);
    expect(PairClaimReplySchema.parse(first.json)).toEqual({
      account_uuid: scene.account,
      staff_uuid: scene.technician.uuid,
      staff_name: scene.technician.name,
    });
    expect(first.headers.get('cache-control')).toBe('no-store');
    const again = await claim({ code, installation: mine }, token);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
  });

  it('refuses a second browser: pairing_used', async () => {
    const code = await pairingCode();
    const token = await browserToken();
    expect((await claim({ code, installation: await installation() }, token)).status).toBe(200);
    const other = await claim({ code, installation: await installation() }, token);
    expect(other.status).toBe(400);
    expectError(other, 'pairing_used', 'already used in another browser');
  });

  it('refuses a browser signed in to another account, without spending the code: pairing_other_account (403)', async () => {
    const code = await pairingCode();
    const mine = await installation();
    const other = await claim({ code, installation: mine }, await browserToken(1));
    expect(other.status).toBe(403);
    expectError(other, 'pairing_other_account', 'signed in to another business account');
    expect((await claim({ code, installation: mine }, await browserToken(0, 'office'))).status).toBe(200);
  });

  it('refuses a code the companion did not sign, or altered: pairing_invalid', async () => {
    const code = await pairingCode();
    const [prefix, body, mac] = code.split('.') as [string, string, string];
    const altered = `${prefix}.${body.slice(0, -2)}${body.endsWith('A') ? 'BB' : 'AA'}.${mac}`;
    const token = await browserToken();
    for (const bad of [altered, `${prefix}.${body}.${'A'.repeat(43)}`, 'fsp1.bm90LWEtY29kZQ.bm90LWEtbWFj']) {
      const answer = await claim({ code: bad, installation: await installation() }, token);
      expect(answer.status).toBe(400);
      expectError(answer, 'pairing_invalid', 'not one Fieldside made');
    }
  });

  it('refuses a code older than ten minutes: pairing_expired', async () => {
    const code = await pairingCode();
    offsetMs = 10 * 60_000 + 1_000;
    try {
      const answer = await claim({ code, installation: await installation() }, await browserToken());
      expect(answer.status).toBe(400);
      expectError(answer, 'pairing_expired', 'more than 10 minutes old');
    } finally {
      offsetMs = 0;
    }
  });

  it('needs a platform token the platform accepts, and says so in words', async () => {
    const code = await pairingCode();
    const none = await claim({ code, installation: await installation() });
    expect(none.status).toBe(401);
    expectError(none, 'invalid_token', 'Sign in');
    const refused = await claim({ code, installation: await installation() }, 'not-a-platform-token');
    expect(refused.status).toBe(401);
    expectError(refused, 'invalid_token', 'Sign in to Fieldside again');
  });

  it("says the platform could not be reached when it cannot tell the token's account", async () => {
    const code = await pairingCode();
    await stack.emulator.control.injectFault({
      kind: 'status',
      status: 503,
      pathPrefix: '/api_1.0/vendor.json',
      count: 1,
    });
    const answer = await claim({ code, installation: await installation() }, await browserToken());
    expect(answer.status).toBe(502);
    expectError(answer, 'platform_unavailable', 'could not be reached');
  });

  it("takes only its contract's body, and answers the extension's origin", async () => {
    const token = await browserToken();
    const bad = await claim({ code: 'short', installation: 'x' }, token);
    expect(bad.status).toBe(400);
    expect(CompanionErrorSchema.parse(bad.json).error).toBe('invalid_request');
    const preflight = await fetch(`${stack.companion.url}/pair/claim`, {
      method: 'OPTIONS',
      headers: {
        origin: `chrome-extension://${CHROME_EXTENSION_ID}`,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(`chrome-extension://${CHROME_EXTENSION_ID}`);
  });
});
