import type { ClientAuth } from '../api/http';
import type { SecretStore } from '../auth/secrets/store';
import { connectionItem, sessionItem, signedOutReasonItem } from '../settings/items';
import { readConnection, readSession, readManagedConnection } from '../settings/validated-reads';
import type { CompanionClient } from '../auth/companion-client';
import { runOAuthFlow, type IdentityApi } from '../auth/oauth-flow';
import type { PlatformReader } from './platform-reader';
import type { Connection, SignedOutReason } from '../settings/schemas';
import { missingScopes } from '../auth/scopes';
import { SIGN_IN_SCOPES } from '../auth/sign-in-scopes';
import { requireSession, sessionView } from './session-store';
import type { TokenKeeper } from '../auth/token-keeper';
import { type SessionRecord, type StaffSummary } from '../settings/schemas';
import { ownViewOf } from '../settings/workspace-key';
import type { PairedIdentityStore } from './paired-identity';
import type { ClientContext } from '../api/client-context';
import { type SessionView, type Feature } from '../messaging/session-view';

// Sign-in (OAuth through the companion, or an API key), sign-out and the connection settings.
// The background creates one of these; every method returns the new SessionView for the pages.

export interface SessionServiceDeps {
  secrets: SecretStore;
  tokens: TokenKeeper;
  companion: CompanionClient;
  reader: PlatformReader;
  identity: IdentityApi;
  /** Who pairing said this installation's person is: sent at every sign-in, kept across them. */
  paired: Pick<PairedIdentityStore, 'forThisInstallation' | 'afterSignIn'>;
  /** Firefox: open the authorize URL without redirect_uri (see oauth-flow.ts). */
  omitRedirectUri?: boolean;
  /** Removes this person's cached data (IndexedDB caches). */
  clearCachedData: () => Promise<unknown>;
  /** Schedules (or with null cancels) the proactive refresh alarm. */
  scheduleRefresh: (expiresAt: number | null) => Promise<void>;
  now?: () => number;
}

/** How often a page may have the companion asked again whether the account turned Fieldside on. */
export const ACTIVATION_CHECK_INTERVAL_MS = 10_000;

export class ChooseStaffFirstError extends Error {
  override readonly name = 'ChooseStaffFirstError';
  constructor() {
    super('Choose who you are first: requests are made as that staff member');
  }
}

/** Who the person of a new session is: the one the platform vouched for again, else whoever the kept session had
 * (`kept`: null when "who are you" is asked afresh). A person the platform no longer vouches for is only chosen now,
 * and "view as" (a verified administrator's) goes with it. */
function personAfterSignIn(
  kept: SessionRecord | null,
  vouched: StaffSummary | null,
): Pick<SessionRecord, 'me' | 'meSource' | 'viewAs'> {
  if (vouched)
    return { me: vouched, meSource: 'platform', viewAs: kept?.me?.uuid === vouched.uuid ? kept.viewAs : null };
  if (!kept?.me) return { me: null, viewAs: null };
  if (kept.meSource === 'platform') return { me: kept.me, meSource: 'chosen', viewAs: null };
  return { me: kept.me, ...(kept.meSource ? { meSource: kept.meSource } : {}), viewAs: kept.viewAs };
}

