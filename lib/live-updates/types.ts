import { z } from 'zod';

// The companion's change feed as extensions read it (server/companion/feed/types.ts). A change names
// a record and which fields changed, never their values: the extension re-reads the record itself.

export const FeedChangeSchema = z.object({
  /** The feed position just after this change (opaque). */
  id: z.string().min(1).max(64),
  object: z.string().min(1),
  uuid: z.string().min(1),
  changed_fields: z.array(z.string()),
  time: z.string(),
  resource_url: z.string(),
});
export type FeedChange = z.infer<typeof FeedChangeSchema>;

export const FeedPageSchema = z.object({ changes: z.array(FeedChangeSchema), position: z.string().min(1).max(64) });
export type FeedPage = z.infer<typeof FeedPageSchema>;

export const RegisterReplySchema = z.object({ account_uuid: z.string(), position: z.string().min(1).max(64) });
export type RegisterReply = z.infer<typeof RegisterReplySchema>;

/** A feed request the companion refused or could not answer; `status` 0 is a network failure. */
export class FeedError extends Error {
  override readonly name = 'FeedError';
  constructor(
    message: string,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
export function isFeedError(e: unknown): e is FeedError {
  return e instanceof Error && e.name === 'FeedError';
}
