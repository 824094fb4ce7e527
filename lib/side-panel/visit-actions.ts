// Acting on a job: "On my way", "Arrived", "Done", completing it, and attaching a photo or file. Each is saved in
// the outbox at once (also offline) and sent in order, once. What the person did on their visit today is kept in
// the answer store beside it (the visit log), so the side panel knows the step they are at while the writes wait;
// the steps they took elsewhere (the job card's panel, another browser) come from the platform (visit-log.ts).
import { COMPLETED_STATUS, ON_MY_WAY_NOTE, reopenedAs } from '../../contracts/job-actions';
import { localTimestamp } from '../api/local-time';
import { knownZone, todayIn } from '../locale/days';
import type { AttachmentView, JobAction, VisitCommand, VisitView } from '../messaging/job-views';
import type { FileSource } from '../outbox/files';
import type { OutboxRunner } from '../outbox/runner';
import type { OutboxEntry } from '../outbox/types';
import { NoStaffMemberError, type FieldContext } from './field-context';
import { jobAnswerKey } from './answer-store';
import { rememberAttachment } from './job-attachments';
import { declineTexts, queueText, textState } from './visit-text';
import { toUuid, type Uuid } from '../../contracts/uuid';
import { leavingAt } from '../../contracts/visit-on-platform';
import { platformVisitKey, visitLogKey, withPlatformVisit, type PlatformVisit, type VisitLog } from './visit-log';

export { ON_MY_WAY_NOTE };

export class VisitStepError extends Error {
  override readonly name = 'VisitStepError';
}

