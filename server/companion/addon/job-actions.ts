import {
  COMPLETED_BY_OTHER,
  COMPLETED_STATUS,
  completedByOther,
  ON_MY_WAY_NOTE,
  reopenedAs,
  type JobStatus,
} from '../../../contracts/job-actions';
import { toUuid, type Uuid } from '../../../contracts/uuid';
import type { AccountClock } from './account-clock';
import type { AccountTokenKeeper } from './account-tokens';
import { writeNote } from './add-note';
import { JobActionArgsSchema, type JobActionAnswer, type JobActionArgs } from './job-action-answer';
import { JobSchema } from './job-records';
import {
  failedStep,
  firstFailure,
  notesOf,
  withAccountToken,
  type NoteView,
  type PanelProblem,
  type WriteStep,
} from './job-view';
import type { PlatformCall, PlatformReads, Result } from './platform-reads';
import { PROBLEM_WORDS } from './panel/problem-page';
import { isOpen, isTimeOnSite, leavingAt } from '../../../contracts/visit-on-platform';
import { ActivitySchema, activitiesOf, visitState, type VisitState } from './visit-records';

// The follow-up `fieldside_job_action`: "On my way", "Arrived", "Done", completing the job and undoing that, each
// written with the account's tokens as the SIGNED staff member (x-impersonate-uuid), whatever the args say, the way
// the side panel's outbox writes them (contracts/job-actions.ts): a note; a recorded job activity as them, from
// arrival to leaving; the job's status. Each is safe to send twice: the note and the activity carry a uuid chosen in
// the window and are read by it before they are created; "Done" moves the end only of an activity still open; the
// status is set to complete only when it is not yet, and put back only while it is and no one else completed it.
// The answer is the visit as the platform then holds it; completing it also says the status it had, for "Undo".

const ACTION_WORDS: Partial<Record<PanelProblem, string>> = {
  not_visible:
    'The platform does not let you change this job. If it should be yours, ask the office to assign it to you.',
  unavailable: 'The platform could not be reached, so this is not saved yet. Try again in a moment.',
  busy: 'The platform is busy, so this is not saved yet. Try again in a minute.',
  rejected: 'The platform did not accept this. Try again, or tell the office if it keeps happening.',
};
const ARRIVE_FIRST = 'Press “Arrived” when you get there first.';
const NOT_YOURS = 'Fieldside could not save this. Close this window and open Fieldside from the job card again.';
const UNDO_REFUSED = `${COMPLETED_BY_OTHER} Ask the office whether it should be open again.`;

type Step = WriteStep<JobActionAnswer>;
const failed = (r: Result<unknown>): Step => failedStep<JobActionAnswer>(r);
/** A press refused in words; with `visit` when it was decided against, so the panel shows the visit as it stands. */
const words = (message: string, visit?: VisitState): Step => ({
  ok: true,
  value: visit ? { ok: false, message, visit } : { ok: false, message },
});

export interface JobActionDeps {
  reads: PlatformReads;
  tokens: AccountTokenKeeper;
  clock: AccountClock;
}

/** The visit as the platform holds it now: the job's status, their notes of today and their time on site. */
async function readVisit(
  reads: PlatformReads,
  call: PlatformCall,
  jobUuid: Uuid,
  now: string,
): Promise<WriteStep<{ visit: VisitState; status: string; completedBy: string }>> {
  const [job, notes, activities] = await Promise.all([
    reads.get(call, `job/${jobUuid}.json`, JobSchema),
    notesOf(reads, call, jobUuid),
    activitiesOf(reads, call, jobUuid),
  ]);
  const failure = firstFailure([job, notes, activities]);
  if (failure === 'refused') return 'refused';
  if (failure || !job.ok || !notes.ok || !activities.ok) return { ok: false, problem: failure ?? 'unavailable' };
  const state = { notes: notes.value, activities: activities.value, staff: call.staff, jobUuid };
  const status = job.value.status;
  const visit = visitState({ ...state, status, today: now.slice(0, 10) });
  return { ok: true, value: { visit, status, completedBy: job.value.completion_actioned_by_uuid } };
}

