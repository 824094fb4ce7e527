// Where the platform and the companion are, per build target: one declaration for the build
// (wxt.config.ts: host permissions, content-script matches, the defaults baked in), the extension's
// settings (lib/settings) and `npm start`.
//
// The platform has three roles on two hosts (PLATFORM-NOTES, "Hosts"): the REST API, OAuth, and the
// web app staff use all day. No deep-link form to a job in the real web app is documented (the
// forms seen in third-party code are guesses), so a store build links to the web app itself.

export interface PlatformHosts {
  /** The REST API's {base_url} (and the webhook subscription API's). */
  restUrl: string;
  /** The OAuth host ({auth_url}): where sign-in happens. */
  authUrl: string;
  /** The web app: where the content script runs and job links point. */
  webUrl: string;
  /** A job's address in the web app, relative to webUrl, with `{uuid}`; null when no form is known. */
  jobLinkPath: string | null;
}

/** The real platform (PLATFORM-NOTES, "Hosts, and what ships to real customers"). */
export const REAL_PLATFORM: PlatformHosts = {
  restUrl: 'https://api.servicem8.com',
  authUrl: 'https://go.servicem8.com',
  webUrl: 'https://go.servicem8.com',
  jobLinkPath: null,
};

/** Fieldside's own companion server for store builds (FIELDSIDE_COMPANION_URL overrides it at build time). */
export const PRODUCT_COMPANION_URL = 'https://companion.fieldside.app';

/** The local emulator and companion that `npm start` runs: REST on one port, OAuth and the web app on
 * the next (server/emulator), which accepts `/job/<uuid>` among its deep-link forms. */
export const DEV_PLATFORM: PlatformHosts = {
  restUrl: 'http://127.0.0.1:8080',
  authUrl: 'http://127.0.0.1:8081',
  webUrl: 'http://127.0.0.1:8081',
  jobLinkPath: '/job/{uuid}',
};
export const DEV_COMPANION_URL = 'http://127.0.0.1:8787';

export type BuildTarget = 'store' | 'development';

export interface BuildConnection extends PlatformHosts {
  companionUrl: string;
}

/** The connection a build starts with. A store build: the real platform and the product's companion.
 * A development build: the emulator's, or the servers `npm start` and the tests started (env). */
export function buildConnection(target: BuildTarget, env: Record<string, string | undefined>): BuildConnection {
  if (target === 'store')
    return { ...REAL_PLATFORM, companionUrl: env.FIELDSIDE_COMPANION_URL || PRODUCT_COMPANION_URL };
  return {
    restUrl: env.WXT_REST_URL || DEV_PLATFORM.restUrl,
    authUrl: env.WXT_AUTH_URL || DEV_PLATFORM.authUrl,
    webUrl: env.WXT_WEB_URL || DEV_PLATFORM.webUrl,
    jobLinkPath: env.WXT_JOB_LINK_PATH ?? DEV_PLATFORM.jobLinkPath,
    companionUrl: env.WXT_COMPANION_URL || DEV_COMPANION_URL,
  };
}

/** The environment a build reads its target and connection from: a test or benchmark that builds a
 * development extension for its own servers clears these first. */
export const BUILD_ENV_KEYS = [
  'FIELDSIDE_TARGET',
  'FIELDSIDE_COMPANION_URL',
  'WXT_REST_URL',
  'WXT_AUTH_URL',
  'WXT_WEB_URL',
  'WXT_JOB_LINK_PATH',
  'WXT_COMPANION_URL',
] as const;
