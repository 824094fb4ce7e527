import {
  COMPANION_PATHS,
  CompanionErrorSchema,
  PairClaimReplySchema,
  type PairClaimReply,
} from '../../contracts/companion-http';
import { PairingError, type PairingProblem } from './pairing-errors';

// The companion's half of pairing (contracts/companion-http.ts, POST /pair/claim): the code the pairing page
// carried, this browser's platform token (the code's account must be the token's) and the installation id (the
// code is spent for this installation only). Every failure becomes a PairingError whose words the pairing page
// shows; the token goes only to the companion, never back to the page.

export interface PairingClientOptions {
  companionUrl: () => Promise<string>;
  accessToken: () => Promise<string>;
  installationId: () => Promise<string>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const CODES: Record<string, PairingProblem> = {
  pairing_invalid: 'invalid',
  pairing_expired: 'expired',
  pairing_used: 'used',
  pairing_other_account: 'other_account',
};

export function createPairingClient(options: PairingClientOptions) {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    async claim(code: string): Promise<PairClaimReply> {
      const base = (await options.companionUrl()).replace(/\/$/, '');
      const [token, installation] = await Promise.all([options.accessToken(), options.installationId()]);
      let response: Response;
      try {
        response = await fetchImpl(`${base}${COMPANION_PATHS.pairClaim}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ code, installation }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
        });
      } catch (cause) {
        throw new PairingError('unreachable', { cause });
      }
      const json: unknown = await response.json().catch(() => undefined);
      if (response.ok) {
        const reply = PairClaimReplySchema.safeParse(json);
        if (!reply.success) throw new PairingError('server');
        return reply.data;
      }
      const error = CompanionErrorSchema.safeParse(json);
      const known = error.success ? CODES[error.data.error] : undefined;
      if (known) throw new PairingError(known);
      if (response.status === 401) throw new PairingError('sign_in');
      throw new PairingError(response.status === 429 ? 'busy' : 'server');
    },
  };
}
export type PairingClient = ReturnType<typeof createPairingClient>;