async function perform(reads: PlatformReads, call: PlatformCall, args: JobActionArgs, now: string): Promise<Step> {
  const jobUuid = args.jobUUID;
  const visit = async (extra: { note?: NoteView; reopenAs?: JobStatus } = {}): Promise<Step> => {
    const read = await readVisit(reads, call, jobUuid, now);
    if (read === 'refused' || !read.ok) return read;
    return { ok: true, value: { ok: true, visit: read.value.visit, status: read.value.status, ...extra } };
  };
  const read = await readVisit(reads, call, jobUuid, now);
  if (read === 'refused' || !read.ok) return read;
  const before = read.value.visit;
  const onSite = before.arrivedAt !== '' && before.leftAt === '';

  if (args.action === 'on-my-way') {
    if (before.onTheWayAt || onSite) return visit();
    const written = await writeNote(reads, call, { jobUUID: jobUuid, uuid: args.uuid, note: ON_MY_WAY_NOTE });
    if (written === 'refused' || !written.ok) return written;
    if (!written.value.ok) return words(written.value.message);
    return visit({ note: written.value.note });
  }
  if (args.action === 'complete') {
    // Completed already (the answer to this press was lost, or someone else): no "Undo" of what this did not do.
    if (before.completed) return visit();
    const set = await reads.post(call, `job/${jobUuid}.json`, { status: COMPLETED_STATUS });
    return set.ok ? visit({ reopenAs: reopenedAs(read.value.status) }) : failed(set);
  }
  if (args.action === 'reopen') {
    // Reopened already (this undo again, or the office): nothing to put back. Reopened and completed again by
    // someone else (the office): their decision stands, and the answer carries the visit so the window drops its
    // Undo. A platform that names no one leaves the undo as pressed.
    if (!before.completed) return visit();
    if (completedByOther(read.value.completedBy, call.staff)) return words(UNDO_REFUSED, before);
    const set = await reads.post(call, `job/${jobUuid}.json`, { status: reopenedAs(args.reopenAs) });
    return set.ok ? visit() : failed(set);
  }

  const existing = await reads.get(call, `jobactivity/${args.uuid}.json`, ActivitySchema);
  if (!existing.ok && existing.failure !== 'not_visible') return failed(existing);
  const activity = existing.ok ? existing.value : undefined;
  if (activity && !isTimeOnSite(activity, call.staff, jobUuid)) return words(NOT_YOURS);
  if (args.action === 'arrived') {
    if (activity || onSite) return visit();
    const created = await reads.post(call, 'jobactivity.json', {
      uuid: args.uuid,
      job_uuid: jobUuid,
      staff_uuid: call.staff,
      start_date: now,
      end_date: now,
      activity_was_scheduled: '0',
      activity_was_recorded: '1',
    });
    return created.ok ? visit() : failed(created);
  }
  // Done: the end of the activity its arrival recorded, once, and after its start (leavingAt).
  if (!activity) return words(ARRIVE_FIRST);
  if (!isOpen(activity)) return visit();
  const ended = await reads.post(call, `jobactivity/${args.uuid}.json`, {
    end_date: leavingAt(activity.start_date ?? now, now),
  });
  return ended.ok ? visit() : failed(ended);
}

/**
 * Takes the panel's job actions. Two copies of one follow-up arriving at once (the same action and uuid) share one
 * write in this process, so even they cannot both find the record absent and both create it.
 */
export function createJobActions(deps: JobActionDeps) {
  const inFlight = new Map<string, Promise<JobActionAnswer>>();

  async function run(account: string, staff: Uuid, args: JobActionArgs): Promise<JobActionAnswer> {
    const outcome = await withAccountToken(deps.tokens, account, async (accessToken) => {
      const call = { accessToken, staff };
      return perform(deps.reads, call, args, await deps.clock.now(account, call));
    });
    if (outcome.ok) return outcome.value;
    return { ok: false, message: ACTION_WORDS[outcome.problem] ?? PROBLEM_WORDS[outcome.problem] };
  }

  return {
    /** The follow-up's answer, for the panel: the visit as the platform holds it, or why not in words. */
    act(account: string, staff: Uuid, args: unknown): Promise<JobActionAnswer> {
      const parsed = JobActionArgsSchema.safeParse(args);
      if (!parsed.success)
        return Promise.resolve({
          ok: false,
          message:
            'Fieldside could not tell what to save. Close this window and open Fieldside from the job card again.',
        });
      const key = `${toUuid(account)}/${parsed.data.action}/${parsed.data.uuid}`;
      let running = inFlight.get(key);
      if (!running) {
        running = run(account, staff, parsed.data).finally(() => inFlight.delete(key));
        inFlight.set(key, running);
      }
      return running;
    },
  };
}

export type JobActions = ReturnType<typeof createJobActions>;
