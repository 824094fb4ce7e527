import { Hono } from 'hono';
import {
  COMPANION_PATHS,
  PAIR_CLAIM_ERRORS,
  PairClaimRequestSchema,
  type PairClaimReply,
} from '../../../contracts/companion-http';
import { installationIdOf } from '../../../contracts/installation-binding';
import { addonKey, type AddonStore } from '../addon/store/types';
import type { CompanionConfig } from '../config';
import { isPlatformError } from '../feed/platform-error';
import type { TokenChecker } from '../feed/token-check';
import { jsonError, readJsonBody } from '../http-errors';
import { tooManyRequests, type RateLimiter } from '../limits/rate-limit';
import { verifyPairingCode } from './pairing-code';
import { sendPairingPage } from './pairing-page';

// Pairing a browser's Fieldside with the staff member the platform vouched for (the signed event that drew the
// panel): GET /pair shows the page the code rides to, POST /pair/claim is the extension's background claiming it
// with its own platform token. The claim checks the code (signature, expiry), that the token's account is the
// code's (the feed's cached token check: vendor.json), and spends the code's nonce once in the shared store, for
// one installation: the same installation claiming again (its answer was lost) is answered again; any other is
// refused.

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
  checker: TokenChecker;
  limiter: RateLimiter;
  now: () => number;
}

export function createPairingRoutes(deps: PairingRouteDeps): Hono {
  const { config, store, checker, now } = deps;
  const routes = new Hono();

  routes.get(COMPANION_PATHS.pair, (c) => sendPairingPage(c, config.storeLinks));

  routes.post(COMPANION_PATHS.pairClaim, async (c) => {
    const bearer = /^Bearer\s+(\S{1,4096})$/i.exec(c.req.header('authorization') ?? '');
    if (!bearer)
      return jsonError(
        c,
        401,
        'invalid_token',
        'Fieldside is not signed in here. Sign in, then pair this browser again.',
      );
    const body = await readJsonBody(c, PairClaimRequestSchema);
    if (!body.ok) return body.response;
    const { code } = body.data;
    const installation = await installationIdOf(body.data.installation_key);
    const limited = await deps.limiter.check({ kind: 'installation', id: installation });
    if (!limited.ok) return tooManyRequests(c, limited, 'pairings');

    const check = await verifyPairingCode(config.signingSecret, code, now());
    if (!check.ok) return jsonError(c, 400, check.problem, CLAIM_WORDS[check.problem]);
    const { claims } = check;

    let account: string;
    try {
      account = await checker.accountFor(bearer[1]!);
    } catch (e) {
      if (!isPlatformError(e)) throw e;
      if (e.status === 502)
        return jsonError(
          c,
          502,
          'platform_unavailable',
          'The platform could not be reached just now. Try again in a few minutes.',
        );
      return jsonError(
        c,
        401,
        'invalid_token',
        "The platform did not accept this browser's sign-in. Sign in to Fieldside again, then pair this browser again.",
      );
    }
    if (account.toLowerCase() !== claims.account.toLowerCase())
      return jsonError(c, 403, 'pairing_other_account', CLAIM_WORDS.pairing_other_account);

    const key = addonKey('pairing', claims.nonce);
    const first = await store.setIfAbsent(key, installation, claims.expiresAt - now() + 1_000);
    if (!first && (await store.get(key)) !== installation)
      return jsonError(c, 400, 'pairing_used', CLAIM_WORDS.pairing_used);
    c.header('cache-control', 'no-store');
    return c.json<Omit<PairClaimReply, 'identity' | 'fieldside_pass'>>({
      account_uuid: claims.account,
      staff_uuid: claims.staff,
      staff_name: claims.staffName,
    });
  });
  return routes;
}
