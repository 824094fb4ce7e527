// Runs the outbox sender for the current workspace: started with the worker, flushed when the
// network comes back, woken by an alarm for long backoffs (a stopped worker forgets its timers but not
// its alarms), and after each sent write re-reads the job into the cache so badges show the truth (and a new job's new
// customer, so the next call from their number finds them).
import type { Company, CompanyContact, Job } from '../api/schemas';
import type { MadeCustomers } from '../cache/sync/customer-sync';
import type { OutboxClient, TokenView } from './apply';
import type { Outbox } from './outbox';
import type { OutboxEntry } from './types';
import { createOutboxSender, type OutboxSender, type SetTimer } from './sender';
import type { LiveHub } from '../messaging/live-hub';
import type { FileSource } from './files';
import { KINDS } from './kinds';
import type { Uuid } from '../../contracts/uuid';

/** A wake-up that outlives the service worker (browser.alarms in the background). */
export interface WakeAlarm {
  set(at: number): void;
  clear(): void;
}

/** Reading back what was sent: the job, and the customer made with it. */
interface ReadBack {
  jobs: { get(uuid: string): Promise<Job> };
  companies: { get(uuid: string): Promise<Company> };
  companyContacts: { get(uuid: string): Promise<CompanyContact> };
}

/** What the runner needs of the current workspace (lib/workspace's, given as it is). */
export interface OutboxWorkspace {
  /** Null when signed out (or before "who are you"): nothing to send for. */
  key(): Promise<unknown>;
  outbox(): Promise<Outbox>;
  /** The real platform client fits: the sender's slice, and reading back a job and the customer made with it. */
  client(): Promise<OutboxClient & ReadBack>;
  /** The same connection without impersonation; undefined when the client does not impersonate. */
  tokenViewClient?(): Promise<TokenView | undefined>;
  upsertJobs(jobs: readonly Job[], made?: MadeCustomers): Promise<void>;
}

export interface OutboxRunnerDeps {
  workspace: OutboxWorkspace;
  live: LiveHub;
  alarm: WakeAlarm;
  /** Waits shorter than this use a plain timer only (alarms fire no sooner than ~30 s). */
  alarmThresholdMs?: number;
  /** Told the number of waiting writes after every change (the toolbar badge). */
  onCount?: (pending: number) => void;
  now?: () => number;
  /** Coalesces bursts (200 notes sent one after another) into one re-read and one count. */
  settleMs?: number;
  /** The files attachments send (files.ts). */
  files?: FileSource;
  /** A write the platform now has: the uuid of what it made (lib/notifications: the person's own doing). */
  onSent?: (entry: OutboxEntry) => void;
  /** The browser knows the job is not deleted without reading it (sender.ts). */
  knownLive?: (jobUuid: string) => Promise<boolean>;
}

/** How often a large upload's progress is told to the pages. */
const PROGRESS_EVERY_MS = 250;

interface Attached {
  outbox: Outbox;
  sender: OutboxSender;
  unsubscribe: () => void;
}

