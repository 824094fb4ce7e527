import { z } from 'zod';
import { PlatformUuidSchema } from '../../contracts/uuid';

// What the background hands Fieldside's pages and content scripts about jobs: view models, never raw
// platform records and never credentials. Every string here is platform data and is rendered as
// text (never as HTML, never as a URL without checking its scheme).

export const JobStatusSchema = z.enum(['Quote', 'Work Order', 'Completed', 'Unsuccessful']);

/** One job as a list row, a search result or a badge on a platform page shows it. */
export const JobSummarySchema = z.object({
  uuid: PlatformUuidSchema,
  number: z.string(),
  status: z.string(),
  customer: z.string(),
  address: z.string(),
  /** Badge names (not uuids), in the account's badge order. */
  badges: z.array(z.string()),
  /** Writes for this job still waiting in the outbox. */
  pending: z.number().int().nonnegative(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

/** A job as its badge on a web page shows it: what the badge needs, no customer and no address (the
 * page is not Fieldside's, and its scripts are anybody's). On an added site, status only: no badge
 * names and no pending count. */
export const PageJobSchema = JobSummarySchema.pick({
  uuid: true,
  number: true,
  status: true,
  badges: true,
  pending: true,
});
export type PageJob = z.infer<typeof PageJobSchema>;

/** A phone number as the background formatted it (lib/locale/phones.ts): `text` in the account's
 * country's format (else international, else as typed), `tel` a `tel:` URI in international form
 * (null: nothing to dial), and whether it is a mobile, a landline, or the library cannot tell. */
export const PhoneViewSchema = z.object({
  text: z.string(),
  tel: z
    .string()
    .regex(/^tel:\+?\d+$/)
    .nullable(),
  kind: z.enum(['mobile', 'landline', 'phone']),
});
export type PhoneView = z.infer<typeof PhoneViewSchema>;

/** Whose contact it is: the job's own on-site contact (`site`), or the client's (`client`). */
export const ContactRoleSchema = z.enum(['site', 'client']);

/** The one person to call about a job: its on-site contact, else the client's primary contact. */
export const DayContactSchema = z.object({
  name: z.string(),
  phone: PhoneViewSchema.nullable(),
  role: ContactRoleSchema,
});

/** Time the staff member recorded on site (a recorded job activity: what happened, not a plan).
 * Account-local `YYYY-MM-DD HH:MM:SS`; `end` null while it is still running. */
export const TimeOnSiteSchema = z.object({ start: z.string(), end: z.string().nullable() });
export type TimeOnSite = z.infer<typeof TimeOnSiteSchema>;

/** One scheduled visit in "My day": a scheduled job activity of the staff member in view, with how to
 * reach the place and the time recorded on site for it. */
export const DayVisitSchema = z.object({
  activityUuid: PlatformUuidSchema,
  /** Account-local `YYYY-MM-DD HH:MM:SS`. */
  start: z.string(),
  end: z.string().nullable(),
  job: JobSummarySchema,
  contact: DayContactSchema.nullable(),
  onSite: z.array(TimeOnSiteSchema),
});
export type DayVisit = z.infer<typeof DayVisitSchema>;

/** A job that is the staff member's on the day with no visit booked: given to them without a time
 * (an allocation), or with time recorded on site though no visit was booked. */
export const DayJobSchema = z.object({
  job: JobSummarySchema,
  contact: DayContactSchema.nullable(),
  /** The allocation, and the first day (`YYYY-MM-DD`) it may be done, null when it does not say;
   * null when only recorded time puts the job on the day. */
  allocation: z.object({ uuid: z.string(), from: z.string().nullable() }).nullable(),
  onSite: z.array(TimeOnSiteSchema),
});
export type DayJob = z.infer<typeof DayJobSchema>;

/** Why a page shows what Fieldside kept rather than the platform's answer: the person's network, or the platform
 * (it refused or failed: busy, down, or its daily limit). "Offline" is only true of the first. */
export const KeptBecauseSchema = z.enum(['offline', 'platform']);
export type KeptBecause = z.infer<typeof KeptBecauseSchema>;

export const DayViewSchema = z.object({
  /** `YYYY-MM-DD` in the account's time zone. */
  date: z.string(),
  staffName: z.string().nullable(),
  /** Scheduled visits, in time order. */
  visits: z.array(DayVisitSchema),
  /** The day's other jobs: allocated ones first, then ones with only recorded time. */
  otherJobs: z.array(DayJobSchema),
  /** Answered from the cache because the platform could not be reached. */
  offline: z.boolean(),
  /** Why, when `offline`: no network, or the platform refused or failed (busy, down, its daily limit). */
  keptBecause: KeptBecauseSchema.optional(),
  /** When the day was last read from the platform (ms), null if never. */
  fetchedAt: z.number().nullable(),
  /** The account's time zone (null: not known): when "as of" was, in the account's time. */
  timeZone: z.string().nullable().optional(),
});
export type DayView = z.infer<typeof DayViewSchema>;

export const SyncStatusSchema = z.object({
  phase: z.enum(['idle', 'full', 'incremental', 'error', 'signed_out']),
  pagesDone: z.number(),
  jobsStored: z.number(),
  lastSyncedAt: z.number().nullable(),
  jobs: z.number(),
  skipped: z.number(),
  lastError: z.string().nullable(),
  online: z.boolean(),
  pendingWrites: z.number(),
  /** When the platform's daily limit for the account was reached: until when (ms since the epoch, the next
   * midnight UTC) Fieldside waits. Null while requests are allowed. */
  dailyLimitUntil: z.number().nullable(),
});
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

/** The account's request budget as this browser saw it (the options page's, for an administrator). */
export const BudgetViewSchema = z.object({
  /** Requests this browser made to the platform today (UTC day). */
  requestsToday: z.number().int().nonnegative(),
  dailyLimit: z.number().int().positive(),
  perMinuteLimit: z.number().int().positive(),
  /** See SyncStatus.dailyLimitUntil. */
  limitedUntil: z.number().nullable(),
});
export type BudgetView = z.infer<typeof BudgetViewSchema>;

/** A webhook subscription as the options page lists it: an object one (its record type and watched
 * fields) or an event one (its event name, no fields). Never its callback URL: the URL carries the
 * account's secret token, and whoever learns it can post notifications in the platform's name. */
export const SubscriptionViewSchema = z.object({
  kind: z.enum(['object', 'event']),
  /** The record type ("job") or the event ("job.note_added"). */
  name: z.string(),
  uniqueId: z.string(),
  fields: z.array(z.string()),
  active: z.boolean(),
  lastFailureReason: z.string().nullable(),
  /** UTC, `YYYY-MM-DD HH:MM:SS`, as the platform gives it. */
  lastFailureAt: z.string().nullable(),
});
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

/** How a change of the webhook address went: `retired` when the old address no longer works (every
 * subscription moved); otherwise the ones the platform would not move, and the old address still works. */
export const WebhookRotationSchema = z.object({
  retired: z.boolean(),
  refused: z.array(z.object({ unique_id: z.string(), message: z.string() })),
});
export type WebhookRotation = z.infer<typeof WebhookRotationSchema>;

/**
 * Pushed by the background over a `runtime.connect({ name: LIVE_PORT })` port to every open page,
 * side panel and content script, so they update without a reload.
 */
export { LIVE_PORT } from './live-port';
export const LiveEventSchema = z.discriminatedUnion('type', [
  /** Jobs changed in the cache (sync, webhook feed or an outbox write): re-read what you show. */
  z.object({ type: z.literal('jobs.changed'), uuids: z.array(z.string()) }),
  /** Visits (job activities) were booked, moved or cancelled (webhook feed): a day that lists one of `uuids`, or the
   * person's own day when `yours` (the platform's word, through the companion, that one is theirs), is re-read; so is
   * an open job among `jobs` (the visits' jobs, where the companion could say). */
  z.object({
    type: z.literal('visits.changed'),
    uuids: z.array(z.string()),
    jobs: z.array(z.string()),
    yours: z.boolean(),
  }),
  z.object({ type: z.literal('sync.status'), status: SyncStatusSchema }),
  z.object({ type: z.literal('outbox.changed'), pendingWrites: z.number() }),
  /** How much of a large write (a photo's bytes) has gone out. */
  z.object({
    type: z.literal('outbox.progress'),
    jobUuid: z.string(),
    clientUuid: z.string(),
    sent: z.number(),
    total: z.number(),
  }),
  /** The active tab's platform page shows this job (the side panel follows it). */
  z.object({ type: z.literal('page.job'), uuid: z.string().nullable() }),
  z.object({ type: z.literal('session.changed') }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
