import { z } from 'zod';
import { missingOutsideDevelopment, productionProblems } from './config-production';

// The companion is configured by environment only, so the same code runs on Node here and on an
// edge or serverless runtime in production. Secrets (client secret, signing key) never leave it
// and are never logged. Outside development (COMPANION_ENV=development) it refuses what only a
// development machine may use: http platform URLs, a public URL taken from requests, the development
// extension id (config-production.ts).

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const countOrOff = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
/** An unset variable is reported as "required", with what it is, rather than as a type mismatch. */
const required = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `required (${what})` : undefined),
});
/** A link shown to people: https only, whatever the mode. */
const httpsLink = z.url({ protocol: /^https$/, error: 'must be an https URL' });

/** Where the extension is published, for the companion's home page until the listings' own addresses are known:
 * the stores' searches for Fieldside. */
export const DEFAULT_STORE_LINKS = {
  chrome: 'https://chromewebstore.google.com/search/Fieldside',
  firefox: 'https://addons.mozilla.org/firefox/search/?q=Fieldside',
} as const;

/** The real platform's client SDK (its official add-on samples load it from here). */
export const DEFAULT_ADDON_SDK_URL = 'https://platform.servicem8.com/sdk/1.0/sdk.js';

const EnvSchema = z.object({
  /** `development` allows http URLs, an automatic PUBLIC_URL and the development extension id. */
  COMPANION_ENV: z.enum(['production', 'development']).default('production'),
  PLATFORM_BASE_URL: z.url(required("the platform's REST address")),
  PLATFORM_AUTH_URL: z.url(required("the platform's sign-in address")),
  CLIENT_ID: z.string(required("the add-on's App ID")).min(1),
  CLIENT_SECRET: z.string(required("the add-on's App Secret")).min(1),
  /** Comma-separated Chrome extension ids and Firefox add-on ids allowed to receive OAuth codes. */
  ALLOWED_EXTENSION_IDS: z.string(required('the extension ids allowed to sign in')).min(1),
  /** The companion's own externally reachable URL: the OAuth Return URL and webhook callbacks hang off it.
   * In development, `auto` or absent means "my own listening URL" (known only once listening: see start.ts). */
  PUBLIC_URL: z.union([z.literal('auto'), z.url()]).optional(),
  /** Key that signs OAuth `state`, seals refresh tokens and derives webhook callback tokens; shared by every instance.
   * Required outside development (config-production.ts); never the App Secret. */
  SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  /** When set, the change feed and the rate limits live in Redis (several instances); otherwise in memory. */
  REDIS_URL: z.string().optional(),
  /** Entries kept per account in the change feed. */
  FEED_MAX_ENTRIES: count(10_000),
  /** OAuth requests (start, token, refresh) one installation may make in ten minutes. */
  OAUTH_LIMIT_PER_INSTALLATION: count(30),
  /** OAuth requests and feed registrations for one account in ten minutes: by default a little above what the
   * platform itself lets an app do for one account in that time (180 a minute), so the companion never refuses
   * a big account's ordinary traffic that the platform would take. */
  OAUTH_LIMIT_PER_ACCOUNT: count(2_000),
  /** Sign-in starts and exchanges, pairing claims and stream opens from one network address in ten minutes: a
   * whole office behind one address signs in and reconnects well within it. */
  LIMIT_PER_ADDRESS: count(600),
  /** Behind a proxy or load balancer: the request header it puts the client's address in (e.g. `Fly-Client-IP`,
   * `X-Forwarded-For`, whose first entry is taken). Unset: the connection's own address (Node), or the runtime's
   * client address (`CF-Connecting-IP` at the edge). */
  CLIENT_ADDRESS_HEADER: z.string().min(1).optional(),
  /** Open change-feed streams per access token, per account, and per staff member the platform vouched for; streams
   * of browsers without one may hold at most FEED_UNVERIFIED_STREAM_SHARE percent of the account's. */
  FEED_STREAMS_PER_TOKEN: count(3),
  FEED_STREAMS_PER_ACCOUNT: count(200),
  FEED_STREAMS_PER_STAFF: count(6),
  FEED_UNVERIFIED_STREAM_SHARE: z.coerce.number().int().min(0).max(100).default(50),
  /** The platform's access-token lifetime (the spec's 3,600 s): a stream ends by then. */
  ACCESS_TOKEN_LIFETIME_SECONDS: count(3_600),
  /** How often an open stream asks the platform whether its token still works; 0 (the default): never, the
   * stream ends when its token expires. Every recheck spends the account's shared daily budget (50 open
   * browsers rechecking every 5 minutes would cost 4,800 requests a day). */
  FEED_STREAM_RECHECK_SECONDS: countOrOff(0),
  /** How long a register trusts that the subscriptions it made are still in place before listing them again. */
  FEED_SUBSCRIPTIONS_RECHECK_SECONDS: count(6 * 3_600),
  /** The extension's listings, linked from the companion's home page and the activation's last page. */
  CHROME_WEB_STORE_URL: httpsLink.default(DEFAULT_STORE_LINKS.chrome),
  FIREFOX_ADD_ONS_URL: httpsLink.default(DEFAULT_STORE_LINKS.firefox),
  /** The platform's client SDK, which the add-on's panel loads in the platform's window (its `invoke`, `resizeWindow`,
   * `closeWindow`); development points it at the emulator's copy. */
  ADDON_SDK_URL: z.url().default(DEFAULT_ADDON_SDK_URL),
  /** On SIGTERM or SIGINT: how long requests under way may take to finish before their connections are cut. */
  SHUTDOWN_GRACE_SECONDS: countOrOff(8),
});

