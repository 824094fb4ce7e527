// The jobs of a day as pages and the toolbar count them. Apart from the day service, so a page can
// use it without the background's reads.
import type { DayView } from '../messaging/views';

/** Every job on the day, once: its visits' and its other jobs'. */
export function jobsOfDay(day: DayView): string[] {
  return [...new Set([...day.visits.map((v) => v.job.uuid), ...day.otherJobs.map((j) => j.job.uuid)])];
}

/** The day's visits: visit uuid → job uuid (what today's jobs keep for the notices' "a visit of yours"). */
export function visitsOfDay(day: DayView): Record<string, string> {
  return Object.fromEntries(day.visits.map((v) => [v.activityUuid, v.job.uuid]));
}
