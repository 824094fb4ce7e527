import { Hono, type Context } from 'hono';
import {
  COMPANION_PATHS,
  PAIR_CLAIM_ERRORS,
  PairClaimRequestSchema,
  type PairClaimReply,
} from '../../../contracts/companion-http';
import { installationIdOf, pairProofMessage } from '../../../contracts/installation-binding';
import { toUuid } from '../../../contracts/uuid';
import { addonKey, type AddonStore } from '../addon/store/types';
import type { CompanionConfig } from '../config';
import { passAuth, type FeedEnv } from '../feed/pass-auth';
import { jsonError, readJsonBody } from '../http-errors';
import { tooManyRequests, type RateLimiter } from '../limits/rate-limit';
import { checkInstallationProof } from '../oauth/installation-proof';
import { signIdentity } from '../trust/identity';
import { signPass } from '../trust/pass';
import { verifyPairingCode } from './pairing-code';
import { sendPairingPage } from './pairing-page';

// Pairing a browser's Fieldside with the staff member the platform vouched for (the signed event that drew the
// panel): GET /pair shows the page the code rides to, POST /pair/claim is the extension's background claiming it
// with its access token and pass (pass-auth: the caller's account, no platform request), its installation key and
// that key's signature over the code. The claim checks the proof, the code (signature, expiry) and that the pass's
// account is the code's, and spends the code's nonce once in the shared store, for one installation: the same
// installation claiming again (its answer was lost) is answered again; any other is refused. The answer is the
// identity (../trust/identity.ts), good only with that installation's key, and a fresh pass that names the person.

const CLAIM_WORDS = {
  pairing_invalid:
    'This pairing link is not one Fieldside made. Choose "Use Fieldside in this browser" on the job card again.',
  pairing_expired:
    'This pairing link is more than 10 minutes old. Choose "Use Fieldside in this browser" on the job card again.',
  pairing_used:
    'This pairing link was already used in another browser. Choose "Use Fieldside in this browser" on the job card again.',
  pairing_other_account:
    'Fieldside in this browser is signed in to another business account than the job card. Sign in to Fieldside with the same account, then try again.',
  pairing_unbound:
    'This browser could not prove it is the one that asked. Choose "Use Fieldside in this browser" on the job card again.',
  clock_skew:
    'This computer\'s clock is more than five minutes off, so the pairing cannot be checked. Set the clock right, then choose "Use Fieldside in this browser" on the job card again.',
} as const satisfies Record<(typeof PAIR_CLAIM_ERRORS)[number], string>;

export interface PairingRouteDeps {
  config: Pick<CompanionConfig, 'signingSecret' | 'storeLinks'>;
  store: AddonStore;
  limiter: RateLimiter;
  now: () => number;
  addressOf?: (c: Context) => string | undefined;
}

export function createPairingRoutes(deps: PairingRouteDeps): Hono<FeedEnv> {
  const { config, store, now } = deps;
  const routes = new Hono<FeedEnv>();

  routes.get(COMPANION_PATHS.pair, (c) => sendPairingPage(c, config.storeLinks));

  routes.use(COMPANION_PATHS.pairClaim, passAuth({ secret: config.signingSecret, now }));
  routes.post(COMPANION_PATHS.pairClaim, async (c) => {
    const body = await readJsonBody(c, PairClaimRequestSchema);
    if (!body.ok) return body.response;
    const { code, installation_key: key, proof } = body.data;
    const installation = await installationIdOf(key);
    const address = deps.addressOf?.(c);
    const limited = await deps.limiter.check(
      { kind: 'installation', id: installation },
      ...(address ? [{ kind: 'address' as const, id: address }] : []),
    );
    if (!limited.ok) return tooManyRequests(c, limited, 'pairings');

    const proven = await checkInstallationProof(key, await pairProofMessage(code, proof.iat), proof, now());
    if (!proven.ok) {
      const problem = proven.reason === 'clock_skew' ? 'clock_skew' : 'pairing_unbound';
      return jsonError(c, 400, problem, CLAIM_WORDS[problem]);
    }
    const check = await verifyPairingCode(config.signingSecret, code, now());
    if (!check.ok) return jsonError(c, 400, check.problem, CLAIM_WORDS[check.problem]);
    const { claims } = check;
    const account = c.get('account');
    if (toUuid(account) !== toUuid(claims.account))
      return jsonError(c, 403, 'pairing_other_account', CLAIM_WORDS.pairing_other_account);

    const nonce = addonKey('pairing', claims.nonce);
    const first = await store.setIfAbsent(nonce, installation, claims.expiresAt - now() + 1_000);
    if (!first && (await store.get(nonce)) !== installation)
      return jsonError(c, 400, 'pairing_used', CLAIM_WORDS.pairing_used);
    const { staff } = claims;
    const secret = config.signingSecret;
    c.header('cache-control', 'no-store');
    return c.json<PairClaimReply>({
      account_uuid: claims.account,
      staff_uuid: claims.staff,
      staff_name: claims.staffName,
      identity: await signIdentity(secret, { account: toUuid(claims.account), staff, installation }, now()),
      fieldside_pass: await signPass(secret, {
        account,
        accessToken: c.get('token'),
        expiresAtMs: c.get('expiresAt'),
        staff,
      }),
    });
  });
  return routes;
}
