import {
  COMPANION_ERRORS,
  COMPANION_HEADERS,
  COMPANION_PATHS,
  CompanionErrorSchema,
  PairClaimReplySchema,
  type PairClaimReply,
  type PairClaimRequest,
} from '../../contracts/companion-http';
import type { InstallationKeys } from '../auth/installation-key';
import { PairingError, type PairingProblem } from './pairing-errors';

// The companion's half of pairing (contracts/companion-http.ts, POST /pair/claim): the code the pairing page
// carried, this browser's access token and its pass (the code's account must be the pass's), the installation's
// public key and its signature over the code (the code is spent for this installation, and the identity answered is
// bound to its key). A pass the companion no longer takes is renewed once (a refresh) and the claim tried again.
// Every failure becomes a PairingError whose words the pairing page shows; the token goes only to the companion.

export interface PairingClientOptions {
  companionUrl: () => Promise<string>;
  accessToken: () => Promise<string>;
  /** The companion's pass for that access token (null: none kept). */
  passFor: (accessToken: string) => Promise<string | null>;
  /** The companion refused the pass of `failedAccessToken`: refresh it (the answer brings a new pass). */
  renew: (failedAccessToken: string) => Promise<unknown>;
  installation: Pick<InstallationKeys, 'publicKey' | 'provePairing'>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const CODES: Record<string, PairingProblem> = {
  pairing_invalid: 'invalid',
  pairing_expired: 'expired',
  pairing_used: 'used',
  pairing_other_account: 'other_account',
  pairing_unbound: 'unbound',
  clock_skew: 'clock',
};

export function createPairingClient(options: PairingClientOptions) {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));

  /** One claim with the current token and pass; the response, or the problem a retry will not mend. */
  async function post(code: string): Promise<{ token: string; response: Response }> {
    const base = (await options.companionUrl()).replace(/\/$/, '');
    const token = await options.accessToken();
    const pass = await options.passFor(token);
    const body: PairClaimRequest = {
      code,
      installation_key: (await options.installation.publicKey()).key,
      proof: await options.installation.provePairing(code),
    };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    };
    if (pass) headers[COMPANION_HEADERS.pass] = pass;
    try {
      const response = await fetchImpl(`${base}${COMPANION_PATHS.pairClaim}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
      return { token, response };
    } catch (cause) {
      throw new PairingError('unreachable', { cause });
    }
  }

  async function errorOf(response: Response): Promise<{ code: string | undefined; problem: PairingProblem }> {
    const error = CompanionErrorSchema.safeParse(await response.json().catch(() => undefined));
    const code = error.success ? error.data.error : undefined;
    const known = code === undefined ? undefined : CODES[code];
    if (known) return { code, problem: known };
    if (response.status === 401) return { code, problem: 'sign_in' };
    return { code, problem: response.status === 429 ? 'busy' : 'server' };
  }

  return {
    /** The companion's answer, and the access token its pass (`fieldside_pass`) is for. */
    async claim(code: string): Promise<{ reply: PairClaimReply; accessToken: string }> {
      let { token, response } = await post(code);
      if (response.status === 401) {
        const { code: error } = await errorOf(response.clone());
        if (error === COMPANION_ERRORS.invalidPass) {
          await options.renew(token).catch((cause: unknown) => {
            throw new PairingError('sign_in', { cause });
          });
          ({ token, response } = await post(code));
        }
      }
      if (response.ok) {
        const reply = PairClaimReplySchema.safeParse(await response.json().catch(() => undefined));
        if (!reply.success) throw new PairingError('server');
        return { reply: reply.data, accessToken: token };
      }
      throw new PairingError((await errorOf(response)).problem);
    },
  };
}
export type PairingClient = ReturnType<typeof createPairingClient>;