/** Every variable the companion reads (the container's `.env.example` lists each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export interface CompanionLimits {
  oauthPerInstallation: number;
  oauthPerAccount: number;
  /** Sign-ins, claims and stream opens from one address (LIMIT_PER_ADDRESS). */
  perAddress: number;
  /** The window of both counts above. */
  windowMs: number;
  streamsPerToken: number;
  streamsPerAccount: number;
  /** Streams one verified staff member may hold open. */
  streamsPerStaff: number;
  /** Percent of the account's streams that browsers without a verified staff member may hold. */
  unverifiedStreamShare: number;
  accessTokenLifetimeMs: number;
  streamRecheckMs: number;
  /** How long an administrator's register trusts that the subscriptions it made are still in place before it
   * lists the platform's again (a register is otherwise free of platform requests for subscriptions). */
  subscriptionsRecheckMs: number;
}

export interface CompanionConfig {
  development: boolean;
  platformBaseUrl: string;
  platformAuthUrl: string;
  clientId: string;
  clientSecret: string;
  allowedExtensionIds: string[];
  publicUrl: string;
  signingSecret: string;
  host: string;
  port: number;
  redisUrl: string | undefined;
  feedMaxEntries: number;
  limits: CompanionLimits;
  /** The request header a proxy puts the client's address in, lower-case (CLIENT_ADDRESS_HEADER). */
  clientAddressHeader?: string;
  /** The extension's store listings, for the pages people read. */
  storeLinks: { chrome: string; firefox: string };
  /** The platform's client SDK, loaded by the add-on's panel. */
  addonSdkUrl: string;
  /** How long a shutdown waits for requests under way (start.ts). */
  shutdownGraceMs: number;
}

/** The defaults of CompanionConfig.limits (tests build configs by hand). */
export const DEFAULT_LIMITS: CompanionLimits = {
  oauthPerInstallation: 30,
  oauthPerAccount: 2_000,
  perAddress: 600,
  windowMs: 10 * 60_000,
  streamsPerToken: 3,
  streamsPerAccount: 200,
  streamsPerStaff: 6,
  unverifiedStreamShare: 50,
  accessTokenLifetimeMs: 3_600_000,
  streamRecheckMs: 0,
  subscriptionsRecheckMs: 6 * 3_600_000,
};

export interface LoadConfigOptions {
  /** The URL the server actually listens on (or, on an edge runtime, the first request's origin): stands in for
   * a PUBLIC_URL that is `auto` or absent, in development only. */
  listeningUrl?: string;
}

