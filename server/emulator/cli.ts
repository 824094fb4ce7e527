import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseAddonRegistration } from './addons/manifest';
import type { EmulatorOptions } from './options';
import {
  ATTACHMENT_REUPLOAD,
  CREATED_FIELDS,
  DELIVERY_ORDER,
  EVENT_NOTIFICATION_SHAPES,
  IMPERSONATION,
  IS_INDIVIDUAL,
  MAX_PAGE_SIZE,
  RATE_WINDOW,
  REFRESH_TOKENS,
  REFUSED_REQUESTS,
  SMS_REPEAT,
  UNPARSABLE_FILTER,
  UUID_REUSE,
  TOKEN_VIEWS,
  WEBHOOK_CONTENT_TYPES,
} from './switches';

const port = z.coerce.number().int().min(0).max(65535);
const schema = z.object({
  port: port.default(8080),
  'auth-port': port.optional(),
  jobs: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  'field-workers': z.coerce.number().int().min(1).max(10_000).optional(),
  seed: z.coerce.number().int().default(1),
  'return-url': z.url().optional(),
  'rate-limit': z.coerce.number().int().min(1).optional(),
  'rate-limit-per-day': z.coerce.number().int().min(1).optional(),
  'page-size': z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  'uuid-reuse': z.enum(UUID_REUSE).optional(),
  'webhook-content-type': z.enum(WEBHOOK_CONTENT_TYPES).optional(),
  'unparsable-filter': z.enum(UNPARSABLE_FILTER).optional(),
  'created-fields': z.enum(CREATED_FIELDS).optional(),
  'is-individual': z.enum(IS_INDIVIDUAL).optional(),
  'event-notification-shape': z.enum(EVENT_NOTIFICATION_SHAPES).optional(),
  'attachment-reupload': z.enum(ATTACHMENT_REUPLOAD).optional(),
  'token-view': z.enum(TOKEN_VIEWS).optional(),
  impersonation: z.enum(IMPERSONATION).optional(),
  'sms-repeat': z.enum(SMS_REPEAT).optional(),
  'rate-window': z.enum(RATE_WINDOW).optional(),
  'refused-requests': z.enum(REFUSED_REQUESTS).optional(),
  'delivery-order': z.enum(DELIVERY_ORDER).optional(),
  'refresh-tokens': z.enum(REFRESH_TOKENS).optional(),
  'refresh-token-lifetime': z.coerce.number().int().min(1).optional(),
  'callback-timeout-ms': z.coerce.number().int().min(1).max(120_000).optional(),
  'addon-url': z.url().optional(),
  'addon-manifest': z.string().min(1).optional(),
  'addon-activation-url': z.url().optional(),
});

export const USAGE =
  'Usage: npm run platform -- [--port 8080] [--auth-port 8081] [--jobs 5000] [--field-workers N] [--seed 1] [--return-url URL] ' +
  '[--rate-limit N] [--rate-limit-per-day N] [--page-size 1000|5000] [--uuid-reuse update|refuse|duplicate] ' +
  '[--webhook-content-type json|form] [--unparsable-filter ignore|refuse] [--created-fields set|given] [--is-individual string|number] ' +
  '[--event-notification-shape type-data|event-entry] [--attachment-reupload replace|refuse] ' +
  '[--token-view account|grantor] [--impersonation widens|narrows] [--sms-repeat sends|once] ' +
  '[--rate-window fixed|sliding] [--refused-requests free|counted] [--delivery-order queued|unordered] ' +
  '[--refresh-tokens rotate|grace|keep|omit] [--refresh-token-lifetime SECONDS] [--callback-timeout-ms N] ' +
  '[--addon-url URL --addon-manifest manifest.json [--addon-activation-url URL]]';

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
  if ((o['addon-url'] === undefined) !== (o['addon-manifest'] === undefined)) {
    throw new Error(`--addon-url and --addon-manifest go together: the add-on's event URL and its manifest. ${USAGE}`);
  }
  if (o['addon-activation-url'] !== undefined && o['addon-url'] === undefined) {
    throw new Error(`--addon-activation-url belongs to an add-on: give --addon-url and --addon-manifest too. ${USAGE}`);
  }
  return {
    port: o.port,
    // The web origin sits next to the base port by default; with --port 0 it is free-picked too.
    authPort: o['auth-port'] ?? (o.port === 0 || o.port === 65535 ? 0 : o.port + 1),
    jobs: o.jobs,
    ...(o['field-workers'] ? { fieldWorkers: o['field-workers'] } : {}),
    seed: o.seed,
    returnUrl: o['return-url'],
    rateLimitPerMinute: o['rate-limit'],
    rateLimitPerDay: o['rate-limit-per-day'],
    pageSize: o['page-size'],
    uuidReuse: o['uuid-reuse'],
    webhookContentType: o['webhook-content-type'],
    unparsableFilter: o['unparsable-filter'],
    createdFields: o['created-fields'],
    isIndividual: o['is-individual'],
    eventNotificationShape: o['event-notification-shape'],
    attachmentReupload: o['attachment-reupload'],
    tokenView: o['token-view'],
    impersonation: o.impersonation,
    smsRepeat: o['sms-repeat'],
    rateWindow: o['rate-window'],
    refusedRequests: o['refused-requests'],
    deliveryOrder: o['delivery-order'],
    refreshTokens: o['refresh-tokens'],
    ...(o['refresh-token-lifetime'] ? { refreshTokenLifetimeSeconds: o['refresh-token-lifetime'] } : {}),
    callbackTimeoutMs: o['callback-timeout-ms'],
    ...(o['addon-url'] && o['addon-manifest']
      ? {
          addon: parseAddonRegistration({
            eventUrl: o['addon-url'],
            manifest: readManifest(o['addon-manifest']),
            ...(o['addon-activation-url'] ? { activationUrl: o['addon-activation-url'] } : {}),
          }),
        }
      : {}),
  };
}

/** The manifest file's JSON, checked by parseAddonRegistration. */
function readManifest(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read --addon-manifest ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`--addon-manifest ${path} is not JSON: ${(error as Error).message}`);
  }
}
