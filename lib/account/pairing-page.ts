import { COMPANION_PATHS } from '../../contracts/companion-http';

// The companion's pairing page (`GET /pair`, opened from the job card's "Use Fieldside in this browser"), as the
// background and the pairing script tell it apart from every other page: the configured companion's origin, port
// included (in development every local server shares 127.0.0.1, and match patterns ignore ports), and that path.

export function isPairingPage(pageUrl: string | undefined, companionUrl: string): boolean {
  if (!pageUrl || !URL.canParse(pageUrl) || !URL.canParse(companionUrl)) return false;
  const page = new URL(pageUrl);
  return page.origin === new URL(companionUrl).origin && page.pathname === COMPANION_PATHS.pair;
}

/** Fieldside's own page that asks "Work as <name> in this browser?" (entrypoints/pairing-confirm): the only sender
 * whose answer counts. */
export const PAIRING_CONFIRM_PAGE = '/pairing-confirm.html';

/** Whether a message came from that page of this extension (`ownOrigin`: runtime.getURL('/')). */
export function isPairingConfirmPage(senderUrl: string | undefined, ownOrigin: string): boolean {
  // By prefix: URL.origin of an extension's URL is "null" for every extension alike.
  const base = ownOrigin.endsWith('/') ? ownOrigin : `${ownOrigin}/`;
  if (!senderUrl?.startsWith(base) || !URL.canParse(senderUrl)) return false;
  return new URL(senderUrl).pathname === PAIRING_CONFIRM_PAGE;
}
