import { Hono, type ErrorHandler, type MiddlewareHandler } from 'hono';
import { createRequestLog } from './request-log';
import { createAddonHost } from './addons/host';
import { parseAddonRegistration } from './addons/manifest';
import { startManifestWebhooks } from './addons/manifest-webhooks';
import { createClock } from './clock';
import type { AppInfo, EmulatorEnv, EmulatorInfo, RunningEmulator } from './contracts';
import { DEFAULT_RETURN_URL, type EmulatorOptions } from './options';
import { randomBytes } from 'node:crypto';
import { createControlClient } from './control/client';
import { controlGuard } from './control/guard';
import { createControlRoutes } from './control/routes';
import { createChangeBus } from './data/change-bus';
import { createCursors } from './data/cursors';
import { seededSecret } from './data/seed-account';
import { createStore } from './data/store';
import { createSeededFileStore } from './data/files';
import { listen, stop } from './http-server';
import { createOAuthServer } from './oauth/index';
import { createAuthMiddleware } from './rest/auth';
import { createFaults, faultMiddleware } from './rest/faults';
import { createRateLimiter, PLATFORM_RATE_LIMITS, rateLimitMiddleware } from './rest/rate-limit';
import { createRecordRoutes } from './rest/records';
import { createSmsRoutes } from './rest/sms';
import { createSmsLog } from './data/sms-log';
import { createSwitchBoard, switchesIn } from './switches';
import { createWebAppRoutes } from './web/app-routes';
import { createWebhooks, type Webhooks } from './webhooks/index';

/** RunningEmulator plus in-process handles for tests that run the emulator in the same process. */
export interface StartedEmulator extends RunningEmulator {
  /** The webhook engine: `subscriptions()`, `queued()`, `whenIdle()`. */
  webhooks: Webhooks;
}

