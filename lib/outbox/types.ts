// The outbox's records: one pending write to the platform each, and the zod schema of what callers
// may enqueue. Entries are stored as they are (structured clone), so everything here is plain data.
// A new kind of write: its payload schema and entry type here, its words, scope and send in kinds.ts.
import { z } from 'zod';
import { toUuid, UUID_PATTERN, type Uuid } from '../../contracts/uuid';

export const OUTBOX_KINDS = [
  'note',
  'badge-add',
  'badge-remove',
  'activity-start',
  'activity-end',
  'status',
  'attachment',
  'job-create',
  'text',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** pending: waits its turn (or its backoff); sending: a request may be on the wire; failed-permanent:
 * the platform refused it in a way only the person can fix; kept until they retry or discard it. */
export type OutboxState = 'pending' | 'sending' | 'failed-permanent';

/** Why a permanent failure happened, for the UI to pick an icon or an action button. */
export type OutboxFailureCode =
  | 'missing-scope' // 403 for a scope: sign in again granting it, or ask the administrator
  | 'not-assigned' // 403 because the job is not (or no longer) allocated to this staff member
  | 'job-gone' // the job was deleted (inactive) or does not exist
  | 'signed-out' // the connection needs signing in again
  | 'rejected' // 400: the platform refused the content
  | 'text-unsure' // a text's request left and its answer was lost: it may have been sent
  | 'text-late' // a text waited longer than it is worth sending without asking
  | 'completed-by-other'; // an undo of a completion after someone else completed the job again

export interface OutboxError {
  /** Transient failures carry no code: they are retried by themselves. */
  code: OutboxFailureCode | 'transient';
  /** What happened, in words for the person. */
  message: string;
  /** What the person can do about it. */
  action: string;
  /** The technical text (error name, status, platform message), for support. */
  detail: string;
  at: number;
}

const uuid = z.string().regex(UUID_PATTERN, 'must be a uuid').transform(toUuid);

export const NotePayloadSchema = z.object({
  note: z.string().trim().min(1, 'a note needs some text').max(65_000),
  actionRequired: z.boolean().default(false),
});
export const BadgePayloadSchema = z.object({ badgeUuid: uuid });

/** Account-local time as the platform writes it: `YYYY-MM-DD HH:MM:SS`. */
const localTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must be YYYY-MM-DD HH:MM:SS');

/** Arriving on site: time on site begins, recorded as the platform records it (a job activity with
 * `activity_was_recorded`, by the staff member); the entry's clientUuid is the activity's uuid. */
export const ActivityStartPayloadSchema = z.object({ staffUuid: uuid, start: localTime });
/** Leaving the site: the recorded activity's end. */
export const ActivityEndPayloadSchema = z.object({ activityUuid: uuid, end: localTime });
export const StatusPayloadSchema = z.object({
  status: z.enum(['Quote', 'Work Order', 'Completed', 'Unsuccessful']),
  /** An "Undo" of this staff member's completion: sent only while the job is still completed, and not by someone else
   * since (send-visits.ts). */
  undoesCompletionBy: uuid.optional(),
});
/** A photo or file for the job; its bytes wait in the files database (files.ts) under the entry's clientUuid,
 * which is also the attachment's uuid on the platform. */
export const AttachmentPayloadSchema = z.object({
  name: z.string().trim().min(1, 'a file needs a name').max(127),
  /** The extension with its dot, as the platform takes it: ".jpg". */
  fileType: z.string().regex(/^\.[a-z0-9]{1,10}$/, 'must be an extension such as .jpg'),
  contentType: z.string().max(100),
  size: z.number().int().positive(),
  staffUuid: uuid.optional(),
});

/** A new job, made from an e-mail, selected text or the popup. The entry's jobUuid (and clientUuid) is the new
 * job's uuid; a new customer's uuid is chosen with it, so both creates can be read back before a retry. */
export const JobCreatePayloadSchema = z.object({
  description: z.string().trim().min(1, 'a job needs a description').max(10_000),
  address: z.string().trim().max(500).default(''),
  /** The customer: one the platform has, or a new one made first (with the person to reach them, when given); null
   * for none. */
  company: z
    .object({
      uuid,
      name: z.string().trim().min(1, 'a customer needs a name').max(200),
      isNew: z.boolean(),
      contact: z
        .object({
          uuid,
          first: z.string().trim().max(100),
          last: z.string().trim().max(100),
          phone: z.string().trim().max(50),
          mobile: z.string().trim().max(50),
          email: z.string().trim().max(200),
        })
        .optional(),
    })
    .nullable(),
});

/** A text to the customer through the platform (which charges the account for it), sent after the "On my way"
 * note; it cannot be taken back, so it is sent at most once (send-text.ts). */
export const TextPayloadSchema = z.object({
  /** E.164, as the platform dials it. */
  to: z.string().regex(/^\+[1-9]\d{5,14}$/, 'must be a number in international form'),
  message: z.string().trim().min(1, 'a text needs a message').max(1600),
  /** Whom it goes to, for the words the person reads. */
  name: z.string().trim().min(1).max(200),
});

/** What `enqueue()` accepts. `clientUuid` is optional: the outbox picks one (for a note: the note's uuid). */
export const EnqueueInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('note'), jobUuid: uuid, clientUuid: uuid.optional(), payload: NotePayloadSchema }),
  z.object({ kind: z.literal('badge-add'), jobUuid: uuid, clientUuid: uuid.optional(), payload: BadgePayloadSchema }),
  z.object({
    kind: z.literal('badge-remove'),
    jobUuid: uuid,
    clientUuid: uuid.optional(),
    payload: BadgePayloadSchema,
  }),
  z.object({
    kind: z.literal('activity-start'),
    jobUuid: uuid,
    clientUuid: uuid.optional(),
    payload: ActivityStartPayloadSchema,
  }),
  z.object({
    kind: z.literal('activity-end'),
    jobUuid: uuid,
    clientUuid: uuid.optional(),
    payload: ActivityEndPayloadSchema,
  }),
  z.object({ kind: z.literal('status'), jobUuid: uuid, clientUuid: uuid.optional(), payload: StatusPayloadSchema }),
  // The file is stored first (files.ts), so its uuid is given, never picked here.
  z.object({ kind: z.literal('attachment'), jobUuid: uuid, clientUuid: uuid, payload: AttachmentPayloadSchema }),
  // The job's own uuid, chosen where the person confirmed it (its pages refer to it while it is pending).
  z.object({ kind: z.literal('job-create'), jobUuid: uuid, clientUuid: uuid, payload: JobCreatePayloadSchema }),
  z.object({ kind: z.literal('text'), jobUuid: uuid, clientUuid: uuid.optional(), payload: TextPayloadSchema }),
]);
export type EnqueueInput = z.input<typeof EnqueueInputSchema>;

