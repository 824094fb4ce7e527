// Only an allowed extension may receive an authorization code. Each browser gives an extension one identity
// redirect host (identity.getRedirectURL()), derived from its id:
// - Chrome: https://<extension id>.chromiumapp.org/ (ids are 32 letters a-p);
// - Firefox: https://<SHA-1 hex of the add-on id>.extensions.allizom.org/
//   (https://developer.mozilla.org/docs/Mozilla/Add-ons/WebExtensions/API/identity/getRedirectURL).
// The hosts are derived once from ALLOWED_EXTENSION_IDS; a redirect URL is accepted only on one of them.

const CHROME_ID = /^[a-p]{32}$/;

export interface RedirectAllowlist {
  /** Whether `url` is the identity redirect URL (any path) of an allowed extension. */
  allows(url: string): boolean;
  /** The allowed Chrome extension ids, for CORS (chrome-extension://<id>). */
  chromeIds: ReadonlySet<string>;
}

export async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The identity redirect hosts of one configured id: Chrome's when it has the Chrome id form, Firefox's always
 * (a Firefox add-on id may be an e-mail-like string or a {GUID}, so any id can be one). */
export async function redirectHostsFor(id: string): Promise<string[]> {
  const hosts = [`${await sha1Hex(id)}.extensions.allizom.org`];
  if (CHROME_ID.test(id)) hosts.push(`${id}.chromiumapp.org`);
  return hosts;
}

export async function createRedirectAllowlist(ids: readonly string[]): Promise<RedirectAllowlist> {
  const hosts = new Set((await Promise.all(ids.map(redirectHostsFor))).flat());
  const chromeIds = new Set(ids.filter((id) => CHROME_ID.test(id)));
  return {
    chromeIds,
    allows(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return false;
      }
      // Exactly https on the default port, no credentials, no query or fragment: what getRedirectURL() produces.
      // The code and state are appended by /oauth/return, so a query here could smuggle a second `code`.
      return (
        parsed.protocol === 'https:' &&
        parsed.port === '' &&
        parsed.username === '' &&
        parsed.password === '' &&
        parsed.search === '' &&
        parsed.hash === '' &&
        !url.includes('?') &&
        !url.includes('#') &&
        hosts.has(parsed.hostname)
      );
    },
  };
}
