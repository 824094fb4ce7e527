import { Hono, type Context } from 'hono';
import { toUuid, UuidSchema } from '../../../contracts/uuid';
import { bodyLimit } from 'hono/body-limit';
import { COMPANION_PATHS } from '../../../contracts/companion-http';
import type { CompanionConfig } from '../config';
import { signActivationTicket } from '../oauth/activation-ticket';
import { signPairingCode } from '../pairing/pairing-code';
import { createAdministratorRoles } from './administrator-roles';
import type { Logger } from '../request-log';
import type { AccountTokenKeeper } from './account-tokens';
import { createAccountClock } from './account-clock';
import { createNoteWriter } from './add-note';
import { createJobActions } from './job-actions';
import { createPhotoRoute } from './photo-route';
import { createPhotoSender } from './photo-upload';
import { signUploadTicket } from './upload-ticket';
import { refusalForm, refusalResponse, type Refusal, type RefusalForm } from './event-refusals';
import { verifyAddonEvent, type VerifiedEvent } from './event-token';
import { ADDON_EVENTS, placeOf, type ActionPlace } from './events';
import { readJobView, withAccountToken } from './job-view';
import { jobPanel } from './panel/panel-page';
import { problemPanel } from './panel/problem-page';
import type { PlatformCall, PlatformReads } from './platform-reads';
import type { NewChange } from '../feed/store/types';
import { signedChangeOf, WEBHOOK_EVENT_NAME } from './manifest-webhook';

// POST /addon/event, the add-on's event URL: every job-card action and every follow-up from the panel arrives
// here as a signed JWT (event-token.ts). Every answer is what the platform shows, a 200 `{"eventResponse": …}`:
// the panel, the follow-up's result, or words for a refusal (the platform leaves the window blank on any other
// status). A repeated token is answered again: the platform signs the same action on the same job the same way
// twice, so replay safety is by design instead: an action only reads, and a note carries a uuid chosen in the window
// and is read before it is written (add-note.ts), so a repeated follow-up writes nothing new.

/** An event is a small JWT; a follow-up carries one note at most (note-answer.ts). */
const EVENT_BODY_LIMIT = 32 * 1024;

export interface AddonRouteDeps {
  config: Pick<CompanionConfig, 'clientSecret' | 'signingSecret' | 'publicUrl' | 'addonSdkUrl' | 'platformBaseUrl'>;
  /** Takes a change the platform signed into the account's feed (feed/index.ts); absent without a feed. */
  takeSigned?: (account: string, change: NewChange, key: string) => Promise<unknown>;
  tokens: AccountTokenKeeper;
  reads: PlatformReads;
  now: () => number;
  log?: Logger;
}

/** What the platform shows: the answer's eventResponse, as its samples answer. */
function eventResponse(c: Context, response: string): Response {
  c.header('cache-control', 'no-store');
  c.header('x-content-type-options', 'nosniff');
  return c.json({ eventResponse: response });
}

