// The messages from the web page's world: content scripts on platform pages (and sites the person added) and the
// quick-note frame. protocol.ts holds them with every other message; each is answered only as narrowly as it says.
import { z } from 'zod';
import { UuidSchema } from '../../contracts/uuid';
import { Empty, message, NoteText } from './message-def';
import { NoteViewSchema } from './job-views';
import { SenderCardSchema } from './new-job-views';
import { PageJobSchema } from './views';

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
export const contentProtocol = {
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
    /** `signedIn`: whether anyone is signed in (signed out, every badge says so rather than "not found").
     * `whoFirst`: signed in, but Fieldside does not know who the person is yet (setup's step 2), so it has no jobs
     * to show: every badge says what is left rather than "signed out". */
    reply: z.object({ jobs: z.array(PageJobSchema), signedIn: z.boolean(), whoFirst: z.boolean().optional() }),
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
};
