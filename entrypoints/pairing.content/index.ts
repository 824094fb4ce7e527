import { COMPANION_PATHS, PAIRING_PAGE } from '@/contracts/companion-paths';
import { DEV_COMPANION_URL } from '@/contracts/platform-hosts';
import { sendMessage } from '@/lib/messaging/send';

// The pairing script: on the companion's pairing page only, it takes the one-time code from the fragment, takes it
// out of the address bar (so it is not left in history or shared with the page's address), hands it to the
// background, and writes the outcome into the page in words. It never sees a token: the background claims the
// code with the companion and answers a name or an error message. `matches` is the build's companion host (any
// port: match patterns have none); the background answers only the configured companion's pairing page
// (lib/account/pairing-page.ts), so the same path on another server of the host gets nothing.

function companionMatch(): string {
  const url = new URL(import.meta.env.WXT_COMPANION_URL || DEV_COMPANION_URL);
  return `${url.protocol}//${url.hostname}${COMPANION_PATHS.pair}*`;
}

function show(state: 'paired' | 'failed', text: string): void {
  const root = document.getElementById(PAIRING_PAGE.root);
  const result = document.getElementById(PAIRING_PAGE.result);
  if (!root || !result) return;
  result.textContent = text;
  root.dataset.state = state;
}

export default defineContentScript({
  matches: [companionMatch()],
  runAt: 'document_idle',
  async main() {
    if (location.pathname !== COMPANION_PATHS.pair) return;
    const code = decodeURIComponent(location.hash.slice(1));
    if (!code) return;
    history.replaceState(null, '', location.pathname);
    try {
      const { staffName } = await sendMessage('pairing.claim', { code });
      show(
        'paired',
        `Fieldside in this browser now works as ${staffName}, as the platform says. You can close this tab.`,
      );
    } catch (error) {
      show(
        'failed',
        error instanceof Error && error.message
          ? error.message
          : 'Fieldside could not pair this browser. Try again from the job card.',
      );
    }
  },
});
