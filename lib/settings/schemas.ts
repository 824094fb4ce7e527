import { z } from 'zod';

// What the background tells its pages about the session. Never a token: pages get names, ids and
// scopes only, so nothing a page or content script receives can be replayed against the platform.

export const StaffSummarySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  /** The staff member's security role is an administrator role: may view as someone else. */
  isAdmin: z.boolean(),
});
export type StaffSummary = z.infer<typeof StaffSummarySchema>;

/** https, or plain http only on this machine (the local emulator and companion): tokens never
 * travel unencrypted over a network. */
const ServerUrl = z.url({ protocol: /^https?$/ }).refine((value) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}, 'Use an https:// address (plain http is allowed only for 127.0.0.1 and localhost)');

export const ConnectionSchema = z.object({
  /** The platform's REST base URL ({base_url}). */
  platformUrl: ServerUrl,
  /** The companion server (OAuth hand-off, token exchange, change feed). */
  companionUrl: ServerUrl,
});
export type Connection = z.infer<typeof ConnectionSchema>;

export const SignedOutReasonSchema = z.enum(['signed_out', 'revoked']);
export type SignedOutReason = z.infer<typeof SignedOutReasonSchema>;

export const SessionViewSchema = z.object({
  state: z.enum(['signed_out', 'signed_in']),
  mode: z.enum(['oauth', 'api_key']).nullable(),
  account: z.object({ uuid: z.string(), name: z.string(), email: z.string() }).nullable(),
  scopes: z.array(z.string()),
  /** Who the person said they are (OAuth only). */
  me: StaffSummarySchema.nullable(),
  /** Whose view requests use: `me`, or another staff member an administrator chose. */
  viewAs: StaffSummarySchema.nullable(),
  /** Why the last session ended, until the next sign-in ("revoked" is shown to the person). */
  signedOutReason: SignedOutReasonSchema.nullable(),
  connection: ConnectionSchema,
});
export type SessionView = z.infer<typeof SessionViewSchema>;
