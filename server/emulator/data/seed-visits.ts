import { cheapFields, type SeededSource } from './collection';
import { NOTE_TEXTS } from './names';
import { hash32, indexedUuid } from './prng';
import { DAY, HOUR, JOB_INDEX, type JobSeedContext, type SeedPlan } from './seed-plan';
import { BLANK_DATE, formatNaive } from './time';

/** Job activities: every scheduled visit of the plan's schedule, and the recorded time on site of some past ones. */
export function createActivitySource(ctx: JobSeedContext, plan: SeedPlan): SeededSource {
  const { actSeed, jobUuid, schedule } = plan;
  const actUuid = (k: number) => indexedUuid(actSeed, k);
  const staffUuid = (k: number) => ctx.fieldStaff[schedule.rowStaff(k)] as string;
  // A visit is booked a couple of days ahead; recorded time is written when the worker leaves the site.
  const editOf = (k: number) =>
    schedule.rowRecorded(k)
      ? Math.min(schedule.rowEnd(k) + 5 * 60_000, ctx.nowNaive - 60_000)
      : Math.min(schedule.rowStart(k) - 2 * DAY, ctx.nowNaive - 120_000);
  return {
    count: schedule.rows,
    kindSeed: actSeed,
    uuidAt: actUuid,
    cheap: cheapFields(actUuid, {
      job_uuid: (k) => jobUuid(schedule.rowJob(k)),
      staff_uuid: (k) => staffUuid(k),
      [JOB_INDEX]: (k) => schedule.rowJob(k),
      edit_date: (k) => formatNaive(editOf(k)),
      start_date: (k) => formatNaive(schedule.rowStart(k)),
    }),
    build(k) {
      const start = schedule.rowStart(k);
      const recorded = schedule.rowRecorded(k);
      const opened = !recorded && start < ctx.nowNaive;
      return {
        uuid: actUuid(k),
        active: 1,
        edit_date: formatNaive(editOf(k)),
        job_uuid: jobUuid(schedule.rowJob(k)),
        staff_uuid: staffUuid(k),
        start_date: formatNaive(start),
        end_date: formatNaive(schedule.rowEnd(k)),
        // Either a scheduled visit or recorded time on site, never both (the OpenAPI description).
        activity_was_scheduled: recorded ? '0' : '1',
        activity_was_recorded: recorded ? '1' : '0',
        activity_was_automated: '0',
        has_been_opened: opened ? '1' : '0',
        has_been_opened_timestamp: opened ? formatNaive(start - HOUR) : BLANK_DATE,
        // At most the gap between two slots (seed-calendar.ts), so the travel fits the schedule.
        travel_time_in_seconds: 600 + (schedule.rowHash(k, 6) % 1200),
        travel_distance_in_meters: 1000 + (schedule.rowHash(k, 7) % 25000),
        allocated_by_staff_uuid: ctx.officeStaff[schedule.rowHash(k, 8) % ctx.officeStaff.length] as string,
        allocated_timestamp: formatNaive(editOf(k)),
        material_uuid: '',
        edit_by_staff_uuid: recorded ? staffUuid(k) : (ctx.officeStaff[0] as string),
      };
    },
  };
}

/** Three notes for every two jobs, by the office or by the job's technician. */
export function createNoteSource(ctx: JobSeedContext, plan: SeedPlan): SeededSource {
  const { n, noteSeed, schedule, jobUuid, jobEdit } = plan;
  // Three notes for every two jobs: note k belongs to job floor(2k/3).
  const noteCount = Math.floor((n * 3) / 2);
  const noteJob = (k: number) => Math.floor((k * 2) / 3);
  const noteUuid = (k: number) => indexedUuid(noteSeed, k);
  const noteTime = (k: number) => Math.min(jobEdit(noteJob(k)) - (hash32(noteSeed, k, 1) % DAY), ctx.nowNaive - 60_000);
  return {
    count: noteCount,
    kindSeed: noteSeed,
    uuidAt: noteUuid,
    cheap: cheapFields(noteUuid, {
      related_object: () => 'job',
      related_object_uuid: (k) => jobUuid(noteJob(k)),
      [JOB_INDEX]: (k) => noteJob(k),
      edit_date: (k) => formatNaive(noteTime(k)),
    }),
    build(k) {
      const i = noteJob(k);
      const visit = schedule.firstVisit[i] ?? -1;
      const byTech = visit >= 0 && hash32(noteSeed, k, 2) % 2 === 0;
      const author = byTech
        ? (ctx.fieldStaff[schedule.staffOf(visit)] as string)
        : (ctx.officeStaff[hash32(noteSeed, k, 3) % ctx.officeStaff.length] as string);
      const time = formatNaive(noteTime(k));
      return {
        uuid: noteUuid(k),
        active: 1,
        edit_date: time,
        related_object: 'job',
        related_object_uuid: jobUuid(i),
        note: NOTE_TEXTS[hash32(noteSeed, k, 4) % NOTE_TEXTS.length] as string,
        action_required: hash32(noteSeed, k, 5) % 10 === 0 ? '1' : '0',
        action_completed_by_staff_uuid: '',
        edit_by_staff_uuid: author,
        create_date: time,
      };
    },
  };
}
