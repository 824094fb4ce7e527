// The add-on's event names, as the manifest declares them (../addon-manifest.json, held to these by a test) and
// the platform sends them: always lower-case.

export const ADDON_EVENTS = {
  /** The job-card action in the web app (manifest type "online"). */
  web: 'fieldside_job',
  /** The job-card action in the platform's mobile apps (manifest type "app"). */
  phone: 'fieldside_job_mobile',
  /** A follow-up from the panel: add a note as the signed staff member. */
  addNote: 'fieldside_add_note',
  /** A follow-up from the panel: "On my way", "Arrived", "Done" or completing the job, as the signed staff member. */
  jobAction: 'fieldside_job_action',
} as const;

export type ActionPlace = 'web' | 'phone';

/** Where an action event was chosen, or undefined for an event that is not an action. */
export function placeOf(eventName: string): ActionPlace | undefined {
  if (eventName === ADDON_EVENTS.web) return 'web';
  if (eventName === ADDON_EVENTS.phone) return 'phone';
  return undefined;
}
