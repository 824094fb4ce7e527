import { z } from 'zod';

// The shared store over HTTP, configured by environment like the rest of the companion (config.ts). Read only by
// the entries that can choose it (edge-stores.ts), so a Node instance's configuration is unchanged.

const EnvSchema = z.object({
  /** The HTTP Redis's base URL (an Upstash-style REST endpoint). */
  REDIS_REST_URL: z.url().optional(),
  /** Its bearer token: a secret, like the App Secret. */
  REDIS_REST_TOKEN: z.string().min(1).optional(),
  /** How often a live change stream asks whether its account's feed grew (a command each time, per stream). */
  REDIS_REST_POLL_SECONDS: z.coerce.number().int().min(1).max(60).default(1),
});

export interface RedisRestConfig {
  url: string;
  token: string;
  pollMs: number;
}

const isHttpsOrLoopback = (url: URL): boolean =>
  url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname));

const invalid = (problems: string[]) => new Error(`Companion configuration is invalid: ${problems.join('; ')}`);

/** The HTTP store's settings, or undefined when REDIS_REST_URL is not set; throws naming variables, never values. */
export function loadRedisRestConfig(
  env: Record<string, string | undefined>,
  opts: { development: boolean },
): RedisRestConfig | undefined {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) throw invalid(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const e = parsed.data;
  if (e.REDIS_REST_URL === undefined) {
    if (e.REDIS_REST_TOKEN !== undefined) throw invalid(['REDIS_REST_URL: required when REDIS_REST_TOKEN is set']);
    return undefined;
  }
  const problems: string[] = [];
  if (e.REDIS_REST_TOKEN === undefined) problems.push('REDIS_REST_TOKEN: required when REDIS_REST_URL is set');
  // The token and every change travel in these requests: in the clear only to this very machine.
  if (!opts.development && !isHttpsOrLoopback(new URL(e.REDIS_REST_URL))) {
    problems.push(
      'REDIS_REST_URL: must be an https URL (or http to this machine only) outside development (COMPANION_ENV=development)',
    );
  }
  if (problems.length > 0) throw invalid(problems);
  return { url: e.REDIS_REST_URL, token: e.REDIS_REST_TOKEN!, pollMs: e.REDIS_REST_POLL_SECONDS * 1000 };
}
