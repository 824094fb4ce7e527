import { STORAGE_KEYS } from '../settings/keys';
import { watchTrustedRaw } from '../settings/trusted-item';

// Apart from popup-workspace.ts: the watch needs trusted-item.ts (and idb, in Firefox), which the popup's early
// script, a classic script that shares no chunk with the modules, must not carry.

/** Calls `onChange` when the session changes (sign-in, sign-out, "who are you", view as). */
export function watchPopupWorkspace(onChange: () => void): () => void {
  return watchTrustedRaw(STORAGE_KEYS.session, onChange);
}
