import type { PageKind } from '../messaging/sender';

// The pages Fieldside's content scripts work on: the platform's web app, and the sites the person
// added in the options. A content script elsewhere gets nothing from the background. In a store
// build the manifest already keeps the platform script to the web app's host; in development every
// local server shares 127.0.0.1, and match patterns ignore the port, so the check here is what keeps
// a test's stand-in webmail from being treated as the web app.

/** `scheme://host/*` with an optional leading `*.` on the host, as the options store sites. */
function matchesSitePattern(url: URL, pattern: string): boolean {
  const m = /^(https?):\/\/(\*\.)?([^/*]+)\/\*$/.exec(pattern);
  if (!m) return false;
  const [, scheme, anySub, host] = m;
  if (url.protocol !== `${scheme}:`) return false;
  return url.hostname === host || (anySub !== undefined && url.hostname.endsWith(`.${host}`));
}

/** Which of Fieldside's content scripts works on the page at `pageUrl`: the platform script on the
 * web app at `webUrl` (same origin, port included), the sites script on a site the person added
 * (its pattern's scheme and host; ports are ignored, as browsers do), or none (null). */
export function fieldsidePageKind(
  pageUrl: string | undefined,
  webUrl: string,
  sitePatterns: readonly string[],
): PageKind | null {
  if (!pageUrl || !URL.canParse(pageUrl)) return null;
  const page = new URL(pageUrl);
  if (page.origin === new URL(webUrl).origin) return 'platform';
  return sitePatterns.some((pattern) => matchesSitePattern(page, pattern)) ? 'site' : null;
}
