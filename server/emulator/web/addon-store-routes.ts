import { Hono, type Context } from 'hono';
import type { AddonHost } from '../addons/host';
import type { Viewer } from './app-data';
import { addonStorePage } from './addon-store-page';
import { deviceOf } from './device';

export interface AddonStoreDeps {
  host: AddonHost;
  viewerOf: (c: Context) => Viewer | undefined;
  toSignIn: (c: Context) => Response;
}

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Frame-Options': 'SAMEORIGIN' };

/** GET /addons: the add-on store page, for every signed-in staff member; only an administrator can activate. */
export function createAddonStoreRoutes(deps: AddonStoreDeps): Hono {
  const routes = new Hono();
  routes.get('/addons', (c) => {
    const viewer = deps.viewerOf(c);
    if (!viewer) return deps.toSignIn(c);
    const { info } = viewer.account;
    const me = info.staff.find((s) => s.uuid === viewer.staffUuid);
    const body = addonStorePage({
      accountName: info.name,
      staffName: viewer.name,
      device: deviceOf(c),
      listing: deps.host.listing,
      activated: deps.host.enabledFor(info.uuid),
      administrator: me?.role === 'administrator',
    });
    return c.html(body, 200, NO_STORE);
  });
  return routes;
}
