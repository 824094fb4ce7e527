import { COMPANION_PATHS } from '../../contracts/companion-http';

// The companion's pairing page (`GET /pair`, opened from the job card's "Use Fieldside in this browser"), as the
// background and the pairing script tell it apart from every other page: the configured companion's origin, port
// included (in development every local server shares 127.0.0.1, and match patterns ignore ports), and that path.

export function isPairingPage(pageUrl: string | undefined, companionUrl: string): boolean {
  if (!pageUrl || !URL.canParse(pageUrl) || !URL.canParse(companionUrl)) return false;
  const page = new URL(pageUrl);
  return page.origin === new URL(companionUrl).origin && page.pathname === COMPANION_PATHS.pair;
}
