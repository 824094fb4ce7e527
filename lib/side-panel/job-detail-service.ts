// A job's detail for the side panel: the job, its customer, its visits and whom it is given to, its
// on-site contacts then the client's (numbers as the account's country writes them), badges by name,
// notes newest first with the outbox's pending and failed writes on top. Online it reads the
// platform (and keeps the answer); offline it shows the kept answer, or the cached job, and says so.
import type { Company, CompanyContact, Job, JobActivity, JobAllocation, JobContact, Note } from '../api/schemas';
import type { KeptBecause } from '../messaging/views';
import type { JobDetail, NoteView } from '../messaging/job-views';
import type { OutboxEntry } from '../outbox';
import { isOffline, type FieldContext } from './field-context';
import { keptBecause } from './errors';
import { jobWebLink } from '../api/links';
import { detailContacts } from './contact-choice';
import { jobSummary } from './summaries';
import { phoneView } from '../locale/phones';
import { mergeNotes, sentNote } from '../outbox/note-views';
import { attachmentViews } from './job-attachments';
import { accountNow, scheduledForThem, visitView } from './visit-actions';
import {
  platformVisit,
  platformVisitKey,
  visitLogKey,
  withPlatformVisit,
  type PlatformVisit,
  type VisitLog,
} from './visit-log';
import { textOffer } from './text-offer';
import { keepOffer, textsDeclined } from './visit-text';
import { jobAnswerKey } from './answer-store';
import type { Uuid } from '../../contracts/uuid';

/** What is kept per job: the platform's answer, before the outbox is laid over it. */
interface JobAnswer {
  job: Job;
  company: Company | null;
  contacts: CompanyContact[];
  /** The job's own on-site contacts (absent from answers kept before they were read). */
  jobContacts?: JobContact[];
  notes: NoteView[];
  /** Whether `notes` are the platform's (absent from answers kept before this was said: they were
   * read whenever the sign-in allowed it). False where they could not be read: "no notes" would be untrue. */
  notesRead?: boolean;
  /** The job's scheduled visits and allocations, null when not read (no permission; answers kept before
   * they were read). */
  visits?: JobActivity[] | null;
  allocations?: JobAllocation[] | null;
}

export class JobNotFoundError extends Error {
  override readonly name = 'JobNotFoundError';
}

/** Badge definitions and the job's badges, with pending outbox changes applied (last write wins). */
export function badgeStates(
  job: Job,
  names: Map<string, string> | null,
  entries: readonly OutboxEntry[],
): JobDetail['badges'] {
  const wanted = new Map<string, boolean>();
  for (const e of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (e.kind === 'badge-add') wanted.set(e.payload.badgeUuid, true);
    if (e.kind === 'badge-remove') wanted.set(e.payload.badgeUuid, false);
  }
  const defs: Array<[string, string]> = names ? [...names] : job.badges.map((u) => [u, 'Unnamed badge']);
  return defs.map(([uuid, name]) => ({
    uuid,
    name,
    on: wanted.get(uuid) ?? job.badges.includes(uuid),
    pending: wanted.has(uuid),
  }));
}

