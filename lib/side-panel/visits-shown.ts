import type { DayView, LiveEvent } from '../messaging/views';

/** What the side panel shows: a job (its uuid), or else a day (null before the first answer). */
export interface PanelShows {
  openJob: string | null;
  day: DayView | null;
}

type VisitsChanged = Extract<LiveEvent, { type: 'visits.changed' }>;

/** Whether changed visits (the webhook feed's, through the background) change what the panel shows: an open job when
 * they are its visits; the day when one is the person's own (booked for them, moved: the platform's word through the
 * companion) or listed on it (moved away, cancelled). Any other visit of the account costs no read: every re-read
 * spends the account's shared request budget. */
export function visitsShown(event: VisitsChanged, shows: PanelShows): boolean {
  if (shows.openJob !== null) return event.jobs.includes(shows.openJob);
  const { day } = shows;
  return day !== null && (event.yours || day.visits.some((v) => event.uuids.includes(v.activityUuid)));
}