/**
 * Starts the platform emulator on 127.0.0.1 as two servers, like the real platform's two hosts: {base_url} for
 * REST, the webhook subscription API and the control surface; {auth_url} === {web_url} for OAuth and the web app.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<StartedEmulator> {
  const seed = options.seed ?? 1;
  const clock = createClock(options.now);
  const changes = createChangeBus();
  const switches = createSwitchBoard(switchesIn(options));
  const addon = options.addon === undefined ? undefined : parseAddonRegistration(options.addon);
  const store = createStore({
    seed,
    jobs: options.jobs ?? 5000,
    clock,
    changes,
    ...(options.fieldWorkers ? { fieldWorkers: options.fieldWorkers } : {}),
    ...(options.timeZones ? { timeZones: options.timeZones } : {}),
  });
  const files = createSeededFileStore(store);
  const app: AppInfo = {
    name: addon?.manifest.name ?? 'Test add-on',
    client_id: `fieldside-${seededSecret(seed, 'client_id', 16)}`,
    client_secret: seededSecret(seed, 'client_secret', 48),
    return_url: options.returnUrl ?? DEFAULT_RETURN_URL,
    ...(addon ? { addon_event_url: addon.eventUrl } : {}),
    ...(addon?.activationUrl ? { addon_activation_url: addon.activationUrl } : {}),
  };
  const controlToken = options.controlToken ?? randomBytes(24).toString('base64url');
  const info: EmulatorInfo = {
    base_url: '',
    auth_url: '',
    web_url: '',
    app,
    accounts: store.accounts.map((a) => a.info),
    control_token: controlToken,
  };
  const oauth = createOAuthServer({
    clock,
    app,
    accounts: info.accounts,
    switches,
    ...(options.refreshTokenLifetimeSeconds
      ? { refreshTokenLifetimeSeconds: options.refreshTokenLifetimeSeconds }
      : {}),
  });
  const webhooks = createWebhooks(
    { clock, changes, baseUrl: () => info.base_url, switches },
    { requestTimeoutMs: options.callbackTimeoutMs },
  );
  const faults = createFaults(seed);
  const sms = createSmsLog();
  const limiter = createRateLimiter(
    clock,
    {
      perMinute: options.rateLimitPerMinute ?? PLATFORM_RATE_LIMITS.perMinute,
      perDay: options.rateLimitPerDay ?? PLATFORM_RATE_LIMITS.perDay,
    },
    switches.get,
  );
  const requestLog = createRequestLog();
  const count = requestLog.count;
  const faulty = faultMiddleware(faults);
  // The platform's Date header is the platform's time: clients read their clock from it (the
  // extension's sync marks, lib/cache/sync/server-clock.ts), so it follows the controllable clock, as
  // tokens and edit dates do. (Node would otherwise stamp real time.)
  const platformDate: MiddlewareHandler = async (c, next) => {
    await next();
    c.res.headers.set('Date', new Date(clock.now()).toUTCString());
  };
  const onError: ErrorHandler<EmulatorEnv> = (error, c) => {
    if (!options.quiet) console.error('emulator error', error);
    return c.json({ errorCode: 500, message: 'An error occurred completing your request' }, 500);
  };

  const base = new Hono<EmulatorEnv>();
  base.use('*', platformDate);
  base.onError(onError);
  base.notFound((c) => c.json({ errorCode: 404, message: `Nothing at ${c.req.method} ${c.req.path}` }, 404));
  base.use('/_emulator', controlGuard({ token: controlToken, port: () => new URL(info.base_url).port }));
  base.use('/_emulator/*', controlGuard({ token: controlToken, port: () => new URL(info.base_url).port }));
  base.route(
    '/_emulator',
    createControlRoutes({
      info: () => info,
      clock,
      store,
      authority: oauth.authority,
      faults,
      limiter,
      switches,
      sms,
      requests: requestLog.requests,
      recentRequests: requestLog.recent,
    }),
  );
  const guarded = [
    count,
    faulty,
    createAuthMiddleware({ store, authority: oauth.authority, switches }),
    rateLimitMiddleware(limiter),
  ] as const;
  // Hono's `/x/*` matches `/x` itself too: naming both ran the guards twice on the bare list, which then counted two
  // requests against the account's limits.
  for (const path of ['/api_1.0/*', '/webhook_subscriptions/*', '/platform_service_sms']) base.use(path, ...guarded);
  base.route('/api_1.0', createRecordRoutes({ store, files, cursors: createCursors(clock), switches }));
  base.route('/webhook_subscriptions', webhooks.routes);
  base.route('/platform_service_sms', createSmsRoutes({ store, clock, log: sms, switches }));

  const web = new Hono<EmulatorEnv>();
  web.use('*', platformDate);
  web.onError(onError);
  web.use('/oauth/*', count);
  web.use('/oauth/access_token', faulty);
  web.route('/oauth', oauth.routes);
  const addons = createAddonHost({ registration: addon, app, clock, authority: oauth.authority });
  const manifestWebhooks = startManifestWebhooks({
    registration: addon,
    host: addons,
    changes,
    authority: oauth.authority,
    switches,
    baseUrl: () => info.base_url,
  });
  web.route(
    '/',
    createWebAppRoutes({
      store,
      clock,
      accounts: info.accounts,
      login: oauth.webLogin,
      addons,
      webOrigin: () => info.web_url,
    }),
  );
  web.notFound((c) => c.html('<!doctype html><title>Not found</title><p>Nothing here.</p>', 404));

  const baseServer = await listen(base, options.port ?? 0);
  const webServer = await listen(web, options.authPort ?? 0).catch(async (error: unknown) => {
    await stop(baseServer.server);
    throw error;
  });
  info.base_url = baseServer.url;
  info.auth_url = webServer.url;
  info.web_url = webServer.url;

  let closed = false;
  return {
    info,
    control: createControlClient(info),
    // Idle once the add-on's manifest webhooks (signed, posted to the add-on) are answered too.
    webhooks: {
      ...webhooks,
      whenIdle: async () => {
        await Promise.all([webhooks.whenIdle(), manifestWebhooks.whenIdle()]);
      },
    },
    async close() {
      if (closed) return;
      closed = true;
      webhooks.close();
      manifestWebhooks.stop();
      faults.clear(); // a request held by a fault would keep its connection, and so the stop, waiting
      await Promise.all([stop(baseServer.server), stop(webServer.server)]);
    },
  };
}
