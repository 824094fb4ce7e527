import { randomBase64Url } from '../../contracts/installation-binding';
import { canUse } from '../auth/scopes';
import type { Company, Job } from '../api/schemas';
import { isOffline } from '../side-panel/field-context';
import { jobSummary } from '../side-panel/summaries';
import type { ContentPage } from '../messaging/sender';
import type { PageJob } from '../messaging/views';
import type { NoteView } from '../messaging/job-views';
import type { Workspace } from '../workspace/workspace';
import { createBadgeNames } from './badge-names';
import type { PageGrantsService } from './page-grants';
import { mergeNotes, sentNote } from '../outbox/note-views';
import { toUuid, type Uuid } from '../../contracts/uuid';

// What content scripts on platform pages (and sites the user added) may ask the background: badges
// for the jobs their page reported, and a ticket to open the quick-note panel of a job whose badge
// is there. The panel's frame (quick-note.html, out of the page's reach) then reads the job's latest
// notes and adds one through the outbox, with that ticket. Each page is answered only about what it
// reported, up to a cap (page-grants.ts); an added site's badge shows the status only. Badge reads
// never touch the network for jobs (a page with 50 job links costs a few segment reads); notes are
// read online and fall back to what the outbox holds when the platform can't be reached.

/** How many of the platform's notes the quick-note panel shows (newest first). */
export const LATEST_NOTES = 10;

export class NotOnThisPageError extends Error {
  override readonly name = 'NotOnThisPageError';
  constructor() {
    super('This job is not shown on this page');
  }
}

/** A quick-note frame without a panel of its own: a stale ticket, another frame's, or none at all. */
export class PanelClosedError extends Error {
  override readonly name = 'PanelClosedError';
  constructor() {
    super('This notes panel has closed. Open it again from the job badge.');
  }
}

/** The quick-note frame asking: its own page key and tab (lib/messaging/sender.ts pageKeyOf). */
export interface PanelFrame {
  key: string;
  tabId: number;
}

/** A 32-byte random ticket, base64url (lib/messaging/protocol.ts PanelTicket). */
const newTicket = (): string => randomBase64Url(32);

export interface ContentServiceDeps {
  workspace: Workspace;
  grants: PageGrantsService;
  /** The side panel's note write (outbox first, then the runner sends it): one path for every note. */
  addNote: (jobUuid: string, text: string) => Promise<NoteView>;
  /** The account's time zone (the day service's): how long ago notes were written. */
  timeZone?: () => Promise<string | null>;
  /** Whether a session is stored (SessionService.signedIn): with no workspace, tells "signed out" from "signed in,
   * who you are not said yet". */
  signedIn?: () => Promise<boolean>;
}

