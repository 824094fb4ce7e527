// The jobs of a day as pages and the toolbar count them. Apart from the day service, so a page can
// use it without the background's reads.
import type { DayView } from '../messaging/views';

/** Every job on the day, once: its visits' and its other jobs'. */
export function jobsOfDay(day: DayView): string[] {
  return [...new Set([...day.visits.map((v) => v.job.uuid), ...day.otherJobs.map((j) => j.job.uuid)])];
}
