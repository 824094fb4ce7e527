import { createSignInDriver, type Tokens } from '../../server/development/sign-in-driver';
import { postJson } from '../../tests/support/companion/env';

// A browser's sign-in as the extension makes it, through the companion: the consent page once (yesterday, not
// counted), then a refresh through the companion before each hour is out, signed by the installation's key at the
// day's simulated time. The companion learns each token's account as it hands it out, so the feed's check of it
// costs the platform nothing (it vouches for it); a stand-in that took tokens from the emulator directly would
// make every token cost a vendor.json.

export interface BrowserTokens {
  /** The access token, refreshed through the companion once it is 50 minutes old (as the token keeper does). */
  current(): Promise<string>;
  /** A new access token now (the platform refused the current one). */
  renew(): Promise<string>;
}

const REFRESH_AFTER_MS = 50 * 60_000;

export async function signInThroughCompanion(opts: {
  companionUrl: string;
  authUrl: string;
  accountUuid: string;
  staffUuid: string;
  scopes: string[];
  now: () => number;
}): Promise<BrowserTokens> {
  const driver = await createSignInDriver({
    companionUrl: opts.companionUrl,
    authUrl: opts.authUrl,
    person: `${opts.accountUuid}:${opts.staffUuid}`,
    scopes: opts.scopes,
  });
  const answer = await driver.exchange(await driver.toCode());
  if (answer.status !== 200)
    throw new Error(`the companion refused the sign-in: ${answer.status} ${await answer.text()}`);
  let tokens = (await answer.json()) as Tokens;
  let at = opts.now();
  let refreshing: Promise<string> | undefined;

  const renew = () =>
    (refreshing ??= (async () => {
      const proof = await driver.installation.prove(tokens.refresh_token, opts.now());
      const res = await postJson(`${opts.companionUrl}/oauth/refresh`, { refresh_token: tokens.refresh_token, proof });
      if (res.status !== 200) throw new Error(`the companion refused a refresh: ${res.status} ${await res.text()}`);
      tokens = (await res.json()) as Tokens;
      at = opts.now();
      return tokens.access_token;
    })().finally(() => (refreshing = undefined)));

  return {
    current: async () => (opts.now() - at > REFRESH_AFTER_MS ? renew() : tokens.access_token),
    renew,
  };
}
