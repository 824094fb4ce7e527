import { browser } from 'wxt/browser';
import { ADD_NOTE_MENU, createSelectionNote } from '@/lib/side-panel/selection-note';

// "Add selection as a note to a job…": the entry on selected text; a click keeps the text for the
// picker page (picker.pending) and opens the picker in a small popup window. The text is held in
// memory: the picker asks for it as soon as it opens, while this worker is awake.

/** Built from entrypoints/picker/ (its own engineer); cast until WXT's generated paths list it. */
const PICKER_PATH = '/picker.html' as Parameters<typeof browser.runtime.getURL>[0];

export function listenForContextMenu() {
  const menus = browser.contextMenus;
  const selection = createSelectionNote(() => {
    void browser.windows.create({ url: browser.runtime.getURL(PICKER_PATH), type: 'popup', width: 440, height: 600 });
  });
  browser.runtime.onInstalled.addListener(() => {
    menus.create({ id: ADD_NOTE_MENU, title: 'Add selection as a note to a job…', contexts: ['selection'] }, () => {
      // Created again on update: "duplicate id" is expected then.
      void browser.runtime.lastError;
    });
  });
  menus.onClicked.addListener((info) => selection.onClick(info));
  return selection;
}
