import type { Pairing } from '@/lib/account/pairing';
import { isPairingConfirmPage } from '@/lib/account/pairing-page';
import { ForbiddenSenderError } from '@/lib/messaging/errors';
import type { Handlers } from '@/lib/messaging/router';
import type { SenderInfo } from '@/lib/messaging/sender';

/** How long the pairing page's question "how did it end?" waits before it is answered "still waiting". */
const OUTCOME_WAIT_MS = 20_000;

const tabOf = (sender: SenderInfo): number | null => {
  const id = (sender.tab as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' ? id : null;
};

/** "Use Fieldside in this browser": the pairing page hands over its code and hears how it ended; Fieldside's own
 * confirmation page asks the person, and only its answer counts. */
export function createPairingHandlers(
  pairing: Pairing,
  ownOrigin: string,
): Pick<Handlers, 'pairing.claim' | 'pairing.outcome' | 'pairing.question' | 'pairing.answer'> {
  return {
    'pairing.claim': ({ code }, sender) => pairing.claim(code, tabOf(sender)),
    'pairing.outcome': (_, sender) => pairing.outcome(tabOf(sender), OUTCOME_WAIT_MS),
    'pairing.question': async () => ({ question: await pairing.question() }),
    'pairing.answer': async ({ id, yes }, sender) => {
      if (!isPairingConfirmPage(sender.url, ownOrigin)) throw new ForbiddenSenderError('pairing.answer');
      return pairing.answer(id, yes);
    },
  };
}
