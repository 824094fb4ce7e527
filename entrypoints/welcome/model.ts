import { signal } from '@preact/signals';
import { createSessionPageModel } from '@/lib/account/session-page-model';
import { toWireError } from '@/lib/messaging/errors';
import type { WireError } from '@/lib/messaging/protocol';
import { markFirstRun } from '@/lib/onboarding/first-run';
import { openDayPanel, readPinned, readShortcut, watchPinned } from './browser-setup';

// The first-run page's state: the session as pages hold it (sign-in, who you are), the shortcut and
// whether Fieldside is pinned as the browser says, and the last step's outcome.

export function createWelcomeModel() {
  const session = createSessionPageModel();
  /** The popup's shortcut; '' when none is set; null until read. */
  const shortcut = signal<string | null>(null, { name: 'shortcut' });
  /** Pinned to the toolbar (Chrome); null where the browser shows the button anyway (Firefox). */
  const pinned = signal<boolean | null>(null, { name: 'pinned' });
  const dayOpened = signal(false, { name: 'dayOpened' });
  const dayError = signal<WireError | null>(null, { name: 'dayError' });

  async function readBrowser(): Promise<void> {
    shortcut.value = await readShortcut().catch(() => '');
    setPinned(await readPinned().catch(() => null));
  }
  /** Pinned to the toolbar is Fieldside kept at hand. */
  function setPinned(value: boolean | null): void {
    pinned.value = value;
    if (value === true) void markFirstRun('atHand').catch(() => undefined);
  }

  return {
    ...session,
    shortcut,
    pinned,
    dayOpened,
    dayError,
    async start(): Promise<() => void> {
      const stops = [session.watch(), watchPinned(setPinned)];
      // The shortcut may be changed in another tab: read again when the person comes back.
      const onFocus = () => void readBrowser();
      addEventListener('focus', onFocus);
      stops.push(() => removeEventListener('focus', onFocus));
      await Promise.all([session.load(), readBrowser()]);
      return () => stops.forEach((stop) => stop());
    },
    /** The last step, from the click itself (the side panel needs its user gesture): the day opens
     * beside this page, and setting up is finished. */
    openDay(): void {
      dayError.value = null;
      openDayPanel().then(
        async () => {
          dayOpened.value = true;
          await markFirstRun('dayOpened');
        },
        (error: unknown) => void (dayError.value = toWireError(error)),
      );
    },
  };
}
export type WelcomeModel = ReturnType<typeof createWelcomeModel>;
