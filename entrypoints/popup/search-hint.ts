import { browser } from 'wxt/browser';

// What the popup's search says Enter does, which depends on whether the side panel can open: read by the popup and
// by its early script (entrypoints/popup-early), which draws the same words before the popup's modules load.

/** The side panel exists in this build and browser (Chrome with a side panel page). */
export function canOpenSidePanel(): boolean {
  return !import.meta.env.FIREFOX && 'sidePanel' in browser && !!browser.runtime.getManifest().side_panel;
}

/** The hint under the search. */
export function searchHint(panel: boolean): string {
  return panel
    ? 'Enter opens the job in the side panel (a customer: their jobs), Shift+Enter in the web app. Narrow with status:quote, mine or today.'
    : 'Enter opens the job in the web app (a customer: their jobs). Narrow with status:quote, mine or today.';
}
