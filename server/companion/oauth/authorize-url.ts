import type { CompanionConfig } from '../config';

/** The platform's authorize address for this app: its App ID, the scopes, the Return URL and a signed state. */
export function authorizeUrl(
  config: Pick<CompanionConfig, 'platformAuthUrl' | 'clientId'>,
  scopes: readonly string[],
  returnUrl: string,
  state: string,
): string {
  const url = new URL(`${config.platformAuthUrl}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    scope: [...new Set(scopes)].join(' '),
    redirect_uri: returnUrl,
    state,
  }).toString();
  return url.toString();
}
