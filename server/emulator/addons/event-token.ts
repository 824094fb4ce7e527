import { createHmac } from 'node:crypto';
import type { EpochMs } from '../contracts';

// The event the platform posts to a web-service add-on: a compact JWT, HS256 with the App Secret
// (PLATFORM-NOTES "Add-ons inside the platform"). A web service gets no `auth.accessToken` (hosted functions do):
// it uses the account's own OAuth tokens.

/** How long an event is valid. The platform's figure is unknown: a guess (FIDELITY.md). */
export const EVENT_LIFETIME_SECONDS = 120;

export interface AddonEvent {
  eventVersion: '1.0';
  /** The action's event (or an invoke's), lower-cased: the samples say "event.eventName is always lower-case". */
  eventName: string;
  auth: { accountUUID: string; staffUUID: string };
  eventArgs: Record<string, unknown>;
  iat: number;
  exp: number;
}

export function addonEvent(input: {
  eventName: string;
  accountUuid: string;
  staffUuid: string;
  eventArgs: Record<string, unknown>;
  now: EpochMs;
}): AddonEvent {
  const iat = Math.floor(input.now / 1000);
  return {
    eventVersion: '1.0',
    eventName: input.eventName.toLowerCase(),
    auth: { accountUUID: input.accountUuid, staffUUID: input.staffUuid },
    eventArgs: input.eventArgs,
    iat,
    exp: iat + EVENT_LIFETIME_SECONDS,
  };
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** The compact JWT of an event, signed HMAC-SHA-256 with the app's client_secret. */
export function signAddonEvent(event: AddonEvent, clientSecret: string): string {
  const signingInput = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(event))}`;
  const signature = createHmac('sha256', clientSecret).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}