export function createJobDetailService(ctx: FieldContext) {
  /** The job as the platform holds it now, and the person's visit of `today` (null with an API key: whose?). */
  async function read(uuid: Uuid, today: string): Promise<{ answer: JobAnswer; platform: PlatformVisit | null }> {
    const client = await ctx.client();
    const s = await ctx.key();
    const job = await client.jobs.get(uuid).catch((e) => {
      throw e instanceof Error && e.name === 'NotFoundError'
        ? new JobNotFoundError('This job does not exist or is not visible to you')
        : e;
    });
    const company = job.company_uuid ? ((await ctx.companies([job.company_uuid])).get(job.company_uuid) ?? null) : null;
    const contacts = company && ctx.can(s, 'read_customer_contacts') ? await ctx.contactsOf(company.uuid) : [];
    const jobContacts = ctx.can(s, 'read_job_contacts') ? await ctx.jobContactsOf(uuid) : [];
    const schedule = ctx.can(s, 'read_schedule');
    const [activities, allocations] = schedule
      ? await Promise.all([ctx.activitiesOf(uuid), ctx.allocationsOf(uuid)])
      : [null, null];
    let notes: NoteView[] = [];
    let noteRecords: Note[] | null = null;
    const notesRead = ctx.can(s, 'read_job_notes');
    if (notesRead) {
      const staff = await ctx.staffNames();
      noteRecords = (await client.notes.ofJob(uuid)).records.filter((n) => n.active);
      notes = noteRecords.map((n) => sentNote(n, staff));
    }
    const visits = activities?.filter((a) => a.activity_was_scheduled) ?? null;
    const answer = { job, company, contacts, jobContacts, notes, notesRead, visits, allocations };
    const platform =
      s.staffUuid === 'all'
        ? null
        : platformVisit({ notes: noteRecords, activities, staff: s.staffUuid, jobUuid: uuid, today });
    return { answer, platform };
  }

  /** The job's photos and files; offline (or the platform failing), this device's own waiting ones. */
  async function attachmentsOf(uuid: string, entries: readonly OutboxEntry[], offline: boolean) {
    const sources = {
      store: await ctx.store(),
      entries,
      staffNames: await ctx.staffNames().catch(() => new Map<string, string>()),
      author: await ctx.staffName(),
      now: ctx.now(),
    };
    const none = async () => [];
    if (offline) return attachmentViews(uuid, { ...sources, read: none });
    try {
      return await attachmentViews(uuid, { ...sources, read: (fresh) => ctx.attachmentsOf(uuid, fresh) });
    } catch (error) {
      if (!isOffline(error)) throw error;
      return attachmentViews(uuid, { ...sources, read: none });
    }
  }

  return {
    async get(uuid: Uuid): Promise<JobDetail> {
      const s = await ctx.key();
      const store = await ctx.store();
      let answer: JobAnswer | undefined;
      /** The person's visit as the platform holds it: read now, else as it was at the last read. */
      let platform: PlatformVisit | null | undefined;
      let offline = false;
      let why: KeptBecause | undefined;
      const { timeZone, region } = await ctx.facts();
      const today = accountNow(timeZone, ctx.now()).slice(0, 10);
      try {
        const fresh = await read(uuid, today);
        answer = fresh.answer;
        await store.put(jobAnswerKey(uuid), answer, ctx.now());
        platform = fresh.platform;
        if (platform) await store.put(platformVisitKey(uuid), platform, ctx.now());
      } catch (error) {
        if (!isOffline(error)) throw error;
        offline = true;
        why = keptBecause(error);
        answer = (await store.get<JobAnswer>(jobAnswerKey(uuid)))?.value;
        if (!answer) {
          const cached = (await ctx.jobs([uuid]).catch(() => new Map<string, Job>())).get(uuid);
          if (!cached) throw new JobNotFoundError('Offline, and this job is not in the offline cache');
          const company = cached.company_uuid
            ? ((await (await ctx.workspace.cache()).getCompany(cached.company_uuid)) ?? null)
            : null;
          answer = { job: cached, company, contacts: [], notes: [], notesRead: false };
        }
      }
      const entries = await (await ctx.workspace.outbox()).pending(uuid);
      const names = await ctx.badgeNames().catch(() => null);
      const staff =
        answer.visits || answer.allocations ? await ctx.staffNames().catch(() => new Map<string, string>()) : null;
      const nameOf = (uuid: string | null) => (uuid && staff?.get(uuid)) || null;
      const summary = jobSummary(answer.job, answer.company ?? undefined, names, entries.length);
      // What was written here, over what the platform held at the last read (steps taken elsewhere).
      const log = withPlatformVisit(
        (await store.get<VisitLog>(visitLogKey(uuid)))?.value ?? null,
        platform !== undefined ? platform : ((await store.get<PlatformVisit>(platformVisitKey(uuid)))?.value ?? null),
        today,
      );
      const attachments = ctx.can(s, 'read_attachments') ? await attachmentsOf(uuid, entries, offline) : null;
      const listed = detailContacts(answer.jobContacts ?? [], answer.contacts);
      const offer = textOffer({
        contacts: listed,
        region,
        staffName: await ctx.staffName(),
        // An API key is a private application's: the platform lets only public ones text.
        allowed: s.mode === 'oauth' && ctx.can(s, 'publish_sms'),
        declined: await textsDeclined(store),
        canAct: s.staffUuid !== 'all',
      });
      await keepOffer(store, uuid, offer, ctx.now());
      return {
        job: {
          ...summary,
          badges: badgeStates(answer.job, names, entries)
            .filter((b) => b.on)
            .map((b) => b.name),
          description: answer.job.job_description,
          workDone: answer.job.work_done_description,
          date: answer.job.date,
        },
        company: answer.company ? { name: answer.company.name, address: answer.company.address } : null,
        contacts: listed.map(({ phone, mobile, ...c }) => ({
          ...c,
          phones: [mobile, phone].flatMap((n) => phoneView(n, region) ?? []),
        })),
        visits: answer.visits
          ? [...answer.visits]
              .sort((a, b) => (a.start_date ?? '').localeCompare(b.start_date ?? ''))
              .flatMap((v) =>
                v.start_date ? [{ start: v.start_date, end: v.end_date, staff: nameOf(v.staff_uuid) }] : [],
              )
          : null,
        allocatedTo: answer.allocations
          ? [...new Set(answer.allocations.flatMap((a) => nameOf(a.staff_uuid) ?? []))]
          : null,
        timeZone,
        badges: badgeStates(answer.job, names, entries),
        notes: mergeNotes(answer.notes, entries, await ctx.staffName()),
        web: jobWebLink(await ctx.webApp(), uuid),
        can: {
          readNotes: answer.notesRead ?? ctx.can(s, 'read_job_notes'),
          addNote: ctx.can(s, 'publish_job_notes'),
          manageBadges: ctx.can(s, 'manage_badges', 'manage_jobs'),
          recordVisits: ctx.can(s, 'manage_schedule', 'manage_jobs'),
          attach: ctx.can(s, 'read_attachments', 'manage_attachments'),
        },
        visit: visitView(
          log,
          today,
          answer.job.status,
          entries,
          s.staffUuid !== 'all',
          scheduledForThem(answer.visits, answer.allocations, s.staffUuid),
        ),
        textOffer: offer,
        attachments,
        offline,
        ...(why ? { keptBecause: why } : {}),
      };
    },
  };
}

export type JobDetailService = ReturnType<typeof createJobDetailService>;
