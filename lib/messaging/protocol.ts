import { z } from 'zod';
import type { Envelope } from './envelope';
import { ConnectionSchema, StaffSummarySchema } from '../settings/schemas';
import { FEATURES, PairingQuestionSchema, SessionViewSchema } from './session-view';
import {
  BudgetViewSchema,
  DayViewSchema,
  PageJobSchema,
  SubscriptionViewSchema,
  SyncStatusSchema,
  WebhookRotationSchema,
} from './views';
import { AttachmentViewSchema, JobDetailSchema, NoteViewSchema, VisitViewSchema } from './job-views';
import { NewJobDraftViewSchema, NewJobInputSchema, SenderCardSchema } from './new-job-views';
import { UuidSchema } from '../../contracts/uuid';

// The one declaration of every message between Fieldside's contexts and the background.
// Each entry names its request and reply schemas and which sending contexts may use it:
// - "page":    Fieldside's own extension pages (options, popup, side panel);
// - "content": content scripts running in platform web pages (untrusted neighbourhood: the page
//              can't read their memory, but a compromised page may drive them, so they get only
//              what they need and never anything that reveals or uses a token on their behalf
//              beyond the narrow messages marked for them);
// - "pairing": the pairing script on the companion's pairing page (`/pair` of the configured companion, and
//              nothing else), which may only hand over the one-time code it found there;
// - "quickNote": the quick-note page (quick-note.html) in the frame a content script put in a web page
//              (where the person types, out of the page's reach); a web page can frame it too, so it
//              acts only with a ticket the background gave that content script, for one job.
// The background router validates every request and reply against these schemas and refuses any
// message from a context not listed, so "which messages reply" is never a hand-kept list.

export type SenderContext = 'page' | 'content' | 'pairing' | 'quickNote';

interface MessageDef<Req extends z.ZodType, Res extends z.ZodType> {
  request: Req;
  reply: Res;
  from: readonly SenderContext[];
}

function message<Req extends z.ZodType, Res extends z.ZodType>(def: MessageDef<Req, Res>): MessageDef<Req, Res> {
  return def;
}

const Empty = z.object({}).strict();
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const NoteText = z.string().trim().min(1, 'The note is empty').max(10_000);
/** What opens one quick-note panel: issued to a content script for the job the person opened, good
 * for the one frame that shows it first (lib/page-badges/page-grants.ts). 32 random bytes, base64url. */
const PanelTicket = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a panel ticket');
/** A job's latest notes, as the quick-note panel shows them. `notesRead`: the platform's notes were
 * read (false offline: only this device's writes are listed). */
const PanelNotesSchema = z.object({
  notes: z.array(NoteViewSchema),
  notesRead: z.boolean(),
  canAddNote: z.boolean(),
  customer: z.string(),
  /** The account's time zone (the notes' times are its local time), null when not known. */
  timeZone: z.string().nullable(),
});
/** A pairing code as the pairing page's fragment carries it (contracts/companion-http.ts checks it in full). */
const PairingCode = z
  .string()
  .min(16)
  .max(1024)
  .regex(/^[A-Za-z0-9._~-]+$/, 'a pairing code');
/** Which subscription: its kind, its object or event name, and its unique_id. */
const WebhookIdentity = z.object({ kind: z.enum(['object', 'event']), name: z.string().min(1), uniqueId: z.string() });

