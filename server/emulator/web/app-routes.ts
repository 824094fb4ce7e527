import { Hono, type Context } from 'hono';
import type { AccountInfo, Clock } from '../contracts';
import type { Store } from '../data/store';
import type { WebLogin } from '../oauth/index';
import { parsePersonValue } from '../oauth/people';
import { createAddonRoutes } from '../addons/routes';
import type { AddonHost } from '../addons/host';
import { createAppData, type Viewer } from './app-data';
import { createAddonOpenRoutes } from './app-addon-routes';
import { createAddonStoreRoutes } from './addon-store-routes';
import { dispatchBoard, jobGrid, jobWindow, missingJobWindow } from './app-fragments';
import { appShell, signInPage } from './app-pages';
import { APP_SCRIPT } from './app-script';
import { APP_STYLE } from './app-style';
import { actionPlace, deviceOf, type Device } from './device';
import type { Raw } from './html';

export interface WebAppDeps {
  store: Store;
  clock: Clock;
  accounts: readonly AccountInfo[];
  login: WebLogin;
  /** The registered add-on (if any): its actions on job windows, its windows, invoke and the client SDK. */
  addons: AddonHost;
  /** {web_url}, once the server listens. */
  webOrigin: () => string;
}

// Pages hold signed-in data: never cached, never framed by another site.
const NO_STORE = { 'Cache-Control': 'no-store', 'X-Frame-Options': 'SAMEORIGIN' };

/** Only a path on this origin is followed after signing in (never `//host`, never a full URL), in plain ASCII so
 * it is always a valid Location header. */
const safeNext = (next: string | undefined) => (next && /^\/(?![/\\])[\x21-\x7e]*$/.test(next) ? next : '/');

/**
 * The platform's web app at {web_url}, as far as the notes know it: an ExtJS-like single-page app where a job
 * opens as a window (.x-window, its title "Job #1234 – Client" in .x-window-header-text), several at once, from a
 * job list or the dispatch board, or from the address: /job/<uuid>, /#job/<uuid>, /#job,<uuid>, /job?uuid=<uuid>.
 * Who is signed in comes from the platform's web login (the cookie the consent page shares); the page reads its
 * data as server-rendered fragments from /app/... on this origin with that cookie, never from the REST API.
 */
export function createWebAppRoutes(deps: WebAppDeps): Hono {
  const routes = new Hono();
  const data = createAppData(deps.store, deps.clock);

  const viewerOf = (c: Context): Viewer | undefined => {
    const person = deps.login.personOf(c);
    return person ? data.viewer(person) : undefined;
  };
  const toSignIn = (c: Context) => {
    const url = new URL(c.req.url);
    return c.redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  };
  const page = (c: Context) => Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
  const grid = (viewer: Viewer, q: string, n: number) => {
    const list = data.jobList(viewer, q, n);
    return jobGrid(list.rows, n, list.more, q);
  };
  const windowOf = (viewer: Viewer, uuid: string, device: Device): { html: Raw; found: boolean } => {
    const job = data.job(viewer, uuid);
    if (!job) return { html: missingJobWindow(uuid), found: false };
    return {
      html: jobWindow(job, deps.addons.jobActionsFor(viewer.account.info.uuid, actionPlace(device))),
      found: true,
    };
  };
  const shell = (c: Context, jobUuid?: string) => {
    const viewer = viewerOf(c);
    if (!viewer) return toSignIn(c);
    const device = deviceOf(c);
    const board = data.board(viewer);
    const opened = jobUuid === undefined ? undefined : windowOf(viewer, jobUuid, device);
    const body = appShell({
      accountName: viewer.account.info.name,
      staffName: viewer.name,
      grid: grid(viewer, c.req.query('q') ?? '', page(c)),
      board: dispatchBoard(board.today, board.columns),
      windows: opened ? [opened.html] : [],
      device,
    });
    return c.html(body, opened && !opened.found ? 404 : 200, NO_STORE);
  };

  routes.get('/login', (c) => c.html(signInPage(deps.accounts, safeNext(c.req.query('next'))), 200, NO_STORE));
  routes.post('/login', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const next = safeNext(form.get('next') ?? undefined);
    const person = parsePersonValue(form.get('person') ?? '');
    if (!person || !deps.login.signIn(c, person))
      return c.html(signInPage(deps.accounts, next, 'Choose an active staff member.'), 400, NO_STORE);
    return c.redirect(next, 303);
  });
  routes.post('/logout', (c) => {
    deps.login.signOut(c);
    return c.redirect('/login', 303);
  });

  routes.get('/', (c) => shell(c));
  routes.get('/job', (c) => shell(c, c.req.query('uuid') || undefined));
  routes.get('/job/:uuid', (c) => shell(c, c.req.param('uuid')));

  routes.get('/app/app.js', (c) => c.body(APP_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  routes.get('/app/app.css', (c) => c.body(APP_STYLE, 200, { 'content-type': 'text/css; charset=utf-8' }));
  // Fragments answer 401 without a sign-in, so the page's script can send the person to sign in.
  routes.get('/app/jobs', (c) => {
    const viewer = viewerOf(c);
    if (!viewer) return c.text('Sign in first', 401);
    return c.html(grid(viewer, c.req.query('q') ?? '', page(c)).toString(), 200, NO_STORE);
  });
  routes.get('/app/board', (c) => {
    const viewer = viewerOf(c);
    if (!viewer) return c.text('Sign in first', 401);
    const board = data.board(viewer);
    return c.html(dispatchBoard(board.today, board.columns).toString(), 200, NO_STORE);
  });
  routes.get('/app/job/:uuid', (c) => {
    const viewer = viewerOf(c);
    if (!viewer) return c.text('Sign in first', 401);
    const opened = windowOf(viewer, c.req.param('uuid'), deviceOf(c));
    return c.html(opened.html.toString(), opened.found ? 200 : 404, NO_STORE);
  });
  routes.route('/', createAddonStoreRoutes({ host: deps.addons, viewerOf, toSignIn }));
  routes.route('/', createAddonOpenRoutes({ host: deps.addons, data, viewerOf, webOrigin: deps.webOrigin }));
  routes.route('/', createAddonRoutes({ host: deps.addons, login: deps.login, webOrigin: deps.webOrigin }));
  return routes;
}
