import { COMPANION_HEADERS, COMPANION_PATHS } from '../../contracts/companion-http';
import { createSignInDriver, type Tokens } from '../../server/development/sign-in-driver';
import { postJson } from '../../tests/support/companion/env';

// A browser's sign-in as the extension makes it, through the companion: the consent page once (yesterday, not
// counted), then a refresh through the companion before each hour is out, signed by the installation's key at the
// day's simulated time. Every answer carries the companion's pass for the access token, which the browser's feed
// calls show (the companion then asks the platform nothing to know whose a token is). A browser paired from the job
// card keeps its identity and sends it with every refresh: its passes name its person.

export interface BrowserTokens {
  /** The access token, refreshed through the companion once it is 50 minutes old (as the token keeper does). */
  current(): Promise<string>;
  /** A new access token now (the platform refused the current one). */
  renew(): Promise<string>;
  /** The companion's pass for the current access token. */
  pass(): Promise<string | null>;
  /** The installation's id (its key's digest), as the extension's background knows it. */
  installationId: string;
  /** Claims a pairing code as the extension's background does (the person confirmed it): answers its staff member. */
  pair(code: string): Promise<string>;
}

const REFRESH_AFTER_MS = 50 * 60_000;

export async function signInThroughCompanion(opts: {
  companionUrl: string;
  authUrl: string;
  accountUuid: string;
  staffUuid: string;
  scopes: string[];
  now: () => number;
  /** The identity redirect URL of an extension the companion allows. */
  redirectUrl: string;
}): Promise<BrowserTokens> {
  const driver = await createSignInDriver({
    companionUrl: opts.companionUrl,
    authUrl: opts.authUrl,
    person: `${opts.accountUuid}:${opts.staffUuid}`,
    scopes: opts.scopes,
  });
  const answer = await driver.exchange(await driver.toCode(opts.redirectUrl));
  if (answer.status !== 200)
    throw new Error(`the companion refused the sign-in: ${answer.status} ${await answer.text()}`);
  let tokens = (await answer.json()) as Tokens;
  let identity: string | undefined;
  let at = opts.now();
  let refreshing: Promise<string> | undefined;

  const renew = () =>
    (refreshing ??= (async () => {
      const proof = await driver.installation.prove(tokens.refresh_token, opts.now());
      const res = await postJson(`${opts.companionUrl}${COMPANION_PATHS.oauthRefresh}`, {
        refresh_token: tokens.refresh_token,
        proof,
        ...(identity ? { identity } : {}),
      });
      if (res.status !== 200) throw new Error(`the companion refused a refresh: ${res.status} ${await res.text()}`);
      tokens = (await res.json()) as Tokens;
      at = opts.now();
      return tokens.access_token;
    })().finally(() => (refreshing = undefined)));

  return {
    current: async () => (opts.now() - at > REFRESH_AFTER_MS ? renew() : tokens.access_token),
    renew,
    pass: async () => tokens.fieldside_pass ?? null,
    installationId: driver.installation.id,
    async pair(code) {
      const res = await postJson(
        `${opts.companionUrl}${COMPANION_PATHS.pairClaim}`,
        {
          code,
          installation_key: driver.installation.key,
          proof: await driver.installation.provePairing(code, opts.now()),
        },
        { authorization: `Bearer ${tokens.access_token}`, [COMPANION_HEADERS.pass]: tokens.fieldside_pass ?? '' },
      );
      if (res.status !== 200) throw new Error(`the companion refused a pairing: ${res.status} ${await res.text()}`);
      const reply = (await res.json()) as { identity: string; fieldside_pass: string; staff_uuid: string };
      identity = reply.identity;
      tokens = { ...tokens, fieldside_pass: reply.fieldside_pass };
      return reply.staff_uuid;
    },
  };
}
