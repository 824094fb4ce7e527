// Loaded by popup.html as a classic script in <head>, before the popup's modules are fetched and
// evaluated: starts the two storage reads the first screen needs, so they are answered by the time
// the popup's code runs (lib/cache/first-screen/early-reads.ts takes them). Nothing else.
import { browser } from 'wxt/browser';
import { EARLY_KEYS, EARLY_READS, type EarlyReads } from '@/lib/cache/first-screen/early-reads';
import { readTrustedRaw } from '@/lib/settings/trusted-item';
import { STORAGE_KEYS } from '@/lib/settings/keys';

export default defineUnlistedScript(() => {
  // The session from wherever the trusted items live (storage.local in Chrome, the extension origin's IndexedDB in
  // Firefox): in Firefox its read otherwise waited for our modules, then for the database to open.
  const session: Promise<Record<string, unknown>> = readTrustedRaw(STORAGE_KEYS.session).then((value) => ({
    [EARLY_KEYS.session]: value,
  }));
  const firstScreen: Promise<Record<string, unknown>> = browser.storage.session.get([
    EARLY_KEYS.firstScreen,
    EARLY_KEYS.todayJobs,
    EARLY_KEYS.myJobs,
  ]);
  // Never "unhandled": the popup reads again itself when one failed. The marks show in the popup bench when
  // each read was answered (bench/popup.ts prints every mark of an opening).
  performance.mark('fieldside:early');
  session.then(() => performance.mark('fieldside:early-session')).catch(() => undefined);
  firstScreen.then(() => performance.mark('fieldside:early-kept')).catch(() => undefined);
  const reads: EarlyReads = { session, firstScreen };
  (globalThis as unknown as Record<string, unknown>)[EARLY_READS] = reads;
});
