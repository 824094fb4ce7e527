// What the background hands the side panel and the quick-note panel about one job: its notes, badges, the person's
// visit and what it may text, its files, and the whole detail. Platform data, rendered as text.
import { z } from 'zod';
import { JOB_ACTIONS } from '../../contracts/job-actions';
import { ContactRoleSchema, JobSummarySchema, KeptBecauseSchema, PhoneViewSchema } from './views';

export const NoteViewSchema = z.object({
  uuid: z.string(),
  text: z.string(),
  /** Account-local `YYYY-MM-DD HH:MM:SS`, or null while pending. */
  createdAt: z.string().nullable(),
  author: z.string().nullable(),
  state: z.enum(['sent', 'pending', 'failed']),
  /** For failed writes: what went wrong and what the person can do. */
  problem: z.object({ message: z.string(), action: z.string(), seq: z.number() }).nullable(),
});
export type NoteView = z.infer<typeof NoteViewSchema>;

export const BadgeStateSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  on: z.boolean(),
  /** A change to this badge waits in the outbox. */
  pending: z.boolean(),
});

/** A write of this device the platform refused: what went wrong and what the person can do. */
export const WriteProblemSchema = z.object({ message: z.string(), action: z.string(), seq: z.number() });
export type WriteProblem = z.infer<typeof WriteProblemSchema>;

/** The person's own visit to a job today, as they acted on it here ("On my way", "Arrived", "Done", completing the
 * job): each step's time (account-local `YYYY-MM-DD HH:MM:SS`) and whether it still waits to be sent. */
export const VisitViewSchema = z.object({
  /** Someone is in view who can act (OAuth with "who are you" answered): an API key's whole account cannot. */
  canAct: z.boolean(),
  /** The person is on the job (a visit or an allocation of theirs, a step taken today or waiting), or nobody knows
   * (the schedule was not read): their steps are offered at once. The office opening a customer's job is not: the
   * steps are a press away, not a prompt on every job. */
  onJob: z.boolean(),
  onTheWayAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
  /** The job's status is Completed, or will be once the status change waiting here is sent (the last one, which
   * may be an undo). */
  completed: z.boolean(),
  /** When this person marked the job complete here today: they may undo it ("reopen"). */
  completedAt: z.string().nullable(),
  /** Steps that wait in the outbox. */
  pending: z.array(z.enum(JOB_ACTIONS)),
  /** Steps the platform refused. */
  problems: z.array(WriteProblemSchema.extend({ step: z.enum(JOB_ACTIONS) })),
  /** The text to the customer said with "On my way": to whom, and whether it waits, went, or needs the person. */
  text: z.object({ name: z.string(), state: z.enum(['waiting', 'sent', 'problem']) }).nullable(),
});
export type VisitView = z.infer<typeof VisitViewSchema>;

/** "On my way" may text the customer (lib/side-panel/text-offer.ts): whom, the number (E.164 and as the account
 * writes it), the words proposed, and whether the connection may send texts yet (else the offer asks). */
export const TextOfferSchema = z.object({
  name: z.string(),
  to: z.string(),
  number: z.string(),
  message: z.string(),
  allowed: z.boolean(),
});
export type TextOfferView = z.infer<typeof TextOfferSchema>;
export type JobAction = VisitView['pending'][number];

/** What the side panel may ask of a visit: its steps, and undoing "Mark the job complete" pressed here today. */
export { VISIT_COMMANDS, type VisitCommand } from '../../contracts/job-actions';

/** A photo or file on a job: the platform's, or one of this device's still on its way (`pending`, `failed`). */
export const AttachmentViewSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  /** The extension with its dot (".jpg"). */
  fileType: z.string(),
  /** Account-local `YYYY-MM-DD HH:MM:SS`, null while pending. */
  addedAt: z.string().nullable(),
  author: z.string().nullable(),
  state: z.enum(['sent', 'pending', 'failed']),
  /** Bytes, for this device's own (its progress is told as it goes: outbox.progress). */
  size: z.number().nullable(),
  problem: WriteProblemSchema.nullable(),
});
export type AttachmentView = z.infer<typeof AttachmentViewSchema>;

export const JobDetailSchema = z.object({
  job: JobSummarySchema.extend({
    description: z.string(),
    workDone: z.string(),
    date: z.string().nullable(),
  }),
  company: z.object({ name: z.string(), address: z.string() }).nullable(),
  /** The job's on-site contacts first, then the client's; numbers formatted, the mobile first. */
  contacts: z.array(
    z.object({
      name: z.string(),
      phones: z.array(PhoneViewSchema),
      email: z.string().nullable(),
      role: ContactRoleSchema,
    }),
  ),
  /** The job's visits in time order, whoever makes them (null: not read, for want of the permission or
   * offline with none kept). Account-local `YYYY-MM-DD HH:MM:SS`. */
  visits: z.array(z.object({ start: z.string(), end: z.string().nullable(), staff: z.string().nullable() })).nullable(),
  /** Who the job is given to without a time slot, by name (null: not read). */
  allocatedTo: z.array(z.string()).nullable(),
  /** The account's time zone (null: not known): how long ago notes were written. */
  timeZone: z.string().nullable(),
  badges: z.array(BadgeStateSchema),
  /** Newest first; pending and failed writes included. */
  notes: z.array(NoteViewSchema),
  /** The job in the platform's web app: the job itself (`deep`), or the app where its form is unknown. */
  web: z.object({ url: z.string(), deep: z.boolean() }),
  /** `readNotes`: the notes shown are the platform's (false: they could not be read, for want of the
   * permission or offline with none kept, so the page must not say there are none). */
  can: z.object({
    readNotes: z.boolean(),
    addNote: z.boolean(),
    manageBadges: z.boolean(),
    /** Record time on site and change the status (the `visits` feature). */
    recordVisits: z.boolean(),
    /** List and attach photos and files (the `photos` feature). */
    attach: z.boolean(),
  }),
  /** The person's visit today (acting on the job). */
  visit: VisitViewSchema,
  /** What "On my way" offers to text, if anything. */
  textOffer: TextOfferSchema.nullable(),
  /** Photos and files, this device's waiting ones first (null: not read, for want of the permission). */
  attachments: z.array(AttachmentViewSchema).nullable(),
  offline: z.boolean(),
  /** See DayView.keptBecause. */
  keptBecause: KeptBecauseSchema.optional(),
});
export type JobDetail = z.infer<typeof JobDetailSchema>;
