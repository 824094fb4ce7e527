import type { AppInfo, Clock, OAuthAuthority } from '../contracts';
import { addonEvent, signAddonEvent } from './event-token';
import { jobActions, type ActionPlace, type AddonAction, type AddonRegistration } from './manifest';
import { postEvent, type AddonAnswer } from './post-event';
import { createAccessTokenExpiry } from './token-expiry';

/** The event name of a change a webhook declared in the manifest watches. */
export const WEBHOOK_EVENT_NAME = 'webhook_subscription';

/** The platform's limit on one event POST (answer included): a guess (FIDELITY.md). */
export const ADDON_TIMEOUT_MS = 10_000;

export interface AddonHostDeps {
  /** Absent when no add-on is registered: no account sees any action. */
  registration: AddonRegistration | undefined;
  app: AppInfo;
  clock: Clock;
  authority: OAuthAuthority;
}

/** Who chose an action or invoked an event: the web app's signed-in staff member. */
export interface Chooser {
  accountUuid: string;
  staffUuid: string;
}

/** The platform's own words in the window when the add-on does not answer at all (in time, or reachably). */
export const notRespondingMessage = (addonName: string) =>
  `The add-on ${addonName} is not responding. Try again in a moment.`;

/**
 * The platform's side of the one registered add-on: which accounts see its actions (those that activated the app),
 * and the signed events it posts to the add-on's URL when a person chooses an action or the window invokes one.
 */
export function createAddonHost(deps: AddonHostDeps) {
  const { registration } = deps;
  const timeoutMs = registration?.timeoutMs ?? ADDON_TIMEOUT_MS;

  const tokenExpiry = createAccessTokenExpiry(deps.clock);
  const post = async (
    chooser: Chooser,
    eventName: string,
    eventArgs: Record<string, unknown>,
  ): Promise<AddonAnswer> => {
    if (!registration) throw new Error('No add-on is registered');
    const accessTokenExpiry = tokenExpiry.of(chooser.accountUuid);
    const event = addonEvent({ eventName, ...chooser, accessTokenExpiry, eventArgs });
    return postEvent(registration.eventUrl, await signAddonEvent(event, deps.app.client_secret), timeoutMs);
  };

  return {
    /** The add-on's name, for window titles and messages ("" when none is registered). */
    name: registration?.manifest.name ?? '',

    /** What the add-on store lists: the registered add-on, or undefined when none is. */
    listing: registration && {
      name: registration.manifest.name,
      actions: registration.manifest.actions,
      activationUrl: registration.activationUrl,
    },

    /** Whether the account may use the add-on: one is registered and the account activated it. */
    enabledFor: (accountUuid: string) => registration !== undefined && deps.authority.isActivated(accountUuid),

    /** The job-card actions a person of this account sees in one place (the web app, or the mobile apps). */
    jobActionsFor(accountUuid: string, place: ActionPlace): AddonAction[] {
      if (!registration || !deps.authority.isActivated(accountUuid)) return [];
      return jobActions(registration.manifest, place);
    },

    /** A person chose `action` on a job card: the event names the job. */
    choose: (chooser: Chooser, action: AddonAction, jobUuid: string) =>
      post(chooser, action.event, { jobUUID: jobUuid }),

    /** The window's `invoke(eventName, args)`: a follow-up event whose arguments are the window's own. */
    invoke: (chooser: Chooser, eventName: string, args: Record<string, unknown>) => post(chooser, eventName, args),

    /** A change a webhook of the manifest watches: the event `webhook_subscription`, the notification its args. */
    webhook: (chooser: Chooser, notification: Record<string, unknown>) =>
      post(chooser, WEBHOOK_EVENT_NAME, notification),
  };
}

export type AddonHost = ReturnType<typeof createAddonHost>;
