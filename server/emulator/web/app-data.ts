import type { Clock } from '../contracts';
import { BLANK_DATE } from '../data/time';
import type { Rec } from '../data/field-kinds';
import { JOB_INDEX } from '../data/seed-plan';
import type { Account, Store } from '../data/store';
import type { Person } from '../oauth/index';

/** Who is signed in to the web app, and what they may see: technicians and subcontractors only their jobs. */
export interface Viewer {
  account: Account;
  staffUuid: string;
  name: string;
  /** Undefined when the viewer sees every job; else whether they may see job i. */
  sees: ((jobIndex: number) => boolean) | undefined;
}

export interface JobRow {
  uuid: string;
  number: string;
  status: string;
  customer: string;
  address: string;
  date: string;
}

export interface JobView extends JobRow {
  description: string;
  badges: string[];
  contacts: Rec[];
  visits: Array<{ start: string; end: string; staff: string; recorded: boolean }>;
  allocations: Array<{ staff: string; date: string }>;
  notes: Array<{ text: string; author: string; date: string }>;
}

export interface BoardColumn {
  staffUuid: string;
  name: string;
  color: string;
  visits: Array<JobRow & { start: string; end: string }>;
  unscheduled: JobRow[];
}

export const PER_PAGE = 50;

/** What the web app shows, read straight from the store as the platform's own pages would. */
export function createAppData(store: Store, clock: Clock) {
  const find = (account: Account, type: string, uuid: unknown): Rec | undefined => {
    const c = store.collection(account, type);
    const i = c.indexOf(String(uuid));
    return i === undefined ? undefined : c.get(i);
  };
  const staffName = (account: Account, uuid: unknown) => {
    const staff = find(account, 'staff', uuid);
    return staff ? `${String(staff.first)} ${String(staff.last)}`.trim() : '';
  };
  const rowOf = (account: Account, job: Rec): JobRow => ({
    uuid: String(job.uuid),
    number: String(job.generated_job_id),
    status: String(job.status),
    customer: String(find(account, 'company', job.company_uuid)?.name ?? ''),
    address: String(job.job_address ?? '').split('\n')[0] ?? '',
    date: String(job.date),
  });

  /** The records of `type` about job i: seeded ones know their job's position, others name it in `field`. */
  function childrenOf(account: Account, type: string, jobIndex: number, jobUuid: string, field: string): Rec[] {
    const c = store.collection(account, type);
    const out: Rec[] = [];
    for (let i = 0; i < c.size(); i++) {
      const known = c.field(i, JOB_INDEX);
      if (typeof known === 'number' ? known === jobIndex : c.field(i, field) === jobUuid) {
        const record = c.get(i);
        if (Number(record.active) === 1) out.push(record);
      }
    }
    return out;
  }

  return {
    viewer(person: Person): Viewer | undefined {
      const account = store.account(person.accountUuid);
      if (!account) return undefined;
      const allowed = store.restriction(account, 'job', [person.staffUuid]);
      return { account, staffUuid: person.staffUuid, name: staffName(account, person.staffUuid), sees: allowed };
    },

    /** Jobs newest first, PER_PAGE a page; `q` finds job numbers that start with it. */
    jobList(viewer: Viewer, q: string, page: number): { rows: JobRow[]; more: boolean } {
      const jobs = store.collection(viewer.account, 'job');
      const wanted = q.trim().replace(/^#/, '');
      const skip = (page - 1) * PER_PAGE;
      const found: number[] = [];
      let seen = 0;
      for (let i = jobs.size() - 1; i >= 0 && found.length <= PER_PAGE; i--) {
        if (viewer.sees && !viewer.sees(i)) continue;
        if (wanted && !String(jobs.field(i, 'generated_job_id')).startsWith(wanted)) continue;
        if (seen++ >= skip) found.push(i);
      }
      return {
        rows: found.slice(0, PER_PAGE).map((i) => rowOf(viewer.account, jobs.get(i))),
        more: found.length > PER_PAGE,
      };
    },

    /** Today's dispatch board: a column per field worker the viewer may see, with their visits and the jobs
     * allocated to them without a time. */
    board(viewer: Viewer): { today: string; columns: BoardColumn[] } {
      const { account } = viewer;
      const today = account.local.format(clock.now()).slice(0, 10);
      const workers = account.info.staff.filter(
        (s) =>
          s.active &&
          (s.role === 'technician' || s.role === 'subcontractor') &&
          (!viewer.sees || s.uuid === viewer.staffUuid),
      );
      const columns = new Map<string, BoardColumn>(
        workers.map((s) => [
          s.uuid,
          {
            staffUuid: s.uuid,
            name: s.name,
            color: String(find(account, 'staff', s.uuid)?.color ?? ''),
            visits: [],
            unscheduled: [],
          },
        ]),
      );
      const activities = store.collection(account, 'jobactivity');
      for (let i = 0; i < activities.size(); i++) {
        if (!String(activities.field(i, 'start_date')).startsWith(today)) continue;
        const visit = activities.get(i);
        const column = columns.get(String(visit.staff_uuid));
        const job = find(account, 'job', visit.job_uuid);
        if (!column || !job || Number(visit.active) !== 1 || visit.activity_was_scheduled !== '1') continue;
        column.visits.push({
          ...rowOf(account, job),
          start: String(visit.start_date).slice(11, 16),
          end: String(visit.end_date).slice(11, 16),
        });
      }
      const allocations = store.collection(account, 'joballocation');
      for (let i = 0; i < allocations.size(); i++) {
        const a = allocations.get(i);
        const column = columns.get(String(a.staff_uuid));
        const job = find(account, 'job', a.job_uuid);
        const due = String(a.allocation_date).slice(0, 10) <= today;
        if (column && job && due && Number(a.active) === 1 && a.completion_timestamp === BLANK_DATE)
          column.unscheduled.push(rowOf(account, job));
      }
      for (const column of columns.values()) column.visits.sort((a, b) => a.start.localeCompare(b.start));
      return { today, columns: [...columns.values()] };
    },

    /** Everything a job window shows, or undefined when there is no such job or the viewer may not see it. */
    job(viewer: Viewer, uuid: string): JobView | undefined {
      const { account } = viewer;
      const jobs = store.collection(account, 'job');
      const i = jobs.indexOf(uuid.toLowerCase());
      if (i === undefined || (viewer.sees && !viewer.sees(i))) return undefined;
      const job = jobs.get(i);
      const id = String(job.uuid);
      let badgeUuids: unknown = [];
      try {
        badgeUuids = JSON.parse(String(job.badges || '[]'));
      } catch {
        // a malformed badges value shows no badges, as the platform's own pages cope with bad data
      }
      const visits = childrenOf(account, 'jobactivity', i, id, 'job_uuid').sort((a, b) =>
        String(a.start_date).localeCompare(String(b.start_date)),
      );
      const notes = childrenOf(account, 'note', i, id, 'related_object_uuid').sort((a, b) =>
        String(b.create_date).localeCompare(String(a.create_date)),
      );
      return {
        ...rowOf(account, job),
        address: String(job.job_address ?? ''),
        description: String(job.job_description ?? ''),
        badges: Array.isArray(badgeUuids) ? badgeUuids.map((b) => String(find(account, 'badge', b)?.name ?? b)) : [],
        contacts: childrenOf(account, 'jobcontact', i, id, 'job_uuid'),
        visits: visits.map((v) => ({
          start: String(v.start_date),
          end: String(v.end_date),
          staff: staffName(account, v.staff_uuid),
          recorded: v.activity_was_recorded === '1',
        })),
        allocations: childrenOf(account, 'joballocation', i, id, 'job_uuid').map((a) => ({
          staff: staffName(account, a.staff_uuid),
          date: String(a.allocation_date).slice(0, 10),
        })),
        notes: notes.slice(0, 10).map((n) => ({
          text: String(n.note),
          author: staffName(account, n.edit_by_staff_uuid),
          date: String(n.create_date),
        })),
      };
    },
  };
}

export type AppData = ReturnType<typeof createAppData>;
