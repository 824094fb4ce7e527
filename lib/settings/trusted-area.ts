import { browser } from 'wxt/browser';

// Where the trusted items (keys.ts TRUSTED_KEYS) live: somewhere no content script can write, because the background
// trusts them to decide where tokens go and whom requests impersonate. Chrome can close storage.local to content
// scripts (setAccessLevel, closed at every start); Firefox cannot, so there they live in the extension origin's
// IndexedDB (trusted-item.ts), which content scripts never reach. Decided by what the browser offers, so every
// context of one browser agrees; this file imports nothing else, so the popup's early script can ask it.

/** Whether this browser can close storage.local to content scripts (then the trusted items stay in it). */
export function localIsTrusted(): boolean {
  return typeof (browser.storage?.local as { setAccessLevel?: unknown } | undefined)?.setAccessLevel === 'function';
}

/** The background, at every start: content scripts can then neither read nor write storage.local. */
export async function closeLocalToContentScripts(): Promise<void> {
  if (!localIsTrusted()) return;
  const local = browser.storage.local as unknown as { setAccessLevel(options: { accessLevel: string }): Promise<void> };
  await local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
}
