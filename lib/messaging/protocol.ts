import { z } from 'zod';
import type { Envelope } from './envelope';
import { contentProtocol } from './content-protocol';
import { newJobProtocol } from './new-job-protocol';
import { Empty, message, NoteText } from './message-def';
import { ConnectionSchema, StaffSummarySchema } from '../settings/schemas';
import { FEATURES, PairingQuestionSchema, SessionViewSchema } from './session-view';
import {
  BudgetViewSchema,
  DayViewSchema,
  SubscriptionViewSchema,
  SyncStatusSchema,
  WebhookRotationSchema,
} from './views';
import { AttachmentViewSchema, JobDetailSchema, NoteViewSchema, VISIT_COMMANDS, VisitViewSchema } from './job-views';
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

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
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
  /** Incremental authorisation: a feature needs scopes not yet granted; ask for only those. `also`: features the same
   * step needs too (a new job for a new customer), asked for on the same consent page. */
  'session.requestFeature': message({
    request: z.object({ feature: z.enum(FEATURES), also: z.array(z.enum(FEATURES)).max(FEATURES.length).optional() }),
    reply: SessionViewSchema,
    from: ['page'],
  }),
  'session.useApiKey': message({
    request: z.object({ apiKey: z.string().trim().min(8).max(512) }),
    reply: SessionViewSchema,
    from: ['page'],
  }),
  'session.signOut': message({ request: Empty, reply: SessionViewSchema, from: ['page'] }),
  /** A page is in front again while the account has not turned Fieldside on: ask the companion again (at most once
   * in ten seconds), as an administrator may just have activated it. */
  'session.checkActivation': message({ request: Empty, reply: SessionViewSchema, from: ['page'] }),
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
    /** `windowId`: the browser window to open the side panel in, for a page in a window of its own (the new-job
     * form's has no side panel); else the sender's. */
    request: z.object({
      uuid: UuidSchema,
      target: z.enum(['web', 'sidepanel']),
      windowId: z.number().int().nonnegative().optional(),
    }),
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
      action: z.enum(VISIT_COMMANDS),
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
  /** The job the side panel should show: that of the platform page in the tab in front of its window (`tabId`, when
   * the panel knows it: `fromTab`), else the job last opened in the panel. */
  'page.currentJob': message({
    request: z.object({ tabId: z.number().int().nonnegative().optional() }),
    reply: z.object({ uuid: UuidSchema.nullable(), fromTab: z.boolean() }),
    from: ['page'],
  }),
  /** Text chosen with "Add selection as a note to a job…", waiting for the person to pick the job. */
  'picker.pending': message({ request: Empty, reply: z.object({ text: z.string().nullable() }), from: ['page'] }),
  /** The picker added the text as a note (or was cancelled): forget it, so it is not offered twice. */
  'picker.clear': message({ request: Empty, reply: Empty, from: ['page'] }),

  // ── A new job, from the popup, selected text or an e-mail (new-job-protocol.ts).
  ...newJobProtocol,

  // ── From the web page's world: content scripts and the quick-note frame (content-protocol.ts).
  ...contentProtocol,

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