export function createSessionService(deps: SessionServiceDeps) {
  const now = deps.now ?? Date.now;
  let activationCheckedAt = -Infinity;
  /** How requests authenticate now, and as whom. `full` skips impersonation (who-are-you lists). */
  async function context(options: { full?: boolean } = {}): Promise<ClientContext> {
    const record = await requireSession();
    const { restUrl } = await readConnection();
    if (record.mode === 'api_key') {
      const apiKey = await deps.secrets.get('apiKey');
      if (!apiKey) throw new Error('The API key is missing: paste it again');
      return {
        baseUrl: restUrl,
        auth: { kind: 'api_key', apiKey },
        impersonate: undefined,
        accountUuid: record.account.uuid,
      };
    }
    const auth: ClientAuth = { kind: 'oauth', tokens: deps.tokens };
    if (options.full) return { baseUrl: restUrl, auth, impersonate: undefined, accountUuid: record.account.uuid };
    const acting = record.viewAs?.uuid ?? record.me?.uuid;
    if (!acting) throw new ChooseStaffFirstError();
    // A self-declared administrator is not acted as: the token's own view (lib/settings/workspace-key.ts).
    const impersonate = ownViewOf(record) ? undefined : acting;
    return { baseUrl: restUrl, auth, impersonate, accountUuid: record.account.uuid };
  }

  /** The account the credentials belong to; throws when the platform refuses them. */
  async function readAccount(auth: ClientAuth) {
    const { restUrl } = await readConnection();
    return deps.reader.vendor({ baseUrl: restUrl, auth, impersonate: undefined });
  }

  /** Records the session in one write, so pages never see a half-made one. Keeps "who are you"
   * for the same account and mode when only more was allowed (incremental authorisation); a sign-in
   * of the person's own starts afresh (who signs in now is asked again) and drops the caches of
   * whoever was signed in before, unless the platform vouched for the same person again (`vouched`: pairing's
   * identity, kept by this installation for this account), who then stays, caches and all. `activated`: whether the
   * account turned Fieldside on, as the companion said with the tokens (undefined: it did not say). */
  async function recordSession(
    mode: 'oauth' | 'api_key',
    account: SessionRecord['account'],
    scopes: string[],
    identity: 'keep' | 'ask again' = 'keep',
    vouched: StaffSummary | null = null,
    activated?: boolean,
  ): Promise<SessionView> {
    const previous = await readSession();
    const sameAccount = previous !== null && previous.mode === mode && previous.account.uuid === account.uuid;
    const samePerson = vouched !== null && previous?.meSource === 'platform' && previous.me?.uuid === vouched.uuid;
    const keep = sameAccount && (identity === 'keep' || samePerson);
    if (previous && !keep) await deps.clearCachedData();
    const addonActivated = activated ?? (sameAccount ? previous.addonActivated : undefined);
    await sessionItem.setValue({
      mode,
      account,
      scopes,
      ...personAfterSignIn(keep ? previous : null, vouched),
      ...(addonActivated === undefined ? {} : { addonActivated }),
    });
    await signedOutReasonItem.setValue(null);
    return sessionView();
  }

  async function oauthSignIn(scopes: string[], identity: 'keep' | 'ask again'): Promise<SessionView> {
    const paired = await deps.paired.forThisInstallation();
    const flow = { ...deps, authUrl: async () => (await readConnection()).authUrl };
    const response = await runOAuthFlow(flow, scopes, paired?.identity);
    await deps.secrets.delete('apiKey');
    const tokens = await deps.tokens.store(response);
    try {
      const account = await readAccount({ kind: 'oauth', tokens: deps.tokens });
      const vouched = await deps.paired.afterSignIn(paired, account.uuid, response.fieldside_staff);
      return await recordSession('oauth', account, tokens.scopes, identity, vouched, response.fieldside_activated);
    } catch (error) {
      await service.signOut('signed_out');
      throw error;
    }
  }

  const service = {
    view: sessionView,
    context,

    /** The person's own sign-in (also "Sign in again"): the platform's consent page, then "who are you" is asked
     * afresh, unless this installation was paired for the account: the platform's word stands. A sign-in that
     * fails or is denied leaves the session as it was. */
    signIn(): Promise<SessionView> {
      return oauthSignIn([...SIGN_IN_SCOPES], 'ask again');
    },

    /** Incremental authorisation: asks again only when the feature (or one of `also`, needed by the same step)
     * lacks a scope; the platform's one consent page then shows only the new ones. */
    async requestFeature(feature: Feature, also: readonly Feature[] = []): Promise<SessionView> {
      const record = await requireSession();
      if (record.mode !== 'oauth') return sessionView();
      const missing = missingScopes([feature, ...also], record.scopes);
      if (missing.length === 0) return sessionView();
      return oauthSignIn([...new Set([...record.scopes, ...missing])], 'keep');
    },

    /** What a refresh's answer said of the account's Fieldside (CompanionTokenFields.fieldside_activated): an
     * administrator may have turned it on, or off, since the sign-in. Written only when it changed. */
    async noteActivation(activated: boolean | undefined): Promise<void> {
      const record = await readSession();
      if (activated === undefined || record?.mode !== 'oauth' || record.addonActivated === activated) return;
      await sessionItem.setValue({ ...record, addonActivated: activated });
    },

    /** A page came back to the front while the account was told "off": the administrator may have just turned
     * Fieldside on in the add-on store. One refresh asks the companion again (its answer says, noteActivation),
     * at most once in ten seconds; a refresh that fails changes nothing here. */
    async checkActivation(): Promise<SessionView> {
      const record = await readSession();
      if (record?.mode !== 'oauth' || record.addonActivated !== false) return sessionView();
      if (now() - activationCheckedAt < ACTIVATION_CHECK_INTERVAL_MS) return sessionView();
      activationCheckedAt = now();
      await deps.tokens.refresh().catch(() => undefined);
      return sessionView();
    },

    async useApiKey(apiKey: string): Promise<SessionView> {
      // Check the key before keeping it: a wrong key is never stored.
      const account = await readAccount({ kind: 'api_key', apiKey });
      await deps.tokens.forget();
      await deps.secrets.clearFor('sign-in');
      await deps.scheduleRefresh(null);
      await deps.secrets.set('apiKey', apiKey);
      return recordSession('api_key', account, []);
    },

    async signOut(reason: SignedOutReason = 'signed_out'): Promise<SessionView> {
      // The token generation ends first: a refresh already under way then writes nothing back.
      await deps.tokens.forget();
      await deps.secrets.clearFor(reason === 'revoked' ? 'revoked' : 'sign-out');
      await deps.scheduleRefresh(null);
      await deps.clearCachedData();
      await sessionItem.setValue(null);
      await signedOutReasonItem.setValue(reason);
      return sessionView();
    },

    /** A different platform or companion invalidates the session: its tokens belong to the old one. */
    async setConnection(connection: Connection): Promise<SessionView> {
      const [current, managed] = await Promise.all([readConnection(), readManagedConnection()]);
      // What the policy sets stays as it is, whatever the person sends.
      const next = { ...connection, ...managed };
      // Tokens belong to one platform and one companion: a change of either host signs out.
      const changed =
        current.restUrl !== next.restUrl ||
        current.authUrl !== next.authUrl ||
        current.companionUrl !== next.companionUrl;
      if (changed && (await readSession())) await service.signOut('signed_out');
      await connectionItem.setValue(connection);
      return sessionView();
    },

    async jobUuids(): Promise<string[]> {
      return deps.reader.jobUuids(await context());
    },

    async signedIn(): Promise<boolean> {
      return (await readSession()) !== null;
    },
  };
  return service;
}
export type SessionService = ReturnType<typeof createSessionService>;
