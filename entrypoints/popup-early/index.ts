// Loaded by popup.html as a classic, parser-blocking script first in its <head>, before the popup's stylesheet and
// modules: it runs as soon as it is loaded (a deferred script waits for the stylesheet, which the browser's file
// loader often answers last). It starts the two storage reads the first screen needs, so they are answered by the
// time the popup's code runs (lib/cache/first-screen/early-reads.ts takes them), and, when they show the kept first
// screen is today's for the signed-in person's cache, draws its rows as plain DOM at once
// (components/search/early-screen.ts): the popup's App takes those nodes over when its modules have run. The build
// holds those modules in the page until this script has painted its rows or found none to draw; this script then
// releases them (components/search/held-modules.ts).
import { browser } from 'wxt/browser';
import { EARLY_KEYS, EARLY_READS, type EarlyReads } from '@/lib/cache/first-screen/early-reads';
import { earlyScreenOf } from '@/lib/quick-search/early-screen';
import { readTrustedRaw } from '@/lib/settings/trusted-raw';
import { STORAGE_KEYS } from '@/lib/settings/keys';
import { drawEarlyScreen, earlyHandoff, pageParsed, type DrawnEarly } from '@/components/search/early-screen';
import { markFirstResults } from '@/components/search/first-row-mark';
import { releaseModules } from '@/components/search/held-modules';
import { canOpenSidePanel, searchHint } from '../popup/search-hint';

/** Resolves once the page's stylesheets are in (a link's `sheet` is null until then): rows laid out before that are
 * laid out twice, the first time in the browser's default fonts. */
function stylesIn(): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((l) => !l.sheet);
  const loaded = (link: HTMLLinkElement) =>
    new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
    });
  return Promise.all(pending.map(loaded)).then(() => undefined);
}

/** Draws the kept first screen if it is the one the App would show first (the App, if its modules have run, waits
 * for this); what it drew, once the frame that shows it has been painted. The nodes go in while the stylesheet may
 * still be loading (nothing is laid out then); the box is focused, which lays the rows out, once it is in. */
async function drawKept(session: unknown, stored: Record<string, unknown>): Promise<DrawnEarly | undefined> {
  await pageParsed();
  const root = document.getElementById('app');
  if (!root || root.firstChild) return undefined;
  const screen = earlyScreenOf(session, stored, Date.now());
  if (!screen) return undefined;
  const drawn = drawEarlyScreen(root, screen, searchHint(canOpenSidePanel()));
  await stylesIn();
  drawn.input.focus();
  performance.mark('fieldside:early-rows');
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      markFirstResults(document, 'early');
      setTimeout(() => resolve(drawn), 0); // after this frame is painted
    });
    setTimeout(() => resolve(drawn), 200); // a page not shown gets no frames: the App takes over anyway
  });
}

/** The latest the App's modules wait for this script's drawing: it settles well before, unless a storage read hangs. */
const MODULES_AT_THE_LATEST_MS = 300;

export default defineUnlistedScript(() => {
  const release = () => void pageParsed().then(() => releaseModules());
  setTimeout(release, MODULES_AT_THE_LATEST_MS);
  try {
    startEarlyScreen(release);
  } catch (error) {
    release(); // the App draws the first screen itself
    throw error;
  }
});

/** Starts the first reads and draws what they show; then `release`s the App's modules. */
function startEarlyScreen(release: () => void): void {
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
  // Only a head start: whatever fails here, the App draws the first screen itself. Had the App's modules run before
  // this script (a page that does not hold them), the App has rendered already: nothing is drawn.
  if (earlyHandoff().appStarted) return release();
  const drawn = Promise.all([session, firstScreen])
    .then(([s, kept]) => drawKept(s[EARLY_KEYS.session], kept))
    .catch(() => undefined);
  earlyHandoff().drawn = drawn;
  void drawn.then(release);
}
