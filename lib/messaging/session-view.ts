import { z } from 'zod';
import {
  AccountSummarySchema,
  CONNECTION_FIELDS,
  ConnectionSchema,
  SignedOutReasonSchema,
  StaffSummarySchema,
} from '../settings/schemas';

// What the background tells its pages about the session. Never a token: pages get names, ids and
// scopes only, so nothing a page or content script receives can be replayed against the platform.

/** Fieldside's features, each with the scopes it needs (lib/auth/scopes.ts): what a page may ask
 * the person to allow later ("session.requestFeature"). */
export const FEATURES = [
  'search',
  'myDay',
  'notes',
  'badges',
  'visits',
  'photos',
  'texts',
  'newJobs',
  'newCustomers',
  'whoAreYou',
  'account',
  'webhooks',
] as const;
export type Feature = (typeof FEATURES)[number];

export const SessionViewSchema = z.object({
  state: z.enum(['signed_out', 'signed_in']),
  mode: z.enum(['oauth', 'api_key']).nullable(),
  account: AccountSummarySchema.nullable(),
  scopes: z.array(z.string()),
  /** Who the person said they are (OAuth only). */
  me: StaffSummarySchema.nullable(),
  /** Who said who `me` is: the person chose it, or the platform vouched for it (a browser paired from the job
   * card); null while nobody is chosen. */
  meSource: z.enum(['chosen', 'platform']).nullable(),
  /** Whose workspace requests use: `me`, or another staff member an administrator chose. */
  viewAs: StaffSummarySchema.nullable(),
  /** Whether the account turned Fieldside on, so that the job card's Fieldside can say who the person is (pairing);
   * null when the companion has not said (an API key, or a companion that does not tell). */
  addonActivated: z.boolean().nullable(),
  /** Why the last session ended, until the next sign-in ("revoked" is shown to the person). */
  signedOutReason: SignedOutReasonSchema.nullable(),
  connection: ConnectionSchema,
  /** The connection fields an administrator set by policy: shown, not editable. */
  connectionManaged: z.array(z.enum(CONNECTION_FIELDS)),
});
export type SessionView = z.infer<typeof SessionViewSchema>;

/** "Work as <name> in this browser?": a pairing waiting for the person's answer (lib/account/pairing.ts). */
export const PairingQuestionSchema = z.object({
  id: z.string(),
  staff: StaffSummarySchema,
  accountName: z.string(),
  /** Who this browser works as now, and whether the platform said so; null when nobody was chosen yet. */
  now: z.object({ name: z.string(), fromPlatform: z.boolean() }).nullable(),
});
export type PairingQuestion = z.infer<typeof PairingQuestionSchema>;