export function createOutboxRunner(deps: OutboxRunnerDeps) {
  const now = deps.now ?? Date.now;
  const threshold = deps.alarmThresholdMs ?? 20_000;
  const settleMs = deps.settleMs ?? 250;
  let attached: Attached | undefined;
  let attaching: Promise<Attached | undefined> | undefined;
  const reread = new Set<Uuid>();
  /** Jobs that had a note sent: their pages reload the notes (the account's budget is shared: no re-read). */
  const noted = new Set<Uuid>();
  /** New jobs sent with a new customer: the customer (and their contact) is read back with the job. */
  const madeWith = new Map<Uuid, { company: string; contact: string | null }>();
  let settleTimer: ReturnType<typeof setTimeout> | undefined;

  const setTimer: SetTimer = (delayMs, fn) => {
    const id = setTimeout(fn, delayMs);
    if (delayMs > threshold) deps.alarm.set(now() + delayMs);
    return () => {
      clearTimeout(id);
      if (delayMs > threshold) deps.alarm.clear();
    };
  };

  let toldAt = 0;
  /** A large upload's progress, to the pages that show its job: a few times a second, and when it is all out. */
  function progress(entry: { jobUuid: string; clientUuid: string }, sent: number, total: number): void {
    const at = now();
    if (sent < total && at - toldAt < PROGRESS_EVERY_MS) return;
    toldAt = at;
    deps.live.broadcast({ type: 'outbox.progress', jobUuid: entry.jobUuid, clientUuid: entry.clientUuid, sent, total });
  }

  /** After a burst of changes: one count for the badge and the pages, one re-read per job sent. */
  function settleSoon(): void {
    if (settleTimer) return;
    settleTimer = setTimeout(() => {
      settleTimer = undefined;
      void settle();
    }, settleMs);
  }

  async function settle(): Promise<void> {
    const a = attached;
    if (!a) return;
    const pending = await a.outbox.count().catch(() => undefined);
    if (pending !== undefined) {
      deps.onCount?.(pending);
      deps.live.broadcast({ type: 'outbox.changed', pendingWrites: pending });
    }
    // A job is re-read once its queue is drained, not after each of 200 notes: the rate limit is shared.
    const drained = async (from: Set<Uuid>) => {
      const out: Uuid[] = [];
      for (const uuid of from) {
        if ((await a.outbox.pending(uuid).catch(() => [])).length > 0) continue;
        from.delete(uuid);
        out.push(uuid);
      }
      return out;
    };
    const jobs = await drained(reread);
    const toldOnly = (await drained(noted)).filter((uuid) => !jobs.includes(uuid));
    if (toldOnly.length > 0) deps.live.broadcast({ type: 'jobs.changed', uuids: toldOnly });
    if (jobs.length === 0) return;
    try {
      const client = await deps.workspace.client();
      const fresh = (await Promise.all(jobs.map((uuid) => client.jobs.get(uuid).catch(() => undefined)))).filter(
        (j): j is Job => j !== undefined,
      );
      // A job this person is not shown (a technician's new job) is left to the syncs, with its customer.
      for (const uuid of jobs) if (!fresh.some((j) => j.uuid === uuid)) madeWith.delete(uuid);
      await deps.workspace.upsertJobs(fresh, await madeCustomers(client, fresh));
    } catch (error) {
      // The next sync brings the same truth; the write itself is already on the platform.
      console.warn('Fieldside: could not re-read jobs after sending', error);
    }
  }

  /** The customers made with these jobs, as the platform now has them; one it does not show this person is left to
   * the syncs (as is their contact, when the person may not read contacts). */
  async function madeCustomers(client: ReadBack, jobs: readonly Job[]): Promise<MadeCustomers> {
    const companies: Company[] = [];
    const contacts: CompanyContact[] = [];
    for (const { uuid } of jobs) {
      const made = madeWith.get(uuid);
      if (!made) continue;
      madeWith.delete(uuid);
      const [company, contact] = await Promise.all([
        client.companies.get(made.company).catch(() => undefined),
        made.contact === null ? undefined : client.companyContacts.get(made.contact).catch(() => undefined),
      ]);
      if (company) companies.push(company);
      if (contact) contacts.push(contact);
    }
    return { companies, contacts };
  }

  function detach(): void {
    attached?.sender.stop();
    attached?.unsubscribe();
    attached = undefined;
    deps.alarm.clear();
  }

  /** The sender of the current scope's outbox; a new one when the scope changed; none when signed out. */
  async function ensure(): Promise<Attached | undefined> {
    const scope = await deps.workspace.key();
    if (!scope) {
      detach();
      return undefined;
    }
    const outbox = await deps.workspace.outbox();
    if (attached?.outbox === outbox) return attached;
    attaching ??= (async () => {
      detach();
      const client = await deps.workspace.client();
      const tokenView = await deps.workspace.tokenViewClient?.();
      const sender = createOutboxSender({
        outbox,
        client,
        ...(tokenView ? { tokenView } : {}),
        setTimer,
        ...(deps.files ? { files: deps.files } : {}),
        ...(deps.knownLive ? { knownLive: deps.knownLive } : {}),
        onProgress: progress,
      });
      const unsubscribe = outbox.subscribe((change) => {
        // A sent note changes no field of its job: pages are told, nothing is read. A badge or status write does.
        if (change.type === 'removed' && change.sent) deps.onSent?.(change.entry);
        if (change.type === 'removed' && change.sent) {
          (KINDS[change.entry.kind].afterSent === 'notify' ? noted : reread).add(change.entry.jobUuid);
          const company = change.entry.kind === 'job-create' ? change.entry.payload.company : null;
          if (company?.isNew)
            madeWith.set(change.entry.jobUuid, { company: company.uuid, contact: company.contact?.uuid ?? null });
        }
        settleSoon();
      });
      attached = { outbox, sender, unsubscribe };
      return attached;
    })().finally(() => (attaching = undefined));
    return attaching;
  }

  return {
    /** Worker start-up, an alarm, a session change: attach to the current outbox and send what is due. */
    async resume(): Promise<void> {
      const a = await ensure();
      if (!a) return;
      settleSoon();
      await a.sender.start();
    },
    /** The network is back (or the person asked): send everything now, backoff or not. */
    async flush(): Promise<void> {
      const a = await ensure();
      if (a) await a.sender.flush();
    },
    async retry(seq: number): Promise<void> {
      const a = await ensure();
      if (a) await a.sender.retry(seq);
    },
    async discard(seq: number): Promise<boolean> {
      const a = await ensure();
      const gone = await a?.outbox.discard(seq);
      // A photo given up is not kept on the device either.
      if (gone?.kind === 'attachment') await deps.files?.delete(gone.clientUuid);
      return gone !== undefined;
    },
    async count(): Promise<number> {
      const a = await ensure().catch(() => undefined);
      return a ? a.outbox.count() : 0;
    },
    stop: detach,
  };
}

export type OutboxRunner = ReturnType<typeof createOutboxRunner>;
