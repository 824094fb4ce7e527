import { z } from 'zod';
import type { EmulatorOptions } from './start';

const port = z.coerce.number().int().min(0).max(65535);
const schema = z.object({
  port: port.default(8080),
  'auth-port': port.optional(),
  jobs: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  seed: z.coerce.number().int().default(1),
  'return-url': z.url().optional(),
  'rate-limit': z.coerce.number().int().min(1).optional(),
  'rate-limit-per-day': z.coerce.number().int().min(1).optional(),
});

export const USAGE =
  'Usage: npm run platform -- [--port 8080] [--jobs 5000] [--seed 1] [--return-url URL] [--auth-port N] [--rate-limit N] [--rate-limit-per-day N]';

/** Parses `--name value` / `--name=value` arguments into emulator options; throws with the usage on bad input. */
export function parseArgs(argv: string[]): EmulatorOptions {
  const raw: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`Unexpected argument '${arg}'. ${USAGE}`);
    const name = m[1] as string;
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${name} needs a value. ${USAGE}`);
    raw[name] = value;
  }
  const unknown = Object.keys(raw).filter((k) => !(k in schema.shape));
  if (unknown.length > 0) throw new Error(`Unknown option --${unknown[0]}. ${USAGE}`);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid --${String(issue?.path[0])}: ${issue?.message}. ${USAGE}`);
  }
  const o = parsed.data;
  return {
    port: o.port,
    authPort: o['auth-port'],
    jobs: o.jobs,
    seed: o.seed,
    returnUrl: o['return-url'],
    rateLimitPerMinute: o['rate-limit'],
    rateLimitPerDay: o['rate-limit-per-day'],
  };
}
