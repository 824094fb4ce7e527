import { COMPANION_PATHS, PAIRING_PAGE } from '@/contracts/companion-paths';
import { DEV_COMPANION_URL } from '@/contracts/platform-hosts';
import { sendMessage } from '@/lib/messaging/send';

// The pairing script: on the companion's pairing page only, it takes the one-time code from the fragment, takes it
// out of the address bar (so it is not left in history or shared with the page's address), hands it to the
// background, and writes into the page, in words, what happens: Fieldside's own tab asks the person to confirm,
// then how it ended. It never sees a token, and nothing it does makes anyone anyone: only the person's "Yes" on
// Fieldside's own page does. `matches` is the build's companion host (any port: match patterns have none); the
// background answers only the configured companion's pairing page (lib/account/pairing-page.ts), so the same path
// on another server of the host gets nothing.

function companionMatch(): string {
  const url = new URL(import.meta.env.WXT_COMPANION_URL || DEV_COMPANION_URL);
  return `${url.protocol}//${url.hostname}${COMPANION_PATHS.pair}*`;
}

/** The page's states: `confirming` while Fieldside's tab asks, then `paired`, `declined` or `failed`. */
function show(state: 'confirming' | 'paired' | 'declined' | 'failed', text: string): void {
  const root = document.getElementById(PAIRING_PAGE.root);
  const result = document.getElementById(PAIRING_PAGE.result);
  if (!root || !result) return;
  result.textContent = text;
  root.dataset.state = state;
}

const AGAIN = 'To try again, choose Fieldside on the job card, then “Use Fieldside in this browser”.';

/** Asks the background how the pairing ended until it has; a worker that stopped meanwhile is asked again. */
async function outcome(): Promise<string> {
  for (let failures = 0; failures < 5;) {
    try {
      const { outcome: answer } = await sendMessage('pairing.outcome', {});
      if (answer !== 'waiting') return answer;
      failures = 0;
    } catch {
      failures++;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  return 'gone';
}

export default defineContentScript({
  matches: [companionMatch()],
  runAt: 'document_idle',
  async main() {
    if (location.pathname !== COMPANION_PATHS.pair) return;
    const code = decodeURIComponent(location.hash.slice(1));
    if (!code) return;
    history.replaceState(null, '', location.pathname);
    let staffName: string;
    try {
      ({ staffName } = await sendMessage('pairing.claim', { code }));
    } catch (error) {
      show(
        'failed',
        error instanceof Error && error.message
          ? error.message
          : 'Fieldside could not pair this browser. Try again from the job card.',
      );
      return;
    }
    show(
      'confirming',
      `Confirm in the Fieldside tab that opened: “Work as ${staffName} in this browser?” Nothing changes until you answer there.`,
    );
    const ended = await outcome();
    if (ended === 'confirmed')
      show(
        'paired',
        `Fieldside in this browser now works as ${staffName}, as the platform says. You can close this tab.`,
      );
    else if (ended === 'declined')
      show('declined', `You answered “No”: Fieldside in this browser did not change. You can close this tab.`);
    else if (ended === 'expired') show('failed', `Nobody answered in the Fieldside tab, so nothing changed. ${AGAIN}`);
    else show('failed', `Fieldside is no longer waiting for an answer about this link, so nothing changed. ${AGAIN}`);
  },
});
