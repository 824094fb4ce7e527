import type { SeededSource } from './collection';
import { NOTE_TEXTS } from './names';
import { hash32, indexedUuid } from './prng';
import { DAY, HOUR, JOB_INDEX, type JobSeedContext, type SeedPlan } from './seed-plan';
import { BLANK_DATE, formatNaive } from './time';

/** Job activities: the visits of the plan, each by one field staff member. */
export function createActivitySource(ctx: JobSeedContext, plan: SeedPlan): SeededSource {
  const { actSeed, total, activityJob, activityStaff, jobUuid, statusOf, activityStart, activityEdit } = plan;
  const actUuid = (k: number) => indexedUuid(actSeed, k);
  const activities: SeededSource = {
    count: total,
    kindSeed: actSeed,
    uuidAt: actUuid,
    cheap(k, field) {
      switch (field) {
        case 'uuid': return actUuid(k);
        case 'active': return 1;
        case 'job_uuid': return jobUuid(activityJob[k] as number);
        case 'staff_uuid': return ctx.fieldStaff[activityStaff[k] as number];
        case JOB_INDEX: return activityJob[k];
        case 'edit_date': return formatNaive(activityEdit(k));
        default: return undefined;
      }
    },
    build(k) {
      const i = activityJob[k] as number;
      const start = activityStart(k);
      const end = start + (1 + (hash32(actSeed, k, 5) % 3)) * HOUR;
      const recorded = end < ctx.nowNaive && statusOf(i) !== 'Work Order';
      return {
        uuid: actUuid(k),
        active: 1,
        edit_date: formatNaive(activityEdit(k)),
        job_uuid: jobUuid(i),
        staff_uuid: ctx.fieldStaff[activityStaff[k] as number] as string,
        start_date: formatNaive(start),
        end_date: formatNaive(end),
        activity_was_scheduled: '1',
        activity_was_recorded: recorded ? '1' : '0',
        activity_was_automated: '0',
        has_been_opened: start < ctx.nowNaive ? '1' : '0',
        has_been_opened_timestamp: start < ctx.nowNaive ? formatNaive(start - HOUR) : BLANK_DATE,
        travel_time_in_seconds: 300 + (hash32(actSeed, k, 6) % 2400),
        travel_distance_in_meters: 1000 + (hash32(actSeed, k, 7) % 40000),
        allocated_by_staff_uuid: ctx.officeStaff[hash32(actSeed, k, 8) % ctx.officeStaff.length] as string,
        allocated_timestamp: formatNaive(activityEdit(k)),
        material_uuid: '',
        edit_by_staff_uuid: ctx.officeStaff[0] as string,
      };
    },
  };


  return activities;
}

/** Three notes for every two jobs, by the office or by the job's technician. */
export function createNoteSource(ctx: JobSeedContext, plan: SeedPlan): SeededSource {
  const { n, noteSeed, firstActivity, activityStaff, jobUuid, jobEdit } = plan;
  // Three notes for every two jobs: note k belongs to job floor(2k/3).
  const noteCount = Math.floor((n * 3) / 2);
  const noteJob = (k: number) => Math.floor((k * 2) / 3);
  const noteUuid = (k: number) => indexedUuid(noteSeed, k);
  const noteTime = (k: number) => Math.min(jobEdit(noteJob(k)) - (hash32(noteSeed, k, 1) % DAY), ctx.nowNaive - 60_000);
  const notes: SeededSource = {
    count: noteCount,
    kindSeed: noteSeed,
    uuidAt: noteUuid,
    cheap(k, field) {
      switch (field) {
        case 'uuid': return noteUuid(k);
        case 'active': return 1;
        case 'related_object': return 'job';
        case 'related_object_uuid': return jobUuid(noteJob(k));
        case JOB_INDEX: return noteJob(k);
        case 'edit_date': return formatNaive(noteTime(k));
        default: return undefined;
      }
    },
    build(k) {
      const i = noteJob(k);
      const act = firstActivity[i] ?? -1;
      const byTech = act >= 0 && hash32(noteSeed, k, 2) % 2 === 0;
      const author = byTech
        ? (ctx.fieldStaff[activityStaff[act] as number] as string)
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

  return notes;
}