export function createContentService({ workspace, grants, addNote, timeZone, signedIn }: ContentServiceDeps) {
  const badgeNames = createBadgeNames(workspace);

  async function pendingByJob(jobUuids: ReadonlySet<string>): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (jobUuids.size === 0) return counts;
    for (const entry of await (await workspace.outbox()).pending()) {
      if (jobUuids.has(entry.jobUuid)) counts.set(entry.jobUuid, (counts.get(entry.jobUuid) ?? 0) + 1);
    }
    return counts;
  }

  /** The cached jobs named by uuid or number; unknown ones are left out. */
  async function cachedJobs(uuids: readonly Uuid[], numbers: readonly string[]): Promise<Job[]> {
    const cache = await workspace.cache();
    const found = [
      ...(await Promise.all([...new Set(uuids)].map((uuid) => cache.getJob(uuid)))),
      ...(await Promise.all([...new Set(numbers)].map((n) => cache.getJobByNumber(n)))),
    ];
    return [...new Map(found.flatMap((job): Array<[string, Job]> => (job ? [[job.uuid, job]] : []))).values()];
  }

  /** Status, badge names and pending writes: what a badge shows (an added site's: the status only). */
  async function badges(jobs: readonly Job[], full: boolean): Promise<PageJob[]> {
    const [names, pending] = full
      ? await Promise.all([badgeNames.get(), pendingByJob(new Set(jobs.map((j) => j.uuid)))])
      : [null, new Map<string, number>()];
    return jobs.map((job) => {
      const {
        uuid,
        number,
        status,
        badges: tags,
        pending: waiting,
      } = jobSummary(job, undefined, names, pending.get(job.uuid) ?? 0);
      return { uuid, number, status, badges: tags, pending: waiting };
    });
  }

  async function panelOf(ticket: string, frame: PanelFrame): Promise<{ jobUuid: Uuid; kind: ContentPage['kind'] }> {
    const panel = await grants.panel(ticket, frame);
    if (!panel) throw new PanelClosedError();
    return panel;
  }

  async function customerOf(jobUuid: string): Promise<string> {
    const cache = await workspace.cache();
    const job = await cache.getJob(jobUuid);
    const company: Company | undefined = job?.company_uuid ? await cache.getCompany(job.company_uuid) : undefined;
    return company?.name ?? '';
  }

  return {
    /** Badges for the jobs a page reported (`page`), or for any job when Fieldside's own page asks. */
    async jobs(
      request: { uuids: readonly Uuid[]; numbers: readonly string[] },
      page?: ContentPage,
    ): Promise<{ jobs: PageJob[]; signedIn: boolean; whoFirst?: boolean }> {
      // No workspace: signed out, or signed in before "who are you" (no cache yet). The badges say which.
      if ((await workspace.key()) === null)
        return (await signedIn?.()) ? { jobs: [], signedIn: true, whoFirst: true } : { jobs: [], signedIn: false };
      const admitted = page ? await grants.admit(page, request) : request;
      const jobs = await cachedJobs(admitted.uuids, admitted.numbers);
      if (page)
        await grants.grant(
          page,
          jobs.map((j) => j.uuid),
        );
      return { jobs: await badges(jobs, page?.kind !== 'site'), signedIn: true };
    },

    /** The person opened the quick-note panel of a job whose badge is on the page: a ticket for its frame. */
    async openNotes(jobUuid: Uuid, page: ContentPage): Promise<{ ticket: string }> {
      if (!(await grants.shows(page, jobUuid))) throw new NotOnThisPageError();
      const ticket = newTicket();
      await grants.openPanel(page, jobUuid, ticket);
      return { ticket };
    },

    /** The job a quick-note frame's panel is for, as its badge shows it. */
    async panelJob(ticket: string, frame: PanelFrame): Promise<PageJob> {
      const { jobUuid, kind } = await panelOf(ticket, frame);
      const [job] = await cachedJobs([jobUuid], []);
      if (!job) throw new PanelClosedError();
      return (await badges([job], kind !== 'site'))[0]!;
    },

    /** The latest notes of the panel's job, newest first, with the writes still waiting in the outbox on top. */
    async panelNotes(
      ticket: string,
      frame: PanelFrame,
    ): Promise<{
      notes: NoteView[];
      notesRead: boolean;
      canAddNote: boolean;
      customer: string;
      timeZone: string | null;
    }> {
      const { jobUuid } = await panelOf(ticket, frame);
      const key = await workspace.key();
      if (key === null) return { notes: [], notesRead: false, canAddNote: false, customer: '', timeZone: null };
      // The grant keeps the panel's job lower-cased (page-grants.ts), as a string.
      const waiting = await (await workspace.outbox()).pending(toUuid(jobUuid));
      let sent: NoteView[] = [];
      let notesRead = false;
      try {
        const { records } = await (await workspace.client()).notes.ofJob(jobUuid);
        sent = records
          .filter((n) => n.active)
          .sort((a, b) => (b.create_date ?? '').localeCompare(a.create_date ?? ''))
          .slice(0, LATEST_NOTES)
          .map((n) => sentNote(n, new Map()));
        notesRead = true;
      } catch (error) {
        // Offline: the panel still shows (and accepts) what waits in the outbox. Anything else is
        // the person's to see (a missing scope, a job they may not read).
        if (!isOffline(error)) throw error;
      }
      const canAddNote = key.mode === 'api_key' || canUse('notes', key.scopes);
      return {
        notes: mergeNotes(sent, waiting, null),
        notesRead,
        canAddNote,
        customer: await customerOf(jobUuid),
        timeZone: (await timeZone?.().catch(() => null)) ?? null,
      };
    },

    /** A note to the panel's job, through the outbox. */
    async panelAdd(ticket: string, text: string, frame: PanelFrame): Promise<NoteView> {
      const { jobUuid } = await panelOf(ticket, frame);
      return addNote(jobUuid, text);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
