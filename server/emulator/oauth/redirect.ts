/** Adds parameters to the app's redirect URI, keeping any query it already has (RFC 6749 §3.1.2). */
export function redirectTo(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** A redirect_uri is accepted when it is an absolute http(s) URL without a fragment whose host
 * (hostname and port) is the Return URL's, as the platform checks it against the store connect settings. */
export function isAllowedRedirect(redirectUri: string, returnUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (redirectUri.includes('#') || url.username || url.password) return false;
  return url.host === new URL(returnUrl).host;
}
