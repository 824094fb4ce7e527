// The companion's paths and the pairing page's ids: the part of its HTTP API (companion-http.ts, which
// re-exports these) that a content script needs. Apart from the schemas, so the pairing script bundles no zod.

export const COMPANION_PATHS = {
  /** A page for people: what Fieldside is and where to get it. */
  home: '/',
  /** The process is up (no store is asked). */
  health: '/health',
  /** The change-feed store answers: the instance can take traffic. */
  ready: '/ready',
  /** The add-on's Activation URL: starts the account's consent when an administrator adds the add-on. */
  activation: '/activate',
  oauthStart: '/oauth/start',
  /** The registered Return URL (activations, and sign-ins whose authorize URL named none); a sign-in's own is
   * `/oauth/return/<flow>`, the flow being the first 22 characters of base64url(SHA-256(state)). */
  oauthReturn: '/oauth/return',
  oauthToken: '/oauth/token',
  oauthRefresh: '/oauth/refresh',
  feedRegister: '/feed/register',
  feedRotate: '/feed/rotate',
  feedRead: '/feed',
  feedStream: '/feed/stream',
  webhooks: '/webhooks',
  /** Fieldside's icon, which the add-on manifest names (server/companion/addon-manifest.json). */
  addonIcon: '/icon.png',
  /** The add-on's event URL (its "Callback URL"): every job-card action and follow-up event is posted here. */
  addonEvent: '/addon/event',
  /** Photos from the job-card panel, with the upload ticket its HTML carries (too large for `invoke`). */
  addonPhoto: '/addon/photo',
  /** The pairing page, opened from the job-card panel with a one-time code in its fragment. */
  pair: '/pair',
  pairClaim: '/pair/claim',
} as const;

/** The pairing page's parts the extension's pairing script fills: the root's `data-state` (`waiting`, then
 * `paired` or `failed`) and the result's text. */
export const PAIRING_PAGE = {
  root: 'fieldside-pairing',
  result: 'fieldside-pairing-result',
} as const;
