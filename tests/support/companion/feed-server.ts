import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_ADDON_SDK_URL,
  DEFAULT_LIMITS,
  DEFAULT_STORE_LINKS,
  type CompanionConfig,
  type CompanionLimits,
} from '../../../server/companion/config';
import type { AccountTokenKeeper } from '../../../server/companion/addon/account-tokens';
import { createFeedStore } from '../../../server/companion/feed/store/create-store';
import { createFeedModule, type FeedModule, type FeedStore } from '../../../server/companion/feed/index';
import type { Logger } from '../../../server/companion/request-log';
import { signedChangeOf, WEBHOOK_EVENT_NAME } from '../../../server/companion/addon/manifest-webhook';
import { issuePasses } from './feed-client';
import { STUB_ADMIN, STUB_TECHNICIAN } from './stub-platform';

export const TEST_EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';

/**
 * The feed module served on 127.0.0.1 at an ephemeral port, mounted at `/` as the companion mounts it.
 * The server listens before the module exists, because the module's public URL is the server's own.
 */
export async function startFeedServer(opts: {
  platformBaseUrl: string;
  redisUrl?: string;
  feedMaxEntries?: number;
  heartbeatMs?: number;
  signingSecret?: string;
  /** Overrides of the companion's limits (stream caps, token lifetime, rate limits). */
  limits?: Partial<CompanionLimits>;
  /** The feed's store; the Node choice (memory, or Redis when `redisUrl` is given) by default. */
  createStore?: (config: CompanionConfig) => Promise<FeedStore>;
  /** The accounts' kept tokens, as app.ts gives them (addon/account-tokens.ts); none by default. */
  accountTokens?: (config: CompanionConfig) => Pick<AccountTokenKeeper, 'current'>;
  /** Where the module's log lines go (none by default). */
  log?: Logger;
  /** Tokens (→ their account) to issue passes for, as the companion would have at sign-in: nobody vouched for, and
   * the stub platform's administrator and technician (feed-client.ts's `bearer` and `actingAs` send them). */
  passesFor?: Record<string, string>;
  /** The companion's clock (its share of the account's minute, its caches); real time by default. */
  now?: () => number;
  /** How often changes held for the account's share look for room again (feed/enrich/held-changes.ts). */
  heldRetryMs?: number;
  /** How long a signed change waits for others to be read together with (feed/enrich/held-changes.ts); 0 by default. */
  collectMs?: number;
}) {
  let app: Hono | undefined;
  const server = serve({
    fetch: (req) => (app ? app.fetch(req) : new Response('starting', { status: 503 })),
    hostname: '127.0.0.1',
    port: 0,
  }) as Server;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: CompanionConfig = {
    development: true,
    platformBaseUrl: opts.platformBaseUrl,
    platformAuthUrl: opts.platformBaseUrl,
    clientId: 'test-client',
    clientSecret: 'test-secret',
    allowedExtensionIds: [TEST_EXTENSION_ID],
    publicUrl: url,
    signingSecret: opts.signingSecret ?? 'test-signing-secret-of-at-least-32-characters',
    host: '127.0.0.1',
    port: 0,
    redisUrl: opts.redisUrl,
    feedMaxEntries: opts.feedMaxEntries ?? 100,
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    storeLinks: DEFAULT_STORE_LINKS,
    addonSdkUrl: DEFAULT_ADDON_SDK_URL,
    shutdownGraceMs: 0,
  };
  let module: FeedModule;
  try {
    module = await createFeedModule({
      config,
      store: await (opts.createStore ?? createFeedStore)(config),
      ...(opts.heartbeatMs ? { heartbeatMs: opts.heartbeatMs } : {}),
      ...(opts.now ? { now: opts.now } : {}),
      ...(opts.heldRetryMs ? { heldRetryMs: opts.heldRetryMs } : {}),
      ...(opts.collectMs ? { collectMs: opts.collectMs } : {}),
      ...(opts.accountTokens ? { accountTokens: opts.accountTokens(config) } : {}),
      ...(opts.log ? { log: opts.log } : {}),
    });
  } catch (e) {
    server.close();
    throw e;
  }
  if (opts.passesFor) await issuePasses(config.signingSecret, opts.passesFor, [undefined, STUB_ADMIN, STUB_TECHNICIAN]);
  // Every answer's status to a webhook delivery, in the order they were given: a test knows by it when deliveries it
  // did not send itself (the platform's) have been taken; and how many have arrived, to send another only after one.
  // The status only: cloning each answer to read its body made @hono/node-server build a whole web Response and
  // tee its stream per notification, which the intake benchmark measured as the companion's own cost.
  const webhookAnswers: { status: number }[] = [];
  let webhooksArrived = 0;
  app = new Hono()
    .use('/webhooks/*', async (c, next) => {
      webhooksArrived++;
      await next();
      webhookAnswers.push({ status: c.res.status });
    })
    .route('/', module.routes);
  const resourcePrefix = `${config.platformBaseUrl}/api_1.0/`;
  return {
    url,
    config,
    /** A change the platform signed (the add-on's manifest webhook, `eventArgs` the notification), taken as
     * /addon/event takes it (addon/manifest-webhook.ts): read with the account's kept grant, and appended. */
    async deliverSigned(account: string, notification: unknown) {
      const event = { name: WEBHOOK_EVENT_NAME, accountUUID: account, staffUUID: account, args: notification as never };
      const signed = await signedChangeOf(event, resourcePrefix);
      if (!signed.ok) throw new Error(`not a notification the companion takes: ${signed.why}`);
      return module.takeSigned(account, signed.change, signed.key);
    },
    webhookAnswers,
    webhooksArrived: () => webhooksArrived,
    /** Resolves once no signed change waits to be collected or is being read. */
    settled: () => module.settled(),
    async close() {
      await module.close();
      // Open streams must have ended by themselves; anything still open after a grace second is cut.
      // A connection whose stream just ended turns idle a moment later, hence the repeated idle sweep.
      const grace = setTimeout(() => server.closeAllConnections(), 1000);
      const sweep = setInterval(() => server.closeIdleConnections(), 20);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearTimeout(grace);
      clearInterval(sweep);
    },
  };
}

export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

/** The feed module in front of a (stub) platform: its address, and passes for its tokens. */
export function startFeedServerOn(
  platform: { tokens: Record<string, string>; baseUrl: string },
  opts: Omit<Parameters<typeof startFeedServer>[0], 'platformBaseUrl' | 'passesFor'> = {},
): Promise<FeedServer> {
  return startFeedServer({ passesFor: platform.tokens, platformBaseUrl: platform.baseUrl, ...opts });
}
