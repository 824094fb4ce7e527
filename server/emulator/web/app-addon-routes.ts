import { Hono, type Context } from 'hono';
import { notRespondingMessage, type AddonHost } from '../addons/host';
import { eventResponseOf } from '../addons/post-event';
import { addonWindow, type AddonWindowContent } from './addon-fragments';
import type { AppData, Viewer } from './app-data';
import { actionPlace, deviceOf } from './device';

export interface AddonOpenDeps {
  host: AddonHost;
  data: AppData;
  viewerOf: (c: Context) => Viewer | undefined;
  /** The web app's origin: only its own page may choose an action (a POST from anywhere else is refused). */
  webOrigin: () => string;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * POST /app/job/<uuid>/addon/<event>: the person chose an add-on action on a job card. The platform signs the event
 * as the signed-in staff member and posts it to the add-on; the answer is the add-on window, ready to insert, showing
 * the `eventResponse` of the add-on's answer (addons/post-event.ts).
 */
export function createAddonOpenRoutes(deps: AddonOpenDeps): Hono {
  const routes = new Hono();
  routes.post('/app/job/:uuid/addon/:event', async (c) => {
    if (c.req.header('origin') !== deps.webOrigin()) return c.text('Only the web app itself may open an add-on.', 403);
    const viewer = deps.viewerOf(c);
    if (!viewer) return c.text('Sign in first', 401);
    const event = c.req.param('event').toLowerCase();
    const job = deps.data.job(viewer, c.req.param('uuid'));
    const jobUuid = job?.uuid ?? 'missing';
    const title = deps.host.name || 'Add-on';
    if (!job)
      return c.html(
        addonWindow({
          jobUuid,
          event,
          title,
          content: { kind: 'message', text: 'This job does not exist, or it is not one of yours.' },
        }).toString(),
        404,
        NO_STORE,
      );
    const action = deps.host
      .jobActionsFor(viewer.account.info.uuid, actionPlace(deviceOf(c)))
      .find((a) => a.event.toLowerCase() === event);
    if (!action) {
      const text = 'This add-on action is not available for your account here.';
      return c.html(
        addonWindow({ jobUuid, event, title, content: { kind: 'message', text } }).toString(),
        404,
        NO_STORE,
      );
    }
    const answer = await deps.host.choose(
      { accountUuid: viewer.account.info.uuid, staffUuid: viewer.staffUuid },
      action,
      job.uuid,
    );
    // The add-on's eventResponse; a window left blank for any other answer; the platform's words for none at all.
    const shown = eventResponseOf(answer);
    const content: AddonWindowContent =
      answer.kind === 'no-answer'
        ? { kind: 'message', text: notRespondingMessage(deps.host.name) }
        : shown === undefined
          ? { kind: 'blank' }
          : { kind: 'html', html: shown };
    return c.html(addonWindow({ jobUuid, event, title: action.name, content }).toString(), 200, NO_STORE);
  });
  return routes;
}