export const protocol = {
  /** The session as pages show it (no tokens). */
  'session.get': message({ request: Empty, reply: SessionViewSchema, from: ['page'] }),
  /** Start the OAuth flow through the companion; resolves when signed in (or throws). */
  'session.signIn': message({ request: Empty, reply: SessionViewSchema, from: ['page'] }),
  /** Incremental authorisation: a feature needs scopes not yet granted; ask for only those. */
  'session.requestFeature': message({
    request: z.object({ feature: z.enum(FEATURES) }),
    reply: SessionViewSchema,
    from: ['page'],
  }),
  'session.useApiKey': message({
    request: z.object({ apiKey: z.string().trim().min(8).max(512) }),
    reply: SessionViewSchema,
    from: ['page'],
  }),
  'session.signOut': message({ request: Empty, reply: SessionViewSchema, from: ['page'] }),
  /** The account's active staff with their roles, for "who are you" (nobody preselected: the
   * platform does not say who consented). */
  'session.listStaff': message({
    request: Empty,
    reply: z.object({ staff: z.array(StaffSummarySchema) }),
    from: ['page'],
  }),
  /** "This is me": every later request impersonates this staff member. Asked once per sign-in:
   * refused once answered (to change it, sign in again). */
  'session.chooseMe': message({
    request: z.object({ staffUuid: z.string().min(1) }),
    reply: SessionViewSchema,
    from: ['page'],
  }),
  /** Administrators only: view as another staff member (null: back to yourself). */
  'session.viewAs': message({
    request: z.object({ staffUuid: z.string().min(1).nullable() }),
    reply: SessionViewSchema,
    from: ['page'],
  }),
  /** Where Fieldside connects: the account's own setting, so refused to a signed-in session that is
   * not an administrator's (signed out, anyone may connect this browser). */
  'settings.setConnection': message({ request: ConnectionSchema, reply: SessionViewSchema, from: ['page'] }),
  /** One page of jobs as the current workspace sees them (diagnostics and tests: proves impersonation). */
  'platform.jobsPage': message({
    request: Empty,
    reply: z.object({ uuids: z.array(z.string()) }),
    from: ['page'],
  }),
  /** "Use Fieldside in this browser": the code from the job card's window, claimed with the companion; the
   * background then asks the person on Fieldside's own page whether to work as the staff member the platform
   * signed. The page learns their name, nothing more. */
  'pairing.claim': message({
    request: z.object({ code: PairingCode }),
    reply: z.object({ staffName: z.string() }),
    from: ['pairing'],
  }),
  /** How the pairing this pairing page claimed ended; answered once it is no longer waiting, or after a while. */
  'pairing.outcome': message({
    request: Empty,
    reply: z.object({ outcome: z.enum(['waiting', 'confirmed', 'declined', 'expired', 'gone']) }),
    from: ['pairing'],
  }),
  /** The question "Work as <name> in this browser?" waiting for an answer (null: none). */
  'pairing.question': message({
    request: Empty,
    reply: z.object({ question: PairingQuestionSchema.nullable() }),
    from: ['page'],
  }),
  /** The person's answer to that question, from the confirmation page only (the handler checks which page). */
  'pairing.answer': message({
    request: z.object({ id: z.string().min(16).max(64), yes: z.boolean() }),
    reply: z.object({ outcome: z.enum(['confirmed', 'declined']), staffName: z.string() }),
    from: ['page'],
  }),
  /** What a content script may know: whether Fieldside is signed in, nothing more. */
  'content.status': message({
    request: Empty,
    reply: z.object({ signedIn: z.boolean() }),
    from: ['page', 'content'],
  }),
  // ── Sync and quick search. The popup searches the IndexedDB cache itself (no round
  //    trip per keystroke); these cover what only the background can do.
  'sync.status': message({ request: Empty, reply: SyncStatusSchema, from: ['page'] }),
  /** Start a sync now (incremental, or full to rebuild); answers at once with the status. */
  /** The account's daily request budget as this browser saw it (options page). */
  'budget.status': message({ request: Empty, reply: BudgetViewSchema, from: ['page'] }),
  'sync.run': message({
    request: z.object({ mode: z.enum(['incremental', 'full']) }),
    reply: SyncStatusSchema,
    from: ['page'],
  }),
  /** Open a job: in the platform's web UI (a tab) or in the side panel. */
  'job.open': message({
    request: z.object({ uuid: UuidSchema, target: z.enum(['web', 'sidepanel']) }),
    reply: Empty,
    from: ['page'],
  }),

  // ── The side panel and the outbox.
  /** "My day": the job activities of the staff member in view on `date` (null: today, account time). */
  'day.get': message({ request: z.object({ date: IsoDate.nullable() }), reply: DayViewSchema, from: ['page'] }),
  'job.detail': message({ request: z.object({ uuid: UuidSchema }), reply: JobDetailSchema, from: ['page'] }),
  /** Queues a note in the outbox (shown at once as pending) and starts sending. */
  'notes.add': message({
    request: z.object({ jobUuid: UuidSchema, text: NoteText }),
    reply: NoteViewSchema,
    from: ['page'],
  }),
  'badges.set': message({
    request: z.object({ jobUuid: UuidSchema, badgeUuid: UuidSchema, on: z.boolean() }),
    reply: Empty,
    from: ['page'],
  }),
  /** The person acts on their visit ("On my way", "Arrived", "Done", completing the job): saved in the outbox at
   * once and sent in order; the reply is the visit as it now stands. */
  'job.act': message({
    request: z.object({
      jobUuid: UuidSchema,
      action: z.enum(['on-my-way', 'arrived', 'done', 'complete']),
      /** With "On my way": text the customer the job's offer named, in these words (the platform charges for it). */
      text: z.object({ message: z.string().max(1600) }).optional(),
    }),
    reply: VisitViewSchema,
    from: ['page'],
  }),
  /** The person does not want "On my way" to offer texting customers: not offered again in this workspace. */
  'texts.decline': message({ request: Empty, reply: Empty, from: ['page'] }),
  /** A photo or file a page kept in the files database (lib/outbox/files.ts) under `uuid`: queue it for the job. */
  'files.attach': message({
    request: z.object({ jobUuid: UuidSchema, uuid: UuidSchema }),
    reply: AttachmentViewSchema,
    from: ['page'],
  }),
  /** A failed write: send again, or give it up (the person copied the note elsewhere). */
  'outbox.retry': message({ request: z.object({ seq: z.number().int() }), reply: Empty, from: ['page'] }),
  'outbox.discard': message({ request: z.object({ seq: z.number().int() }), reply: Empty, from: ['page'] }),
  /** The job of the active tab's platform page, if any (the side panel follows it). */
  'page.currentJob': message({ request: Empty, reply: z.object({ uuid: UuidSchema.nullable() }), from: ['page'] }),
  /** Text chosen with "Add selection as a note to a job…", waiting for the person to pick the job. */
  'picker.pending': message({ request: Empty, reply: z.object({ text: z.string().nullable() }), from: ['page'] }),
  /** The picker added the text as a note (or was cancelled): forget it, so it is not offered twice. */
  'picker.clear': message({ request: Empty, reply: Empty, from: ['page'] }),

  // ── A new job, from the popup, selected text (the context menu) or an e-mail (the webmail card): a draft kept
  //    by the background, the form (new-job.html) that reads it, and the job saved to the outbox.
  /** Opens the new-job form with `text` (the popup's "New job"). */
  'newJob.open': message({ request: z.object({ text: z.string().max(20_000) }), reply: Empty, from: ['page'] }),
  /** The draft the form was opened for, read from its text, with the customers found for it. */
  'newJob.draft': message({
    request: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a draft id') }),
    reply: NewJobDraftViewSchema,
    from: ['page'],
  }),
  /** The person confirmed the job: saved to the outbox at once, sent exactly once. */
  'newJob.create': message({ request: NewJobInputSchema, reply: z.object({ jobUuid: UuidSchema }), from: ['page'] }),

  // ── Content scripts on platform pages (and sites the user added): cache reads and quick notes.
  //    Each page is answered only about the jobs whose numbers it reported (up to a cap), and only
  //    those may have notes read or added from it (lib/page-badges/page-grants.ts).
  /** Badges for the jobs found on a page, by job number ("Job #1234"), or by uuid for jobs the page
   * was answered about before (a re-read after a change). Fieldside's own pages may ask for any
   * job (diagnostics and tests: what the cache holds). */
  'content.jobs': message({
    request: z.object({
      uuids: z.array(UuidSchema).max(500).default([]),
      numbers: z.array(z.string().max(32)).max(500).default([]),
    }),
    /** `signedIn`: whether anyone is signed in (signed out, every badge says so rather than "not found"). */
    reply: z.object({ jobs: z.array(PageJobSchema), signedIn: z.boolean() }),
    from: ['page', 'content'],
  }),
  /** The person opened the quick-note panel of a job whose badge is on the page: a ticket for the
   * panel's frame (quick-note.html), which reads and adds the notes itself. The content script never
   * reads a note nor sends one: what is typed stays out of the page's reach. */
  'content.openNotes': message({
    request: z.object({ jobUuid: UuidSchema }),
    reply: z.object({ ticket: PanelTicket }),
    from: ['content'],
  }),
  /** The card beside an e-mail on a webmail site the person added: the sender's customer (by e-mail, else a phone
   * number in the message) and their open jobs; those jobs may then be opened from the page. */
  'content.sender': message({
    request: z.object({
      emails: z.array(z.string().trim().toLowerCase().email().max(254)).max(3),
      phones: z.array(z.string().max(40)).max(3),
    }),
    reply: SenderCardSchema,
    from: ['content'],
  }),
  /** The person pressed "Open" on one of the card's jobs. */
  'content.openJob': message({ request: z.object({ jobUuid: UuidSchema }), reply: Empty, from: ['content'] }),
  /** The person pressed "New job from this e-mail": the form opens in a window of its own, out of the page. */
  'content.newJob': message({
    request: z.object({
      subject: z.string().max(1_000),
      text: z.string().max(20_000),
      sender: z.object({ name: z.string().max(200), email: z.string().max(254) }),
    }),
    reply: Empty,
    from: ['content'],
  }),
  /** The web app now shows this job (or none), by the number its window names: the side panel follows. */
  'content.pageJob': message({
    request: z.object({ number: z.string().max(32).nullable() }),
    reply: Empty,
    from: ['content'],
  }),

  // ── The quick-note panel's frame: each message names the panel's ticket, and is answered only
  //    for the one frame that showed that ticket first (in the tab it was issued for).
  /** The job the panel is for (what its badge shows). */
  'quickNote.open': message({ request: z.object({ ticket: PanelTicket }), reply: PageJobSchema, from: ['quickNote'] }),
  /** The job's latest notes, newest first, with the writes still waiting in the outbox on top. */
  'quickNote.notes': message({
    request: z.object({ ticket: PanelTicket }),
    reply: PanelNotesSchema,
    from: ['quickNote'],
  }),
  /** A note to the job, through the outbox (pending at once). */
  'quickNote.add': message({
    request: z.object({ ticket: PanelTicket, text: NoteText }),
    reply: NoteViewSchema,
    from: ['quickNote'],
  }),

  // ── Webhooks section of the options.
  'webhooks.list': message({
    request: z.object({ status: z.enum(['active', 'inactive', 'all']) }),
    reply: z.object({ subscriptions: z.array(SubscriptionViewSchema) }),
    from: ['page'],
  }),
  'webhooks.reactivate': message({ request: WebhookIdentity, reply: Empty, from: ['page'] }),
  'webhooks.delete': message({ request: WebhookIdentity, reply: Empty, from: ['page'] }),
  /** A new callback address for the account's subscriptions (administrators): the old one stops working. */
  'webhooks.rotate': message({ request: Empty, reply: WebhookRotationSchema, from: ['page'] }),
} as const;

export type Protocol = typeof protocol;
export type MessageType = keyof Protocol;
export type RequestOf<T extends MessageType> = z.input<Protocol[T]['request']>;
export type ReplyOf<T extends MessageType> = z.output<Protocol[T]['reply']>;

/** The envelope on the wire (envelope.ts builds it), checked where a message is received. */
export const EnvelopeSchema = z.object({
  fieldside: z.literal(1),
  type: z.string(),
  payload: z.unknown(),
}) satisfies z.ZodType<Envelope>;

/** Errors cross the message boundary as plain data (prototypes don't survive structured clone). */
export const WireErrorSchema = z.object({
  name: z.string(),
  message: z.string(),
  /** A rate limit's window: a daily one does not clear in minutes, and the pages say so. */
  limitWindow: z.enum(['minute', 'day']).optional(),
});
export type WireError = z.infer<typeof WireErrorSchema>;

export type WireReply<T> = { ok: true; value: T } | { ok: false; error: WireError };

export function isMessageType(type: string): type is MessageType {
  return Object.hasOwn(protocol, type);
}
