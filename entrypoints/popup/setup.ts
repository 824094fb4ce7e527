import { computed, signal } from '@preact/signals';
import { sendMessage } from '@/lib/messaging/send';
import { markFirstRun, readFirstRun, watchFirstRun } from '@/lib/onboarding/first-run';
import { setupLeft, type FirstRunProgress } from '@/lib/onboarding/setup-left';
import type { QuickSearchModel } from '@/lib/quick-search/search-model';

// What the popup says about setting up: what is left of the first-run page (read raw: the popup
// bundles no zod), and the permission search needs when the sign-in lacks it.

export function createPopupSetup(model: QuickSearchModel) {
  const firstRun = signal<FirstRunProgress | null>(null, { name: 'firstRun' });
  const asking = signal(false, { name: 'asking' });
  const left = computed(() => {
    const workspace = model.workspace.value;
    if (!workspace) return [];
    return setupLeft({
      signedIn: workspace.state !== 'signed_out',
      // The popup knows only whether "who are you" waits: that is an OAuth session's.
      mode: workspace.state === 'choose_staff' ? 'oauth' : null,
      hasMe: workspace.state !== 'choose_staff',
      firstRun: firstRun.value,
    });
  });
  const load = () =>
    void readFirstRun().then(
      (value) => void (firstRun.value = value),
      () => undefined,
    );
  return {
    left,
    asking,
    start(): () => void {
      // The popup is open: Fieldside is at hand (its button or its shortcut brought it).
      void markFirstRun('atHand').catch(() => undefined);
      load();
      return watchFirstRun(load);
    },
    /** The platform's consent page for what search lacks; the popup follows the session when it comes back. */
    async allowSearch(): Promise<void> {
      asking.value = true;
      try {
        await sendMessage('session.requestFeature', { feature: 'search' });
      } finally {
        asking.value = false;
      }
    },
  };
}
export type PopupSetup = ReturnType<typeof createPopupSetup>;
