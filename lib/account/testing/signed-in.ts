import { readConnection } from '../../settings/validated-reads';
import type { CompanionClient } from '../../auth/companion-client';
import { createInstallationKeys } from '../../auth/installation-key';
import { createSecretStore } from '../../auth/secrets/store';
import { createTokenKeeper } from '../../auth/token-keeper';
import type { TokenAnswer } from '../../auth/token-set';
import type { StaffSummary } from '../../settings/schemas';
import { createPairedIdentity } from '../paired-identity';
import type { PlatformReader } from '../platform-reader';
import { createSessionService } from '../session-service';
import { createWhoAreYou } from '../who-are-you';

// A signed-in background for the account room's unit tests: the real session service, secret store
// (fake-indexeddb), installation key, token keeper and paired identity; the platform's answers, the consent page's
// redirect and the companion are stand-ins. The companion stand-in plays the contract's identity rule: an answer
// names the staff member (fieldside_staff) only when the request carried an identity of this account and of the key
// this installation holds now.

export const REDIRECT = 'https://oiabnejaggoobcbkjnlidfgfieafjagp.chromiumapp.org/';
export const ACCOUNT = {
  uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
  name: 'Brightline',
  email: 'owner@brightline.example',
};
export const OTHER_ACCOUNT = { uuid: 'aaaaaaaa-0000-4000-8000-000000000002', name: 'Northwind', email: 'o@nw.example' };
export const person = (
  n: number,
  role: string,
  isAdmin: boolean,
  email = `p${n}@brightline.example`,
): StaffSummary => ({
  uuid: `bbbbbbbb-0000-4000-8000-00000000000${n}`,
  name: `Person ${n}`,
  email,
  isAdmin,
  role,
});
export const OWNER = person(1, 'Administrator', true, ACCOUNT.email);
export const TECH = person(2, 'Field Technician', false);

/** What the companion stand-in signs as an identity: readable, so the stand-in can check it as the companion does. */
export const identityOf = (account: string, staff: string, installation: string) =>
  `identity.${btoa(JSON.stringify({ account, staff, installation })).replace(/=+$/, '')}.sig`;
const readIdentity = (identity: string) =>
  JSON.parse(atob(identity.split('.')[1]!)) as { account: string; staff: string; installation: string };

const stores: ReturnType<typeof createSecretStore>[] = [];
/** Closes the secret stores the tests opened (afterEach). */
export const closeStores = () => stores.splice(0).forEach((s) => s.close());

export function signedInBackground(
  options: {
    staff?: () => StaffSummary[];
    consent?: () => 'allow' | 'deny';
    /** The account the platform's grant is for (vendor.json). */
    account?: () => typeof ACCOUNT;
    /** Whether the companion says the account turned Fieldside on (fieldside_activated; undefined: it does not say). */
    activated?: () => boolean | undefined;
    now?: () => number;
  } = {},
) {
  const secrets = createSecretStore(`fieldside-secrets-account-${Math.random()}`);
  stores.push(secrets);
  const installation = createInstallationKeys({ secrets });
  const paired = createPairedIdentity({ secrets, installation });
  const account = options.account ?? (() => ACCOUNT);
  /** The identities the companion stand-in received, at /oauth/token and at /oauth/refresh. */
  const sent = { token: [] as Array<string | undefined>, refresh: [] as Array<string | undefined> };
  let issued = 0;
  let cleared = 0;
  let flows = 0;
  /** The scopes each consent page was opened for, in order. */
  const asked: string[][] = [];

  async function answer(identity: string | undefined): Promise<TokenAnswer> {
    const n = ++issued;
    const claimed = identity ? readIdentity(identity) : undefined;
    const vouched =
      claimed && claimed.account === account().uuid && claimed.installation === (await installation.publicKey()).id;
    return {
      access_token: `a${n}`,
      refresh_token: `r${n}`,
      expires_in: 3600,
      token_type: 'bearer',
      scope: 'vendor read_staff',
      fieldside_pass: `pass.${n}.${vouched ? claimed.staff : 'nobody'}`,
      ...(vouched ? { fieldside_staff: claimed.staff } : {}),
      ...(options.activated?.() === undefined ? {} : { fieldside_activated: options.activated() }),
    };
  }

  const companion = {
    start: async (_redirect, scopes) => {
      asked.push([...scopes]);
      return { authorize_url: `${(await readConnection()).authUrl}/oauth/authorize`, state: `s${++flows}` };
    },
    exchangeCode: async (_code, _state, _verifier, _mac, identity) => {
      sent.token.push(identity);
      const tokens = await answer(identity);
      await installation.keep();
      return tokens;
    },
    refresh: async (_refreshToken, identity) => (sent.refresh.push(identity), answer(identity)),
  } satisfies CompanionClient;

  const tokens = createTokenKeeper({
    secrets,
    ...(options.now ? { now: options.now } : {}),
    // As the background wires it (entrypoints/background/index.ts).
    refresh: async (refreshToken) => {
      const kept = await paired.forThisInstallation();
      const reply = await companion.refresh(refreshToken, kept?.identity);
      await paired.afterRefresh(kept, reply.fieldside_staff);
      await session.noteActivation(reply.fieldside_activated);
      return reply;
    },
    onRevoked: async () => undefined,
  });
  const identity = {
    getRedirectURL: () => REDIRECT,
    launchWebAuthFlow: async () =>
      options.consent?.() === 'deny'
        ? `${REDIRECT}?error=access_denied&state=s${flows}`
        : `${REDIRECT}?code=c&state=s${flows}&code_mac=m`,
  };
  const reader = {
    vendor: async () => account(),
    staff: async () => (options.staff ?? (() => [OWNER, TECH]))(),
    jobUuids: async () => [],
  } satisfies PlatformReader;
  const session = createSessionService({
    secrets,
    tokens,
    companion,
    reader,
    identity,
    paired,
    clearCachedData: async () => void cleared++,
    scheduleRefresh: async () => undefined,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    session,
    who: createWhoAreYou({ session, reader }),
    secrets,
    installation,
    paired,
    tokens,
    sent,
    asked,
    cleared: () => cleared,
    /** The identity the companion would sign for `staff` in this installation now. */
    identityFor: async (staff: StaffSummary, accountUuid = account().uuid) =>
      identityOf(accountUuid, staff.uuid, (await installation.publicKey()).id),
  };
}
export type SignedInBackground = ReturnType<typeof signedInBackground>;