/** Now as the account writes it (`YYYY-MM-DD HH:MM:SS`); the device's clock where the zone is not known. */
export function accountNow(timeZone: string | null, now: number): string {
  if (knownZone(timeZone)) return localTimestamp(now, timeZone);
  const d = new Date(now);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${todayIn(null, now)} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

const STEP_OF: Partial<Record<OutboxEntry['kind'], JobAction>> = {
  'activity-start': 'arrived',
  'activity-end': 'done',
  status: 'complete',
  text: 'on-my-way',
};

/** The job's schedule shows the person on it (a visit or an allocation of theirs), or was not read at all (null). */
export function scheduledForThem(
  visits: readonly { staff_uuid: string | null }[] | null | undefined,
  allocations: readonly { staff_uuid: string | null }[] | null | undefined,
  staffUuid: string,
): boolean {
  if (!visits && !allocations) return true;
  const theirs = (r: { staff_uuid: string | null }) => r.staff_uuid?.toLowerCase() === staffUuid.toLowerCase();
  return (visits ?? []).some(theirs) || (allocations ?? []).some(theirs);
}

/** The visit as pages show it: the log of today, the job's status, and the writes still waiting or refused. */
export function visitView(
  log: VisitLog | null,
  today: string,
  status: string,
  entries: readonly OutboxEntry[],
  canAct: boolean,
  /** The schedule shows the person on the job, or was not read. */
  scheduledForThem: boolean,
): VisitView {
  const current = log?.date === today ? log : null;
  const pending: JobAction[] = [];
  const problems: VisitView['problems'] = [];
  /** The status the job will have once what waits is sent: the last status change waiting (an undo, perhaps). */
  let willBe = status;
  for (const entry of entries) {
    if (entry.kind === 'status' && entry.state !== 'failed-permanent') willBe = entry.payload.status;
    const step =
      entry.kind === 'note' ? (entry.clientUuid === log?.onTheWayNote ? 'on-my-way' : undefined) : STEP_OF[entry.kind];
    if (!step) continue;
    if (entry.state === 'failed-permanent' && entry.lastError)
      problems.push({ step, message: entry.lastError.message, action: entry.lastError.action, seq: entry.seq });
    else if (!pending.includes(step)) pending.push(step);
  }
  const stepTaken = !!(current?.onTheWayAt || current?.arrivedAt || current?.leftAt);
  return {
    canAct,
    onJob: scheduledForThem || stepTaken || pending.length > 0 || problems.length > 0,
    onTheWayAt: current?.onTheWayAt ?? null,
    arrivedAt: current?.arrivedAt ?? null,
    leftAt: current?.leftAt ?? null,
    completed: willBe === COMPLETED_STATUS,
    completedAt: current?.completedAt ?? null,
    pending,
    problems,
    text: current ? textState(current.textedTo ?? null, entries) : null,
  };
}

export interface VisitActionsDeps {
  ctx: FieldContext;
  runner: Pick<OutboxRunner, 'resume'>;
  files: FileSource;
}

export function createVisitActions({ ctx, runner, files }: VisitActionsDeps) {
  async function staffInView(): Promise<string> {
    const key = await ctx.key();
    // An API key acts as the whole account: whose visit would it be?
    if (key.staffUuid === 'all') throw new NoStaffMemberError('Choose who you are first: a visit is someone’s');
    return key.staffUuid;
  }

  /** Today's log, with the steps the platform held when the job was last read (taken elsewhere, perhaps). */
  async function readLog(jobUuid: string, today: string): Promise<VisitLog> {
    const store = await ctx.store();
    const kept = (await store.get<VisitLog>(visitLogKey(jobUuid)))?.value ?? null;
    const platform = (await store.get<PlatformVisit>(platformVisitKey(jobUuid)))?.value ?? null;
    return withPlatformVisit(kept, platform, today);
  }

  /** The job's status as this device last read it: the side panel's kept read of the job, else the cache. Never the
   * network: saving a step does not wait on a bad signal on site. */
  async function statusHere(jobUuid: string): Promise<string | undefined> {
    const kept = await (await ctx.store()).get<{ job: { status: string } }>(jobAnswerKey(jobUuid));
    if (kept) return kept.value.job.status;
    const cache = await ctx.workspace.cache().catch(() => undefined);
    return (await cache?.getJob(jobUuid).catch(() => undefined))?.status;
  }

  const send = () => void runner.resume().catch((e) => console.warn('Fieldside: outbox', e));

  return {
    /** One step of the visit, saved at once; a step already taken is not written twice (a double click). "reopen":
     * "Mark the job complete" pressed here today by mistake, undone: the status it had before is written back, after
     * the completion in the job's queue (sent or not, the platform ends with the status before). */
    async act(jobUuid: Uuid, action: VisitCommand, text?: { message: string }): Promise<VisitView> {
      const staffUuid = await staffInView();
      const timeZone = await ctx.timeZone();
      const at = accountNow(timeZone, ctx.now());
      const today = at.slice(0, 10);
      const log = await readLog(jobUuid, today);
      const outbox = await ctx.workspace.outbox();
      const onSite = log.arrivedAt !== null && log.leftAt === null;
      if (action === 'on-my-way' && !log.onTheWayAt && !onSite) {
        const entry = await outbox.enqueue({ kind: 'note', jobUuid, payload: { note: ON_MY_WAY_NOTE } });
        Object.assign(log, { onTheWayAt: at, onTheWayNote: entry.clientUuid });
        // After the note, so the office reads "On my way" before the customer's phone buzzes.
        if (text) {
          const mayText = ctx.can(await ctx.key(), 'publish_sms');
          log.textedTo = await queueText(await ctx.store(), outbox, jobUuid, text.message, mayText);
        }
      } else if (action === 'arrived' && !onSite) {
        const activityUuid = crypto.randomUUID();
        await outbox.enqueue({
          kind: 'activity-start',
          jobUuid,
          clientUuid: activityUuid,
          payload: { staffUuid, start: at },
        });
        Object.assign(log, { activityUuid, arrivedAt: at, leftAt: null });
      } else if (action === 'done') {
        if (!onSite || !log.activityUuid) throw new VisitStepError('Press “Arrived” when you get there first');
        const end = leavingAt(log.arrivedAt ?? at, at);
        await outbox.enqueue({ kind: 'activity-end', jobUuid, payload: { activityUuid: log.activityUuid, end } });
        log.leftAt = end;
      } else if (action === 'complete' && !log.completedAt) {
        const before = await statusHere(jobUuid);
        await outbox.enqueue({ kind: 'status', jobUuid, payload: { status: COMPLETED_STATUS } });
        Object.assign(log, { completedAt: at, statusBefore: reopenedAs(before) });
      } else if (action === 'reopen' && log.completedAt) {
        const status = log.statusBefore ?? 'Work Order';
        await outbox.enqueue({ kind: 'status', jobUuid, payload: { status, undoesCompletionBy: toUuid(staffUuid) } });
        Object.assign(log, { completedAt: null, statusBefore: null });
      }
      await (await ctx.store()).put(visitLogKey(jobUuid), log, ctx.now());
      send();
      return visitView(log, today, '', await outbox.pending(jobUuid), true, true);
    },

    /** "No thanks" to texting customers from "On my way". */
    async declineTexts(): Promise<void> {
      await declineTexts(await ctx.store(), ctx.now());
    },

    /** A file a page kept in the files database: queued for the job as the person in view. */
    async attach(jobUuid: string, uuid: string): Promise<AttachmentView> {
      const staffUuid = await staffInView();
      const kept = await files.get(uuid);
      if (!kept) throw new VisitStepError('The file could not be kept on this device; choose it again');
      const dot = kept.name.lastIndexOf('.');
      const fileType = (dot > 0 ? kept.name.slice(dot) : extensionOf(kept.type)).toLowerCase();
      const outbox = await ctx.workspace.outbox();
      await outbox.enqueue({
        kind: 'attachment',
        jobUuid,
        clientUuid: uuid,
        payload: {
          name: kept.name.slice(0, 127),
          fileType: /^\.[a-z0-9]{1,10}$/.test(fileType) ? fileType : '.bin',
          contentType: kept.type.slice(0, 100),
          size: kept.size,
          staffUuid,
        },
      });
      await rememberAttachment(await ctx.store(), jobUuid, { uuid, name: kept.name, fileType }, ctx.now());
      send();
      return {
        uuid,
        name: kept.name,
        fileType,
        addedAt: null,
        author: await ctx.staffName(),
        state: 'pending',
        size: kept.size,
        problem: null,
      };
    },
  };
}

/** A pasted image has no name: its extension from its type. */
function extensionOf(type: string): string {
  const known: Record<string, string> = {
    'image/jpeg': '.jpg',
    'image/png': '.png',
    'image/webp': '.webp',
    'image/heic': '.heic',
    'image/gif': '.gif',
    'application/pdf': '.pdf',
  };
  return known[type] ?? '.bin';
}

export type VisitActions = ReturnType<typeof createVisitActions>;
