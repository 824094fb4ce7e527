// Loaded by popup.html as a classic script in <head>, before the popup's modules are fetched and
// evaluated: starts the two storage reads the first screen needs, so they are answered by the time
// the popup's code runs (lib/cache/first-screen/early-reads.ts takes them). Nothing else.
import { browser } from 'wxt/browser';
import { EARLY_KEYS, EARLY_READS, type EarlyReads } from '@/lib/cache/first-screen/early-reads';
import { localIsTrusted } from '@/lib/settings/trusted-area';

export default defineUnlistedScript(() => {
  // The session is read early only where it lives in storage.local (Chrome): in Firefox it lives in
  // IndexedDB (lib/settings/trusted-item.ts), and storage.local holds only what a content script wrote.
  const session: Promise<Record<string, unknown>> | undefined = localIsTrusted()
    ? browser.storage.local.get(EARLY_KEYS.session)
    : undefined;
  const firstScreen: Promise<Record<string, unknown>> = browser.storage.session.get([
    EARLY_KEYS.firstScreen,
    EARLY_KEYS.todayJobs,
    EARLY_KEYS.myJobs,
  ]);
  // Never "unhandled": the popup reads again itself when one failed. The marks show in the popup bench when
  // each read was answered (bench/popup.ts prints every mark of an opening).
  performance.mark('fieldside:early');
  session?.then(() => performance.mark('fieldside:early-session')).catch(() => undefined);
  firstScreen.then(() => performance.mark('fieldside:early-kept')).catch(() => undefined);
  const reads: EarlyReads = { ...(session ? { session } : {}), firstScreen };
  (globalThis as unknown as Record<string, unknown>)[EARLY_READS] = reads;
});