export function createAddonRoutes(deps: AddonRouteDeps): Hono {
  const { config, tokens, reads, now } = deps;
  const notes = createNoteWriter({ reads, tokens });
  const clock = createAccountClock({ reads, now });
  const actions = createJobActions({ reads, tokens, clock });
  const roles = createAdministratorRoles({ reads, now });
  const routes = new Hono();

  /** Words instead of the panel; why is logged, never the token. */
  const refuse = (c: Context, refusal: Refusal, form: RefusalForm, reason: string) => {
    deps.log?.({ level: 'warn', addon: 'refused', refusal, reason });
    return eventResponse(c, refusalResponse(refusal, form, config.addonSdkUrl));
  };

  async function actionPanel(c: Context, event: VerifiedEvent, place: ActionPlace): Promise<Response> {
    const job = UuidSchema.safeParse(event.args.jobUUID);
    if (!job.success) return refuse(c, 'unverified', { kind: 'page', place }, 'job_uuid');
    const jobUuid = job.data;
    const { accountUUID: account, staffUUID: staff } = event;
    // The account keys the tokens as the platform spells it; what the companion signs names it as a Uuid.
    const who = { account: toUuid(account), staff };
    let call: PlatformCall | undefined;
    const outcome = await withAccountToken(tokens, account, async (accessToken) => {
      call = { accessToken, staff };
      return readJobView(reads, call, jobUuid, await clock.now(account, call));
    });
    if (!outcome.ok) return eventResponse(c, problemPanel(outcome.problem, place, config.addonSdkUrl));
    const secret = config.signingSecret;
    const upload = {
      url: `${config.publicUrl}${COMPANION_PATHS.addonPhoto}`,
      ticket: await signUploadTicket(secret, { ...who, job: jobUuid }, now()),
    };
    const common = { view: outcome.value, place, jobUuid, sdkUrl: config.addonSdkUrl, upload };
    if (place !== 'web' || !call) return eventResponse(c, jobPanel(common));
    const code = await signPairingCode(secret, { account, staff, staffName: outcome.value.staffName }, now());
    const pairUrl = `${config.publicUrl}${COMPANION_PATHS.pair}#${code}`;
    // An administrator the platform's signed event named may replace the account's grant: "Activate again".
    const admin = await roles.isAdministrator(account, call, outcome.value.staffRole);
    const activateUrl = admin
      ? `${config.publicUrl}${COMPANION_PATHS.activation}?ticket=${await signActivationTicket(secret, who, now())}`
      : undefined;
    return eventResponse(
      c,
      jobPanel({
        ...common,
        pairUrl,
        ...(activateUrl ? { activateUrl } : {}),
      }),
    );
  }

  routes.use(
    COMPANION_PATHS.addonEvent,
    bodyLimit({
      maxSize: EVENT_BODY_LIMIT,
      onError: (c) => refuse(c, 'too_large', { kind: 'page', place: 'web' }, 'too_large'),
    }),
  );
  routes.post(COMPANION_PATHS.addonEvent, async (c) => {
    // Whatever the content type the platform names: the body is the compact token.
    const token = await c.req.text();
    const check = await verifyAddonEvent(config.clientSecret, token, now());
    if (!check.ok)
      return refuse(
        c,
        check.problem === 'expired' ? 'expired' : 'unverified',
        refusalForm(undefined, token),
        check.problem,
      );
    const { event } = check;
    // No kept tokens: nobody activated Fieldside for this account (or it was turned off since).
    if (!(await tokens.has(event.accountUUID)))
      return refuse(c, 'not_activated', refusalForm(event.name), 'not_activated');

    const place = placeOf(event.name);
    if (place) return actionPanel(c, event, place);
    if (event.name === WEBHOOK_EVENT_NAME) {
      const signed = await signedChangeOf(event, `${config.platformBaseUrl}/api_1.0/`);
      if (!signed.ok) deps.log?.({ level: 'warn', addon: 'webhook_ignored', reason: signed.why });
      else await deps.takeSigned?.(event.accountUUID, signed.change, signed.key);
      // Taken or not, the platform has nothing to show: any answer but 200 would only make it try again.
      return eventResponse(c, '');
    }
    if (event.name === ADDON_EVENTS.addNote) {
      const answer = await notes.add(event.accountUUID, event.staffUUID, event.args);
      return eventResponse(c, JSON.stringify(answer));
    }
    if (event.name === ADDON_EVENTS.jobAction) {
      const answer = await actions.act(event.accountUUID, event.staffUUID, event.args);
      return eventResponse(c, JSON.stringify(answer));
    }
    return refuse(c, 'unknown_event', refusalForm(event.name), 'unknown_event');
  });
  routes.route(
    '/',
    createPhotoRoute({
      secret: config.signingSecret,
      tokens,
      photos: createPhotoSender({ reads, tokens }),
      now,
      ...(deps.log ? { log: deps.log } : {}),
    }),
  );
  return routes;
}
