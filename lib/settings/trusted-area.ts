import { browser } from 'wxt/browser';

// Where the trusted items live (keys.ts TRUSTED_KEYS: the connection, the session): somewhere no
// content script can write, because the background trusts them to decide where tokens go and whom
// requests impersonate. Content scripts may read and write storage.local in both browsers unless
// the extension closes it:
// - Chrome can close it (storage.local.setAccessLevel TRUSTED_CONTEXTS; the browser keeps the
//   setting across restarts). The background closes it at every start, and the items stay there.
// - Firefox cannot (storage.local has no setAccessLevel), so there they live in the extension
//   origin's IndexedDB (trusted-item.ts), which content scripts never reach: they run with the web
//   page's origin.
// Which one is decided by what the browser offers, so every context of one browser agrees. This
// file imports nothing else, so the popup's early script can ask it.

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
