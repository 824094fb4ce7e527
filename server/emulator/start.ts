import { createAdaptorServer } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AddressInfo } from 'node:net';
import { createClock } from './clock';
import type { AppInfo, EmulatorEnv, EmulatorInfo, RunningEmulator } from './contracts';
import { createControlClient } from './control/client';
import { createControlRoutes } from './control/routes';
import { createChangeBus } from './data/change-bus';
import { createCursors } from './data/cursors';
import { seededSecret } from './data/seed-account';
import { createStore } from './data/store';
import { createOAuthServer } from './oauth/index';
import { createAuthMiddleware } from './rest/auth';
import { createFaults, faultMiddleware } from './rest/faults';
import { createRateLimiter, PLATFORM_RATE_LIMITS, rateLimitMiddleware } from './rest/rate-limit';
import { createRecordRoutes } from './rest/records';
import { createWebRoutes } from './web/routes';
import { createWebhooks, type Webhooks } from './webhooks/index';

export interface EmulatorOptions {
  /** Port of {base_url}; 0 (the default) picks a free one. */
  port?: number;
  /** Port of {auth_url}; undefined serves OAuth on the base port, 0 picks a separate free one. */
  authPort?: number;
  /** Jobs of the first account (default 5,000; the second account gets at most 500). */
  jobs?: number;
  seed?: number;
  /** The app's Return URL: redirect_uri hosts must match it. */
  returnUrl?: string;
  /** Requests a minute per app per account (default 180, as the platform). */
  rateLimitPerMinute?: number;
  /** Requests a day (UTC day, see rest/rate-limit.ts) per app per account (default 20,000, as the platform). */
  rateLimitPerDay?: number;
  /** No error logging (tests that provoke errors on purpose). */
  quiet?: boolean;
}

export const DEFAULT_RETURN_URL = 'http://127.0.0.1:8787/oauth/return';

type Server = ReturnType<typeof createAdaptorServer>;

async function listen(app: Hono<EmulatorEnv>, port: number): Promise<{ server: Server; url: string }> {
  const server = createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${address.port}` };
}

async function stop(server: Server): Promise<void> {
  const http = server as Server & { closeAllConnections?: () => void };
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    http.closeAllConnections?.();
  });
}

/** RunningEmulator plus in-process handles for tests that run the emulator in the same process. */
export interface StartedEmulator extends RunningEmulator {
  /** The webhook engine: `subscriptions()`, `queued()`, `whenIdle()`. */
  webhooks: Webhooks;
}

/** Starts the platform emulator on 127.0.0.1: REST, webhook subscriptions, OAuth, control surface and web UI. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<StartedEmulator> {
  const seed = options.seed ?? 1;
  const clock = createClock();
  const changes = createChangeBus();
  const store = createStore({ seed, jobs: options.jobs ?? 5000, clock, changes });
  const app: AppInfo = {
    client_id: `fieldside-${seededSecret(seed, 'client_id', 16)}`,
    client_secret: seededSecret(seed, 'client_secret', 48),
    return_url: options.returnUrl ?? DEFAULT_RETURN_URL,
  };
  const info: EmulatorInfo = { base_url: '', auth_url: '', app, accounts: store.accounts.map((a) => a.info) };
  const oauth = createOAuthServer({ clock, app, accounts: info.accounts });
  const webhooks = createWebhooks({ clock, changes, baseUrl: () => info.base_url });
  const faults = createFaults(seed);
  const limiter = createRateLimiter(clock, {
    perMinute: options.rateLimitPerMinute ?? PLATFORM_RATE_LIMITS.perMinute,
    perDay: options.rateLimitPerDay ?? PLATFORM_RATE_LIMITS.perDay,
  });
  let requests = 0;
  const count: MiddlewareHandler = async (_c, next) => {
    requests++;
    await next();
  };
  const faulty = faultMiddleware(faults);
  // The platform's Date header is the platform's time: clients read their clock from it (the
  // extension's sync marks, lib/cache/sync/server-clock.ts), so it follows the controllable clock, as
  // tokens and edit dates do. (Node would otherwise stamp real time.)
  const platformDate: MiddlewareHandler = async (c, next) => {
    await next();
    c.res.headers.set('Date', new Date(clock.now()).toUTCString());
  };

  const base = new Hono<EmulatorEnv>();
  base.use('*', platformDate);
  base.onError((error, c) => {
    if (!options.quiet) console.error('emulator error', error);
    return c.json({ errorCode: 500, message: 'An error occurred completing your request' }, 500);
  });
  base.notFound((c) => c.json({ errorCode: 404, message: `Nothing at ${c.req.method} ${c.req.path}` }, 404));
  base.route('/_emulator', createControlRoutes({ info: () => info, clock, store, authority: oauth.authority, faults, limiter, requests: () => requests }));
  const guarded = [count, faulty, createAuthMiddleware({ store, authority: oauth.authority }), rateLimitMiddleware(limiter)] as const;
  for (const path of ['/api_1.0/*', '/webhook_subscriptions', '/webhook_subscriptions/*']) base.use(path, ...guarded);
  base.route('/api_1.0', createRecordRoutes({ store, cursors: createCursors(clock) }));
  base.route('/webhook_subscriptions', webhooks.routes);

  const mountOAuth = (target: Hono<EmulatorEnv>) => {
    target.use('/oauth/*', count);
    target.use('/oauth/access_token', faulty);
    target.route('/oauth', oauth.routes);
  };
  const separateAuth = options.authPort !== undefined;
  let authApp: Hono<EmulatorEnv> | undefined;
  if (separateAuth) {
    authApp = new Hono<EmulatorEnv>();
    authApp.use('*', platformDate);
    mountOAuth(authApp);
  } else {
    mountOAuth(base);
  }
  base.route('/', createWebRoutes({ store }));

  const baseServer = await listen(base, options.port ?? 0);
  const authServer = authApp ? await listen(authApp, options.authPort ?? 0) : undefined;
  info.base_url = baseServer.url;
  info.auth_url = authServer?.url ?? baseServer.url;

  let closed = false;
  return {
    info,
    control: createControlClient(info.base_url),
    webhooks,
    async close() {
      if (closed) return;
      closed = true;
      webhooks.close();
      await Promise.all([stop(baseServer.server), authServer ? stop(authServer.server) : Promise.resolve()]);
    },
  };
}
