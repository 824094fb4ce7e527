import type { SessionView } from './session-view';

// Apart from session-view.ts (its schemas), so the pages that decide what to show bundle no zod.

/** Whether the session may use what is the whole account's (webhooks, "view as", where Fieldside connects): the
 * account's own API key, or a person the platform vouched for (pairing) whose role is an administrator one. A name
 * chosen from the list narrows what Fieldside shows, never widens it. The background checks the role again, as the
 * platform has it now, at every such action (lib/account/who-are-you.ts). */
export function administersAccount(view: Pick<SessionView, 'state' | 'mode' | 'me' | 'meSource'>): boolean {
  if (view.state !== 'signed_in') return false;
  return view.mode === 'api_key' || (view.meSource === 'platform' && view.me?.isAdmin === true);
}
