import { SignJWT } from 'jose';

// The event the platform posts to a web-service add-on: a compact JWT, HS256 with the App Secret, whose payload is
// the event object itself and nothing else (PLATFORM-NOTES "Add-ons inside the platform": "identical to the event
// object"; no iat, exp, iss or jti). Choosing the same action twice on the same job therefore signs the very same
// bytes. A web service gets no `auth.accessToken` (hosted functions do): it uses the account's own OAuth tokens.

export interface AddonEvent {
  eventVersion: '1.0';
  /** The action's event (or an invoke's), lower-cased: the samples say "event.eventName is always lower-case". */
  eventName: string;
  auth: {
    accountUUID: string;
    staffUUID: string;
    /** When the platform's access token for the add-on in this account runs out, in seconds since the epoch. */
    accessTokenExpiry: number;
  };
  eventArgs: Record<string, unknown>;
}

export function addonEvent(input: {
  eventName: string;
  accountUuid: string;
  staffUuid: string;
  accessTokenExpiry: number;
  eventArgs: Record<string, unknown>;
}): AddonEvent {
  return {
    eventVersion: '1.0',
    eventName: input.eventName.toLowerCase(),
    auth: { accountUUID: input.accountUuid, staffUUID: input.staffUuid, accessTokenExpiry: input.accessTokenExpiry },
    eventArgs: input.eventArgs,
  };
}

/** The compact JWT of an event, signed HMAC-SHA-256 with the app's client_secret; no claim is added. */
export function signAddonEvent(event: AddonEvent, clientSecret: string): Promise<string> {
  return new SignJWT({ ...event })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(clientSecret));
}