/** Whether PUBLIC_URL must be filled in from the listening URL (so the caller listens before building the app). */
export function publicUrlIsAuto(env: Record<string, string | undefined>): boolean {
  const v = env.PUBLIC_URL?.trim();
  return v === undefined || v === '' || v === 'auto';
}

/** Parses the environment; throws one error listing every missing or bad variable (never their values). */
export function loadConfig(env: Record<string, string | undefined>, options: LoadConfigOptions = {}): CompanionConfig {
  // An empty variable means "unset" (a shell `PUBLIC_URL= npm start`), not an invalid URL.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    if (cleaned.COMPANION_ENV !== 'development') problems.push(...missingOutsideDevelopment(cleaned));
    throw new Error(`Companion configuration is invalid: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const development = e.COMPANION_ENV === 'development';
  const auto = e.PUBLIC_URL === undefined || e.PUBLIC_URL === 'auto';
  const allowedExtensionIds = e.ALLOWED_EXTENSION_IDS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const problems = development
    ? []
    : productionProblems({ ...e, publicUrl: auto ? undefined : e.PUBLIC_URL, allowedExtensionIds });
  // Whatever the mode: one leaked secret must not also be the key to every state, sealed token and callback URL.
  if (e.SIGNING_SECRET !== undefined && e.SIGNING_SECRET === e.CLIENT_SECRET) {
    problems.push('SIGNING_SECRET: must differ from CLIENT_SECRET (the App Secret)');
  }
  if (problems.length > 0) throw new Error(`Companion configuration is invalid: ${problems.join('; ')}`);
  const publicUrl = auto ? options.listeningUrl : e.PUBLIC_URL;
  if (publicUrl === undefined) {
    throw new Error(
      'Companion configuration is invalid: PUBLIC_URL: required unless the server fills it in from its listening URL (startCompanion)',
    );
  }
  return {
    development,
    platformBaseUrl: e.PLATFORM_BASE_URL.replace(/\/$/, ''),
    platformAuthUrl: e.PLATFORM_AUTH_URL.replace(/\/$/, ''),
    clientId: e.CLIENT_ID,
    clientSecret: e.CLIENT_SECRET,
    allowedExtensionIds,
    publicUrl: publicUrl.replace(/\/$/, ''),
    // Development only (production requires SIGNING_SECRET): derived from the client secret, so every instance agrees.
    signingSecret: e.SIGNING_SECRET ?? `derived:${e.CLIENT_SECRET}`,
    host: e.HOST,
    port: e.PORT,
    redisUrl: e.REDIS_URL,
    feedMaxEntries: e.FEED_MAX_ENTRIES,
    ...(e.CLIENT_ADDRESS_HEADER ? { clientAddressHeader: e.CLIENT_ADDRESS_HEADER.toLowerCase() } : {}),
    limits: {
      oauthPerInstallation: e.OAUTH_LIMIT_PER_INSTALLATION,
      oauthPerAccount: e.OAUTH_LIMIT_PER_ACCOUNT,
      perAddress: e.LIMIT_PER_ADDRESS,
      windowMs: DEFAULT_LIMITS.windowMs,
      streamsPerToken: e.FEED_STREAMS_PER_TOKEN,
      streamsPerAccount: e.FEED_STREAMS_PER_ACCOUNT,
      streamsPerStaff: e.FEED_STREAMS_PER_STAFF,
      unverifiedStreamShare: e.FEED_UNVERIFIED_STREAM_SHARE,
      accessTokenLifetimeMs: e.ACCESS_TOKEN_LIFETIME_SECONDS * 1000,
      streamRecheckMs: e.FEED_STREAM_RECHECK_SECONDS * 1000,
      subscriptionsRecheckMs: e.FEED_SUBSCRIPTIONS_RECHECK_SECONDS * 1000,
    },
    storeLinks: { chrome: e.CHROME_WEB_STORE_URL, firefox: e.FIREFOX_ADD_ONS_URL },
    addonSdkUrl: e.ADDON_SDK_URL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
  };
}
