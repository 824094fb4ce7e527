import { createHost, MARK, type BadgeTarget } from './scan';

// The platform's web app is an ExtJS single-page app: a job opens as a window element (`.x-window`)
// with its title in a header element (`.x-window-header-text`), and the title names the job number
// people say ("Job #1234 – Client"). That structure is all Fieldside relies on (PLATFORM-NOTES, "The
// web app"): the number maps to the job through the offline cache, and the badge goes in the title.
// Windows open and close all day; the boot loop rescans on every change (boot.ts).

const WINDOW = '.x-window';
const TITLE = '.x-window-header-text';
/** The job number in a window title: "Job #1234", "Job 1234", "Job No. 1234". */
const TITLE_NUMBER = /\bjob\s*(?:#|no\.?|number)?\s*(\d{1,10})\b/i;

const UNSEEN = `${WINDOW}:not([${MARK}])`;

/** The job number a window's title names, or null (a window that is not a job, or not titled yet). */
export function windowJobNumber(win: Element): string | null {
  const title = win.querySelector(TITLE)?.textContent ?? '';
  return TITLE_NUMBER.exec(title)?.[1] ?? null;
}

/** The cheap check the MutationObserver runs: a window not decorated yet that names a job? */
export function hasJobWindows(root: ParentNode): boolean {
  for (const win of root.querySelectorAll(UNSEEN)) if (windowJobNumber(win)) return true;
  return false;
}

/** A host in the title of each job window not seen yet. A window whose title names no job yet is
 * left unmarked, so a later scan (its title filled in) still finds it. */
export function attachWindowHosts(doc: Document): BadgeTarget[] {
  const targets: BadgeTarget[] = [];
  for (const win of doc.querySelectorAll(UNSEEN)) {
    const number = windowJobNumber(win);
    const title = win.querySelector(TITLE);
    if (!number || !title) continue;
    win.setAttribute(MARK, 'seen');
    const { host, root } = createHost(doc);
    title.after(host);
    targets.push({ host, root, uuid: null, number });
  }
  return targets;
}

/** The job of the window in front (the one with focus, else the highest in the stacking order): the
 * job this page shows, which the side panel follows. */
export function frontJobNumber(doc: Document): string | null {
  const windows = [...doc.querySelectorAll(WINDOW)].filter((w) => windowJobNumber(w) !== null);
  if (windows.length === 0) return null;
  const focused = windows.find((w) => w.contains(doc.activeElement));
  if (focused) return windowJobNumber(focused);
  const depth = (w: Element) => Number((w as HTMLElement).style?.zIndex) || 0;
  // The last of the highest: among equals, the one opened last is drawn on top.
  const front = windows.reduce((best, w) => (depth(w) >= depth(best) ? w : best));
  return windowJobNumber(front);
}
