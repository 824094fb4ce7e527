import { errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { UuidSchema, UUID_PATTERN, type Uuid } from '../../../contracts/uuid';

// The platform's signed event (PLATFORM-NOTES, "Add-ons inside the platform"): a compact JWT, HMAC-SHA-256 with the
// App Secret, whose payload is the event object itself: eventVersion, eventName, auth {accountUUID, staffUUID,
// accessTokenExpiry}, eventArgs, and no time claims. Verified with jose, the algorithm pinned to HS256 so no header
// chooses how it is checked (`none`, HS512, RS256 are refused). `exp` and `nbf` are checked only when present (jose);
// `iat` is never required, and when present only a sane bound applies. Nothing here refuses a repeat: choosing the
// same action twice gives the very same token, and replay safety comes from what the events do (routes.ts).

/** An `iat` this far behind the companion's clock is no event the platform is posting now. */
export const EVENT_IAT_MAX_AGE_S = 24 * 3600;
/** Clocks differ: an `iat`, `exp` or `nbf` this far off the companion's clock is taken. */
export const CLOCK_TOLERANCE_S = 5 * 60;

const AccountUuid = z.string().regex(UUID_PATTERN, 'a uuid');

/** The event object, as documented; anything beyond it is kept loose (the platform may add fields). */
const EventSchema = z.looseObject({
  eventVersion: z.string().regex(/^1\./, 'event version 1.x'),
  /** Always lower-case on the platform (its samples say so); compared as such. */
  eventName: z.string().min(1).max(100),
  /** The account stays as the platform spells it: it keys what the companion keeps for the account (its tokens, its
   * feed). The staff member is a Uuid from here on. */
  auth: z.looseObject({ accountUUID: AccountUuid, staffUUID: UuidSchema }),
  eventArgs: z.record(z.string(), z.unknown()).default({}),
  iat: z.number().optional(),
});

/** An event the platform signed: who chose it (its word, the only one the companion takes on who a person is),
 * for which account, what, and with which arguments. */
export interface VerifiedEvent {
  /** The event's name, lower-cased. */
  name: string;
  accountUUID: string;
  staffUUID: Uuid;
  args: Record<string, unknown>;
}

/** Why a token was refused, for the log (never the token itself). */
export type EventProblem = 'malformed' | 'algorithm' | 'signature' | 'expired';

export type EventCheck = { ok: true; event: VerifiedEvent } | { ok: false; problem: EventProblem };

const encoder = new TextEncoder();

function problemOf(error: unknown): EventProblem {
  if (error instanceof errors.JOSEAlgNotAllowed) return 'algorithm';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature';
  if (error instanceof errors.JWTExpired || error instanceof errors.JWTClaimValidationFailed) return 'expired';
  return 'malformed';
}

export async function verifyAddonEvent(secret: string, token: string, nowMs: number): Promise<EventCheck> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token.trim(), encoder.encode(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
      clockTolerance: CLOCK_TOLERANCE_S,
    }));
  } catch (error) {
    return { ok: false, problem: problemOf(error) };
  }
  const parsed = EventSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, problem: 'malformed' };
  const { eventName, auth, eventArgs, iat } = parsed.data;
  const now = nowMs / 1000;
  if (iat !== undefined && (iat > now + CLOCK_TOLERANCE_S || iat < now - EVENT_IAT_MAX_AGE_S))
    return { ok: false, problem: 'expired' };
  return {
    ok: true,
    event: { name: eventName.toLowerCase(), accountUUID: auth.accountUUID, staffUUID: auth.staffUUID, args: eventArgs },
  };
}
