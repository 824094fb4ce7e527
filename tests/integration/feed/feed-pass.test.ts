import { describe, expect, it } from 'vitest';
import { createFeedClient } from '../../../lib/live-updates/feed-client';
import { isFeedError } from '../../../lib/live-updates/types';
import { signInBrowser, type TrustedBrowser } from '../../support/companion/trusted-browser';
import { startStack, type Stack } from '../../e2e/support/stack';
import { setUpFile } from '../../support/set-up-file';

// The extension's feed client and the companion's pass (lib/live-updates/feed-client.ts), against the real companion
// and emulator: a browser signed in through the companion sends its pass with its token; a pass the companion does
// not take (kept from before passes, or of a token a refresh replaced) is renewed once, by a refresh, and the call made
// again; a refusal after that is the companion's, in words that say to sign in again.

let stack: Stack;
let browser: TrustedBrowser;

setUpFile(async (own) => {
  stack = own(await startStack({ jobs: 40 }));
  browser = await signInBrowser(stack, { account: stack.account.uuid, staff: stack.technician.uuid });
});

/** The feed client as the background makes it, over this browser's tokens; `pass` may hold back the real one. */
function clientOf(opts: { pass?: (token: string) => Promise<string | null>; renew?: () => Promise<unknown> } = {}) {
  const renewed: string[] = [];
  const client = createFeedClient({
    companionUrl: async () => stack.companion.url,
    accessToken: async () => browser.tokens.access_token,
    pass:
      opts.pass ??
      (async (token) => (token === browser.tokens.access_token ? (browser.tokens.fieldside_pass ?? null) : null)),
    renew: async (failed) => {
      renewed.push(failed);
      await (opts.renew ?? (() => browser.refresh()))();
    },
  });
  return { client, renewed };
}

describe('the feed client’s pass', () => {
  it('registers with the pass of its token, without renewing anything', async () => {
    const { client, renewed } = clientOf();
    expect((await client.register()).account_uuid).toBe(stack.account.uuid);
    expect(renewed).toEqual([]);
  });

  it('renews a pass the companion does not take, once, and calls again with the new one', async () => {
    let held = true;
    const stale = browser.tokens.access_token;
    const { client, renewed } = clientOf({
      // Tokens kept from before passes: none for the first call.
      pass: async (token) => (held ? ((held = false), null) : token === stale ? null : browser.tokens.fieldside_pass!),
    });
    const page = await client.read('0');
    expect(page.position).toBeTruthy();
    expect(renewed).toEqual([stale]);
    expect(browser.tokens.access_token).not.toBe(stale);
  });

  it('after a renewal that did not help, says in words to sign in again, and does not loop', async () => {
    const { client, renewed } = clientOf({ pass: async () => 'not.a.pass', renew: async () => undefined });
    const error = await client.register().catch((e: unknown) => e);
    expect(isFeedError(error) && error.status).toBe(401);
    expect((error as Error).message).toMatch(/sign in again/);
    expect(renewed).toHaveLength(1);
  });
});