export type NotePayload = z.output<typeof NotePayloadSchema>;
export type BadgePayload = z.output<typeof BadgePayloadSchema>;
export type ActivityStartPayload = z.output<typeof ActivityStartPayloadSchema>;
export type ActivityEndPayload = z.output<typeof ActivityEndPayloadSchema>;
export type StatusPayload = z.output<typeof StatusPayloadSchema>;
export type AttachmentPayload = z.output<typeof AttachmentPayloadSchema>;
export type JobCreatePayload = z.output<typeof JobCreatePayloadSchema>;
export type TextPayload = z.output<typeof TextPayloadSchema>;

interface EntryBase {
  /** Order of writing; sending follows it per job. */
  seq: number;
  jobUuid: Uuid;
  /** Chosen once, when the write is made: the uuid of the record a create makes (a note, a recorded activity, an
   * attachment), read back by it before a retried create is sent again. */
  clientUuid: Uuid;
  createdAt: number;
  /** Sends started, including one a killed worker never finished. */
  attempts: number;
  /** Not before this time (ms since the epoch) unless a forced flush. */
  nextAttemptAt: number;
  state: OutboxState;
  lastError?: OutboxError;
  /** A write that cannot be taken back (a text) left for the platform at this time, and no answer was kept: its
   * outcome is unknown until an answer clears it. */
  postedAt?: number;
  /** The person's last "Retry" of it: what they asked for then, not when it was first written. */
  retriedAt?: number;
}

export type OutboxEntry =
  | (EntryBase & { kind: 'note'; payload: NotePayload })
  | (EntryBase & { kind: 'badge-add'; payload: BadgePayload })
  | (EntryBase & { kind: 'badge-remove'; payload: BadgePayload })
  | (EntryBase & { kind: 'activity-start'; payload: ActivityStartPayload })
  | (EntryBase & { kind: 'activity-end'; payload: ActivityEndPayload })
  | (EntryBase & { kind: 'status'; payload: StatusPayload })
  | (EntryBase & { kind: 'attachment'; payload: AttachmentPayload })
  | (EntryBase & { kind: 'job-create'; payload: JobCreatePayload })
  | (EntryBase & { kind: 'text'; payload: TextPayload });

/** One kind's entries. */
export type EntryOf<K extends OutboxKind> = Extract<OutboxEntry, { kind: K }>;

/** An entry before IndexedDB assigned its `seq`. */
export type NewOutboxEntry = OutboxEntry extends infer E ? (E extends OutboxEntry ? Omit<E, 'seq'> : never) : never;

export type OutboxChange =
  | { type: 'added'; entry: OutboxEntry }
  | { type: 'changed'; entry: OutboxEntry }
  /** `sent`: the platform has it; otherwise the person discarded it. */
  | { type: 'removed'; entry: OutboxEntry; sent: boolean };

export type OutboxListener = (change: OutboxChange) => void;
