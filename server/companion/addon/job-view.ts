import { toUuid, type Uuid } from '../../../contracts/uuid';
import { z } from 'zod';
import type { AccountTokenKeeper } from './account-tokens';
import { BadgeSchema, badgeUuidsOf, JobSchema, NoteSchema, StaffSchema, type Note } from './job-records';
import type { Failure, PlatformCall, PlatformReads, Result } from './platform-reads';
import { activitiesOf, visitState, type VisitState } from './visit-records';

// What the panel shows for one job, read as the signed staff member, all at once: the job, its notes, the
// account's badge names and its staff's names (who wrote each note, and the name a pairing carries).

/** Notes shown in the panel, newest first: enough for the latest visits, few enough to read on a phone. */
export const NOTES_SHOWN = 8;
/** Pages of a job's notes read at most (a job has a handful; this bounds a platform that ignored the filter). */
const NOTE_PAGES = 5;

export interface NoteView {
  uuid: string;
  text: string;
  author: string;
  /** As the account's clock has it (the platform's local time): "24 Nov 2026, 14:05". */
  when: string;
}

export interface JobView {
  number: string;
  status: string;
  address: string;
  description: string;
  /** Names of the job's badges; null when the account's activation does not allow reading them. */
  badges: string[] | null;
  notes: NoteView[];
  /** The signed staff member's name, as the platform has it. */
  staffName: string;
  /** The signed staff member's security role (its uuid), when the platform says. */
  staffRole: string | null;
  /** Their visit today, as the platform holds it. */
  visit: VisitState;
}

export type PanelProblem = 'not_activated' | 'revoked' | Exclude<Failure, 'refused'>;
export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: PanelProblem };

/** A write's step: its outcome, or 'refused' (the platform said no to the staff member: the caller says so in words). */
export type WriteStep<T> = Outcome<T> | 'refused';

/** A platform call that did not give what the step needs, as the step's outcome. */
export const failedStep = <T>(r: Result<unknown>): WriteStep<T> =>
  r.ok
    ? { ok: false, problem: 'unavailable' }
    : r.failure === 'refused'
      ? 'refused'
      : { ok: false, problem: r.failure };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-24 14:05:09" → "24 Nov 2026, 14:05"; a blank or odd date → "". */
export function spokenDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  if (!m || m[1] === '0000') return '';
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}, ${m[4]}:${m[5]}`;
}

export const nameOf = (s: { first: string; last: string } | undefined): string =>
  s ? `${s.first} ${s.last}`.trim() : '';

/** Runs `work` with the account's access token; once more with a refreshed one if the platform refused it. */
export async function withAccountToken<T>(
  tokens: AccountTokenKeeper,
  account: string,
  work: (accessToken: string) => Promise<Outcome<T> | 'refused'>,
): Promise<Outcome<T>> {
  let lookup = await tokens.current(account);
  for (let attempt = 0; ; attempt++) {
    if (lookup.kind !== 'tokens') return { ok: false, problem: lookup.kind };
    const outcome = await work(lookup.accessToken);
    if (outcome !== 'refused') return outcome;
    if (attempt > 0) return { ok: false, problem: 'revoked' };
    lookup = await tokens.refused(account, lookup.accessToken);
  }
}

/** The first failure of several answers read together, 'refused' before any other (a refresh may cure it). */
export function firstFailure(results: readonly Result<unknown>[]): Failure | undefined {
  const failures = results.flatMap((r) => (r.ok ? [] : [r.failure]));
  return failures.includes('refused') ? 'refused' : failures[0];
}

export async function notesOf(reads: PlatformReads, call: PlatformCall, jobUuid: Uuid): Promise<Result<Note[]>> {
  const filter = encodeURIComponent(`related_object eq 'job' and related_object_uuid eq '${jobUuid}'`);
  const notes: Note[] = [];
  let cursor = '-1';
  let headers = new Headers();
  for (let page = 0; page < NOTE_PAGES; page++) {
    const answer = await reads.get(
      call,
      `note.json?%24filter=${filter}&cursor=${encodeURIComponent(cursor)}`,
      z.array(NoteSchema),
    );
    if (!answer.ok) return answer;
    headers = answer.headers;
    notes.push(...answer.value);
    const next = answer.headers.get('x-next-cursor');
    if (!next) break;
    cursor = next;
  }
  // The filter is checked again here: a platform that ignored it would answer every note of the account.
  const mine = notes.filter((n) => n.active && n.related_object === 'job' && n.related_object_uuid === jobUuid);
  return { ok: true, value: mine, headers };
}

const lacking = (r: Result<unknown>) => !r.ok && (r.failure === 'not_visible' || r.failure === 'missing_scope');

/** The panel's job, read as the signed staff member; `now` is the account's clock (its day is "today"). */
export async function readJobView(
  reads: PlatformReads,
  call: PlatformCall,
  jobUuid: Uuid,
  now: string,
): Promise<Outcome<JobView> | 'refused'> {
  const [job, notes, badges, staff, activities] = await Promise.all([
    reads.get(call, `job/${jobUuid}.json`, JobSchema),
    notesOf(reads, call, jobUuid),
    reads.get(call, 'badge.json', z.array(BadgeSchema)),
    reads.get(call, 'staff.json', z.array(StaffSchema)),
    activitiesOf(reads, call, jobUuid),
  ]);
  // Badge names and time on site need scopes older activations may lack: the panel goes on without them.
  const failure = firstFailure([job, notes, staff, ...[badges, activities].filter((r) => !lacking(r))]);
  if (failure === 'refused') return 'refused';
  if (failure) return { ok: false, problem: failure };
  if (!job.ok || !notes.ok || !staff.ok) return { ok: false, problem: 'unavailable' };
  if (!job.value.active) return { ok: false, problem: 'not_visible' };
  const people = new Map(staff.value.map((s) => [s.uuid, s]));
  const badgeNames = badges.ok ? new Map(badges.value.map((b) => [b.uuid, b.name])) : undefined;
  return {
    ok: true,
    value: {
      number: job.value.generated_job_id,
      status: job.value.status,
      address: job.value.job_address,
      description: job.value.job_description,
      badges: badgeNames ? badgeUuidsOf(job.value).flatMap((u) => badgeNames.get(toUuid(u)) ?? []) : null,
      notes: notes.value
        .sort((a, b) =>
          a.create_date === b.create_date ? a.uuid.localeCompare(b.uuid) : a.create_date < b.create_date ? 1 : -1,
        )
        .slice(0, NOTES_SHOWN)
        .map((n) => noteView(n, people)),
      staffName: nameOf(people.get(call.staff)),
      staffRole: roleOf(people.get(call.staff)),
      visit: visitState({
        activities: activities.ok ? activities.value : [],
        notes: notes.value,
        status: job.value.status,
        staff: call.staff,
        jobUuid,
        today: now.slice(0, 10),
      }),
    },
  };
}

function roleOf(person: Record<string, unknown> | undefined): string | null {
  const role = person?.security_role_uuid;
  return typeof role === 'string' && role ? role : null;
}

export function noteView(n: Note, people: ReadonlyMap<string, { first: string; last: string }>): NoteView {
  return {
    uuid: n.uuid,
    text: n.note,
    author: (n.edit_by_staff_uuid && nameOf(people.get(n.edit_by_staff_uuid))) || 'A former staff member',
    when: spokenDate(n.create_date),
  };
}
