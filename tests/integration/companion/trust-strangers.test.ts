import { describe, expect, it } from 'vitest';
import { COMPANION_HEADERS } from '../../../contracts/companion-http';
import type { DevStack } from '../../../server/development/dev-stack';
import type { AccountInfo } from '../../../server/emulator/contracts';
import { activateAccount, personOf } from '../../support/companion/addon-platform';
import { forTestExtensions } from '../../support/companion/env';
import { openStream } from '../../support/companion/feed-client';
import { signInBrowser, type TrustedBrowser } from '../../support/companion/trusted-browser';
import { platformRequestsWhenQuiet } from '../../support/companion/quiet';
import { startQuietStack } from '../../support/companion/quiet-stack';
import { setUpFile } from '../../support/set-up-file';

// Issue 29, finding 7: a token the companion cannot place costs the platform nothing. Every feed call carries the
// pass the companion handed out with the token; without it (a random bearer token, a pass of another token, an
// expired one) the answer is 401 in words and not one platform request is made. And one insider's tokens cannot
// fill the account's stream slots. Against the real companion and emulator, the platform's requests counted.

let stack: DevStack;
let account: AccountInfo;
let technician: TrustedBrowser;
const platformRequests = () => platformRequestsWhenQuiet(stack);
const randomToken = () => crypto.randomUUID().replace(/-/g, '');

setUpFile(async (own) => {
  stack = own(
    await startQuietStack({
      emulator: { jobs: 60, quiet: true },
      ...forTestExtensions({
        FEED_STREAMS_PER_ACCOUNT: '4',
        FEED_UNVERIFIED_STREAM_SHARE: '50',
        FEED_STREAMS_PER_STAFF: '2',
      }),
    }),
  );
  account = stack.emulator.info.accounts[0]!;
  expect((await activateAccount(stack, account)).status).toBe(200);
  technician = await signInBrowser(stack, { account: account.uuid, staff: personOf(account, 'technician').uuid });
});

describe('a caller the companion cannot place', () => {
  it('40 random bearer tokens at /feed: 40 answers in words, no platform request', async () => {
    const before = await platformRequests();
    const answers: Response[] = [];
    for (let i = 0; i < 40; i++)
      answers.push(
        await fetch(`${stack.companion.url}/feed?after=0`, { headers: { authorization: `Bearer ${randomToken()}` } }),
      );
    expect((await platformRequests()) - before).toBe(0);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'invalid_pass', message: expect.stringMatching(/[Ss]ign in/) });
    }
  });

  it('a pass shown with another token, a forged pass, or none: refused on every feed route and the pairing claim, at no cost', async () => {
    const pass = technician.tokens.fieldside_pass!;
    const [head, body] = pass.split('.') as [string, string, string];
    const attempts: Record<string, string>[] = [
      { authorization: `Bearer ${randomToken()}`, [COMPANION_HEADERS.pass]: pass },
      { authorization: `Bearer ${technician.tokens.access_token}`, [COMPANION_HEADERS.pass]: `${head}.${body}.AAAA` },
      { authorization: `Bearer ${technician.tokens.access_token}` },
    ];
    const before = await platformRequests();
    for (const headers of attempts) {
      for (const [method, path] of [
        ['GET', '/feed?after=0'],
        ['GET', '/feed/stream?after=0'],
        ['POST', '/feed/register'],
        ['POST', '/feed/rotate'],
      ] as const) {
        const res = await fetch(`${stack.companion.url}${path}`, { method, headers });
        expect(res.status, `${method} ${path}`).toBe(401);
        await res.body?.cancel();
      }
      const claim = await fetch(`${stack.companion.url}/pair/claim`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          code: 'x'.repeat(32),
          installation_key: technician.driver.installation.key,
          proof: { iat: 1, signature: 'A'.repeat(86) },
        }),
      });
      expect(claim.status).toBe(401);
    }
    expect((await platformRequests()) - before).toBe(0);
  });

  it("the browser's own token and pass read the feed at no platform cost", async () => {
    const before = await platformRequests();
    const res = await fetch(`${stack.companion.url}/feed?after=0`, { headers: technician.headers() });
    expect(res.status).toBe(200);
    expect((await platformRequests()) - before).toBe(0);
  });
});

describe("one insider's tokens", () => {
  it("cannot take more than the unverified share of the account's streams, nor a paired person more than their own", async () => {
    const insider = await Promise.all(
      [0, 1, 2].map(() => signInBrowser(stack, { account: account.uuid, staff: personOf(account, 'technician').uuid })),
    );
    const open = (b: TrustedBrowser) =>
      openStream(`${stack.companion.url}/feed/stream?after=0`, b.tokens.access_token, b.headers());
    const streams = [await open(insider[0]!), await open(insider[1]!)];
    expect(streams.map((s) => s.res.status)).toEqual([200, 200]);
    // Half of the account's four slots are all that browsers nobody vouched for may hold.
    const third = await open(insider[2]!);
    expect(third.res.status).toBe(429);
    // A paired browser still gets in, up to its own two.
    const office = personOf(account, 'office');
    const paired = await signInBrowser(stack, { account: account.uuid, staff: office.uuid });
    const job = (await stack.emulator.control.listRecords(account.uuid, 'job'))[0]!;
    await paired.pairAs(office.uuid, String(job.uuid));
    const mine = [await open(paired), await open(paired)];
    expect(mine.map((s) => s.res.status)).toEqual([200, 200]);
    const again = await signInBrowser(stack, { account: account.uuid, staff: office.uuid });
    await again.pairAs(office.uuid, String(job.uuid));
    expect((await open(again)).res.status).toBe(429);
    for (const s of [...streams, third, ...mine]) s.close();
  });
});
