// The outbox's records: one pending write to the platform each, and the zod schema of what callers
// may enqueue. Entries are stored as they are (structured clone), so everything here is plain data.
import { z } from 'zod';

export const OUTBOX_KINDS = ['note', 'badge-add', 'badge-remove'] as const;
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
  | 'rejected'; // 400: the platform refused the content

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

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a uuid')
  .transform((s) => s.toLowerCase());

export const NotePayloadSchema = z.object({
  note: z.string().trim().min(1, 'a note needs some text').max(65_000),
  actionRequired: z.boolean().default(false),
});
export const BadgePayloadSchema = z.object({ badgeUuid: uuid });

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
]);
export type EnqueueInput = z.input<typeof EnqueueInputSchema>;

export type NotePayload = z.output<typeof NotePayloadSchema>;
export type BadgePayload = z.output<typeof BadgePayloadSchema>;

interface EntryBase {
  /** Order of writing; sending follows it per job. */
  seq: number;
  jobUuid: string;
  /** Chosen here, once: a note's own uuid (so a replayed create updates instead of duplicating). */
  clientUuid: string;
  createdAt: number;
  /** Sends started, including one a killed worker never finished. */
  attempts: number;
  /** Not before this time (ms since the epoch) unless a forced flush. */
  nextAttemptAt: number;
  state: OutboxState;
  lastError?: OutboxError;
}

export type OutboxEntry =
  | (EntryBase & { kind: 'note'; payload: NotePayload })
  | (EntryBase & { kind: 'badge-add'; payload: BadgePayload })
  | (EntryBase & { kind: 'badge-remove'; payload: BadgePayload });

/** An entry before IndexedDB assigned its `seq`. */
export type NewOutboxEntry = OutboxEntry extends infer E ? (E extends OutboxEntry ? Omit<E, 'seq'> : never) : never;

export type OutboxChange =
  | { type: 'added'; entry: OutboxEntry }
  | { type: 'changed'; entry: OutboxEntry }
  /** `sent`: the platform has it; otherwise the person discarded it. */
  | { type: 'removed'; entry: OutboxEntry; sent: boolean };

export type OutboxListener = (change: OutboxChange) => void;
