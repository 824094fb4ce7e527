// Job activities: the visits booked and the time recorded on site, by job or by staff member over a range, and time
// on site recorded as the person.
import { and, eq, gt, lt } from './filter';
import { isActivityOf, isOfJob, keepMatching } from './filter-checks';
import type { HttpClient } from './http';
import { API, type CallOptions, type RecordAccess } from './record-access';
import { jobActivityRecord } from './schemas';

/** Time on site as the platform records it: a job activity with `activity_was_recorded`, by the staff member. */
export interface RecordedTime {
  /** Client-chosen: read back by it before a retried create is sent again. */
  uuid: string;
  jobUuid: string;
  staffUuid: string;
  /** Account-local `YYYY-MM-DD HH:MM:SS`. */
  start: string;
  end: string;
}

/** Local-time bounds as the platform writes them: `YYYY-MM-DD HH:MM:SS`. */
export interface DateRange {
  from: string;
  to: string;
}

export function createJobActivitiesApi(
  http: HttpClient,
  { all, getOne, update }: Pick<RecordAccess, 'all' | 'getOne' | 'update'>,
) {
  return {
    /** One activity by its uuid. */
    get: (uuid: string, opts?: CallOptions) => getOne('jobactivity', jobActivityRecord, uuid, opts),
    /** Records time on site (`activity_was_recorded` 1) as the staff member. */
    async createRecorded(input: RecordedTime, opts: CallOptions = {}): Promise<void> {
      await http.send({
        method: 'POST',
        path: `${API}/jobactivity.json`,
        json: {
          uuid: input.uuid,
          job_uuid: input.jobUuid,
          staff_uuid: input.staffUuid,
          start_date: input.start,
          end_date: input.end,
          activity_was_scheduled: '0',
          activity_was_recorded: '1',
        },
        createsRecord: true,
        ...opts,
      });
    },
    /** Moves the end of recorded time (leaving the site). */
    setEnd: (uuid: string, end: string, opts?: CallOptions) => update('jobactivity', uuid, { end_date: end }, opts),
    /** A job's activities: its visits (scheduled) and the time recorded on site, everyone's. */
    ofJob: async (jobUuid: string, opts: CallOptions = {}) =>
      keepMatching(
        await all('jobactivity', jobActivityRecord, { ...opts, filter: [eq('job_uuid', jobUuid)] }),
        isOfJob(jobUuid),
      ),
    /** Job activities (scheduled visits and recorded time alike) of one staff member that overlap
     * [from, to): start before `to` and end after `from`. */
    ofStaff: async (staffUuid: string, range: DateRange, opts: CallOptions = {}) =>
      keepMatching(
        await all('jobactivity', jobActivityRecord, {
          ...opts,
          filter: and(eq('staff_uuid', staffUuid), lt('start_date', range.to), gt('end_date', range.from)),
        }),
        isActivityOf(staffUuid, range),
      ),
  };
}
