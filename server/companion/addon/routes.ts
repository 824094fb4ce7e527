import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { COMPANION_PATHS } from '../../../contracts/companion-http';
import type { CompanionConfig } from '../config';
import { signPairingCode } from '../pairing/pairing-code';
import type { AccountTokenKeeper } from './account-tokens';
import { addNote } from './add-note';
import { refuseEvent } from './event-refusals';
import { verifyAddonEvent, type AddonEvent } from './event-token';
import { ADDON_EVENTS, placeOf, type ActionPlace } from './events';
import { readJobView, withAccountToken } from './job-view';
import { jobPanel } from './panel/panel-page';
import { problemPanel } from './panel/problem-page';
import type { PlatformReads } from './platform-reads';
import { addonKey, type AddonStore } from './store/types';

// POST /addon/event, the add-on's event URL: every job-card action and every follow-up from the panel arrives
// here as a signed JWT (event-token.ts). In order: the algorithm, the signature, the payload, its age; then the
// token is spent once in the shared store (a replay is refused on any instance); then the account must have
// activated Fieldside (its tokens kept). Only then is anything read from the platform.

/** An event is a small JWT; a follow-up carries one note at most (note-answer.ts). */
const EVENT_BODY_LIMIT = 32 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AddonRouteDeps {
  config: Pick<CompanionConfig, 'clientSecret' | 'signingSecret' | 'publicUrl' | 'addonSdkUrl'>;
  store: AddonStore;
  tokens: AccountTokenKeeper;
  reads: PlatformReads;
  now: () => number;
}

export function createAddonRoutes(deps: AddonRouteDeps): Hono {
  const { config, store, tokens, reads, now } = deps;
  const routes = new Hono();

  const answerHtml = (c: Context, status: 200 | 403, page: string) => {
    c.header('cache-control', 'no-store');
    c.header('x-content-type-options', 'nosniff');
    return c.body(page, status, { 'content-type': 'text/html; charset=utf-8' });
  };

  async function actionPanel(c: Context, event: AddonEvent, place: ActionPlace): Promise<Response> {
    const jobUuid = event.eventArgs.jobUUID;
    if (typeof jobUuid !== 'string' || !UUID.test(jobUuid)) return refuseEvent(c, 'unverified');
    const { accountUUID: account, staffUUID: staff } = event.auth;
    const outcome = await withAccountToken(tokens, account, (accessToken) =>
      readJobView(reads, { accessToken, staff }, jobUuid.toLowerCase()),
    );
    if (!outcome.ok) {
      const turnedOff = outcome.problem === 'revoked' || outcome.problem === 'not_activated';
      return answerHtml(c, turnedOff ? 403 : 200, problemPanel(outcome.problem, place, config.addonSdkUrl));
    }
    const pairUrl =
      place === 'web'
        ? `${config.publicUrl}${COMPANION_PATHS.pair}#${await signPairingCode(config.signingSecret, { account, staff, staffName: outcome.value.staffName }, now())}`
        : undefined;
    return answerHtml(
      c,
      200,
      jobPanel({ view: outcome.value, place, jobUuid, sdkUrl: config.addonSdkUrl, ...(pairUrl ? { pairUrl } : {}) }),
    );
  }

  routes.use(
    COMPANION_PATHS.addonEvent,
    bodyLimit({ maxSize: EVENT_BODY_LIMIT, onError: (c) => refuseEvent(c, 'too_large') }),
  );
  routes.post(COMPANION_PATHS.addonEvent, async (c) => {
    // Whatever the content type the platform names: the body is the compact token.
    const check = await verifyAddonEvent(config.clientSecret, await c.req.text(), now());
    if (!check.ok) return refuseEvent(c, check.problem === 'expired' ? 'expired' : 'unverified');
    const spent = await store.setIfAbsent(
      addonKey('spent-event', check.digest),
      '1',
      check.endOfLifeMs - now() + 1_000,
    );
    if (!spent) return refuseEvent(c, 'replayed');
    const { event } = check;
    // No kept tokens: nobody activated Fieldside for this account (or it was turned off since).
    if (!(await tokens.has(event.auth.accountUUID))) return refuseEvent(c, 'not_activated');

    const place = placeOf(event.eventName);
    if (place) return actionPanel(c, event, place);
    if (event.eventName === ADDON_EVENTS.addNote) {
      const { status, answer } = await addNote(
        { reads, tokens },
        event.auth.accountUUID,
        event.auth.staffUUID,
        event.eventArgs,
      );
      c.header('cache-control', 'no-store');
      return c.body(JSON.stringify(answer), status, { 'content-type': 'text/plain; charset=utf-8' });
    }
    return refuseEvent(c, 'unknown_event');
  });
  return routes;
}
