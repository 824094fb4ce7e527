import { z } from 'zod';

// The shapes of what Fieldside keeps in storage (lib/settings/items.ts), validated on every read.
// Never a token: storage.local is readable by content scripts, so credentials live in
// lib/auth/secrets (IndexedDB) instead.

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

export const AccountSummarySchema = z.object({ uuid: z.string(), name: z.string(), email: z.string() });

/** Who is signed in, without any credential. */
export const SessionRecordSchema = z.object({
  mode: z.enum(['oauth', 'api_key']),
  account: AccountSummarySchema,
  /** Scopes granted (OAuth); empty for an API key. Not secret: pages show them. */
  scopes: z.array(z.string()),
  me: StaffSummarySchema.nullable(),
  viewAs: StaffSummarySchema.nullable(),
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

/** The webhook change feed's position for an account (an opaque companion position, not a secret). */
export const FeedPositionSchema = z.object({ accountUuid: z.string(), position: z.string().min(1).max(64) });
export type FeedPosition = z.infer<typeof FeedPositionSchema>;

/** Sites the person added in the options: match patterns (`https://host/*`). */
export const ContentSitesSchema = z.array(z.string().regex(/^https?:\/\/[^/*]+\/\*$/, 'a site pattern like https://mail.example.com/*')).max(50);
