import { SetupLeft } from '@/components/SetupLeft';
import { SearchNotAllowed } from '@/components/search/SearchNotAllowed';
import { SignedOutPrompt } from '@/components/search/SignedOutPrompt';
import type { PopupWorkspace } from '@/lib/quick-search/popup-workspace';
import { openFirstRunPage } from '@/lib/onboarding/first-run';
import { closeIfPopup } from './open';
import type { PopupSetup } from './setup';

// What the popup seldom shows: instead of the search when there is nothing to search yet (signed
// out, "who are you" unanswered, search not allowed), a reminder under it while the first-run page is
// unfinished, and the last sync's problem. Loaded beside the search, not before it (main.tsx): an
// opening with everything set up and well paints its rows without it.

export { createPopupSetup } from './setup';
export { SyncProblem } from '@/components/search/SyncProblem';

/** The first-run page, where signing in, "who are you" and the rest of setting up are done. */
async function openFirstRun(): Promise<void> {
  await openFirstRunPage();
  closeIfPopup();
}

/** Instead of the search: what to do first, and the way to it. */
export function NotReady({ workspace, setup }: { workspace: PopupWorkspace; setup: PopupSetup }) {
  if (workspace.state === 'ready') {
    return (
      <SearchNotAllowed busy={setup.asking.value} onAllow={() => void setup.allowSearch().catch(() => undefined)} />
    );
  }
  return <SignedOutPrompt reason={workspace.state} left={setup.left.value} onContinue={() => void openFirstRun()} />;
}

/** Under the search: what is left of setting up, while the first-run page is unfinished. */
export function SetupReminder({ setup }: { setup: PopupSetup }) {
  return <SetupLeft left={setup.left.value} onContinue={() => void openFirstRun()} />;
}
