import { z } from 'zod';
import { PlatformUuidSchema, toUuid } from './uuid';

// The change feed's part of the companion's HTTP API (companion-http.ts, which re-exports it and lists the routes):
// /feed, /feed/stream, /feed/register and /feed/rotate, what they answer and what a change means to its reader.

/** A feed position: opaque to extensions. */
const Position = z.string().min(1).max(64);

export const FeedQuerySchema = z.object({
  after: Position.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

/** What a job change means to the reader it is delivered to (the reader: the staff member its pass names, if any):
 * - `record`: the platform lets this staff member see the job; the change carries its record, take it;
 * - `read`: this staff member may see the job but the companion could not ask the platform (or could not read it):
 *   read it yourself, as yourself, even if you do not hold it;
 * - `none`: nothing for this reader beyond the change itself: a browser that holds the job reads it, others
 *   ignore it. A reader without a staff member the platform vouched for always gets `none` and never a record.
 * Who else may see the job is never sent (it names people). */
export const FEED_CHANGE_MEANINGS = ['record', 'read', 'none'] as const;
export type FeedChangeMeaning = (typeof FEED_CHANGE_MEANINGS)[number];

/** One change as extensions see it: which record and which fields, and for a job what it means to this reader. */
export const FeedChangeSchema = z.object({
  /** The feed position just after this change. */
  id: Position,
  object: z.string().min(1),
  uuid: z.string().min(1),
  changed_fields: z.array(z.string()),
  /** UTC, `YYYY-MM-DD HH:MM:SS`, as the platform sent it. */
  time: z.string(),
  resource_url: z.string(),
  /** For a note: the job it belongs to, when the companion could read it (server/companion/feed/enrich/note-jobs.ts),
   * so that only browsers holding that job do anything. */
  job_uuid: z.string().optional(),
  /** For a job (or a visit, whose job it then is): the record as the companion read it once for the account
   * (server/companion/feed/enrich/job-records.ts), present only when `yours` is `record`: the platform lets this reader
   * see the job. Checked by the extension like any platform answer. */
  record: z.record(z.string(), z.unknown()).optional(),
  /** For a job or a visit: what the change means to this reader (FEED_CHANGE_MEANINGS). */
  yours: z.enum(FEED_CHANGE_MEANINGS).optional(),
  /** For a visit: it is this reader's own, as the companion read it (its staff member is the one the reader's pass
   * names), so their day changed; absent otherwise. Only ever about the reader: whose visit it is never goes out. */
  your_visit: z.literal(true).optional(),
});
export type FeedChange = z.infer<typeof FeedChangeSchema>;

/** A change as an extension reads it: its uuids lower-cased once, as Uuids. Their shape is not checked here
 * (PlatformUuidSchema): one odd change must not refuse a whole page; the reader skips and counts it. */
export const ReadFeedChangeSchema = FeedChangeSchema.extend({
  uuid: FeedChangeSchema.shape.uuid.transform(toUuid),
  job_uuid: PlatformUuidSchema.optional(),
});
export type ReadFeedChange = z.infer<typeof ReadFeedChangeSchema>;

export const FeedPageSchema = z.object({
  changes: z.array(FeedChangeSchema),
  /** Where the next read should start: the last change's id, or the position asked for when nothing is newer. */
  position: Position,
  /** Changes after the position asked for were dropped (trimmed, or lost with a restart): the reader has
   * missed some and should sync once. */
  gap: z.boolean().default(false),
});
export type FeedPage = z.infer<typeof FeedPageSchema>;

/** A page as an extension reads it (ReadFeedChangeSchema). */
export const ReadFeedPageSchema = FeedPageSchema.extend({ changes: z.array(ReadFeedChangeSchema) });
export type ReadFeedPage = z.infer<typeof ReadFeedPageSchema>;

export const FeedRegisterReplySchema = z.object({
  account_uuid: z.string(),
  position: Position,
  /** Subscriptions the platform would not take for this app (each is made on its own; the rest stand). */
  refused: z.array(z.object({ unique_id: z.string(), message: z.string() })).default([]),
  /** Whether this register ensured the subscriptions: the staff member the pass names is an administrator
   * (administrators alone manage them), the account did not activate Fieldside (an activated account's changes
   * come signed, through the add-on), and they were due a check (false while they are known to be in place). */
  manages_subscriptions: z.boolean().default(false),
});
export type FeedRegisterReply = z.infer<typeof FeedRegisterReplySchema>;

export const FeedRotateReplySchema = z.object({
  /** Subscriptions the platform would not move to the new callback URL (the old URL then still works). */
  refused: z.array(z.object({ unique_id: z.string(), message: z.string() })).default([]),
  /** Whether the old callback URL is now refused (every subscription moved). */
  retired: z.boolean(),
});
export type FeedRotateReply = z.infer<typeof FeedRotateReplySchema>;

/** The SSE event name of one change on /feed/stream. */
export const FEED_CHANGE_EVENT = 'change';
/** The SSE event sent first when the position asked for is older than what the feed keeps (FeedPage.gap). */
export const FEED_GAP_EVENT = 'gap';
