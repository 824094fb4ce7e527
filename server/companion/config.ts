import { z } from 'zod';

// The companion is configured by environment only, so the same code runs on Node here and on an
// edge or serverless runtime in production. Secrets (client secret, signing key) never leave it
// and are never logged.

const EnvSchema = z.object({
  PLATFORM_BASE_URL: z.url(),
  PLATFORM_AUTH_URL: z.url(),
  CLIENT_ID: z.string().min(1),
  CLIENT_SECRET: z.string().min(1),
  /** Comma-separated Chrome extension ids and Firefox add-on ids allowed to receive OAuth codes. */
  ALLOWED_EXTENSION_IDS: z.string().min(1),
  /** The companion's own externally reachable URL: the OAuth Return URL and webhook callbacks hang off it.
   * `auto` or absent means "my own listening URL" (known only once listening: see start.ts). */
  PUBLIC_URL: z.union([z.literal('auto'), z.url()]).optional(),
  /** Key that signs OAuth `state` and derives webhook callback tokens; shared by every instance. */
  SIGNING_SECRET: z.string().min(32).optional(),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  /** When set, the change feed lives in Redis Streams (several instances); otherwise in memory. */
  REDIS_URL: z.string().optional(),
  /** Entries kept per account in the change feed. */
  FEED_MAX_ENTRIES: z.coerce.number().int().positive().default(10_000),
});

export interface CompanionConfig {
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
}

export interface LoadConfigOptions {
  /** The URL the server actually listens on; stands in for a PUBLIC_URL that is `auto` or absent. */
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
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Companion configuration is invalid: ${problems}`);
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL === undefined || e.PUBLIC_URL === 'auto' ? options.listeningUrl : e.PUBLIC_URL;
  if (publicUrl === undefined) {
    throw new Error('Companion configuration is invalid: PUBLIC_URL: required unless the server fills it in from its listening URL (startCompanion)');
  }
  return {
    platformBaseUrl: e.PLATFORM_BASE_URL.replace(/\/$/, ''),
    platformAuthUrl: e.PLATFORM_AUTH_URL.replace(/\/$/, ''),
    clientId: e.CLIENT_ID,
    clientSecret: e.CLIENT_SECRET,
    allowedExtensionIds: e.ALLOWED_EXTENSION_IDS.split(',').map((s) => s.trim()).filter(Boolean),
    publicUrl: publicUrl.replace(/\/$/, ''),
    // Without an explicit key, derive one from the client secret so every instance of one app agrees.
    signingSecret: e.SIGNING_SECRET ?? `derived:${e.CLIENT_SECRET}`,
    host: e.HOST,
    port: e.PORT,
    redisUrl: e.REDIS_URL,
    feedMaxEntries: e.FEED_MAX_ENTRIES,
  };
}
