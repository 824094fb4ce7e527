// What acting on a job writes on the platform, the same from the side panel (lib/side-panel/visit-actions.ts) and
// the job card's panel (server/companion/addon/job-actions.ts), so the office sees one way of working whichever was
// used, and each reads the other's writes: "On my way" is a note of this text; arriving is a recorded job activity
// (activity_was_recorded 1) starting and ending at the moment of arrival, and leaving sets its end.

/** The note "On my way" leaves on the job, for the office (the platform describes no way of texting the customer). */
export const ON_MY_WAY_NOTE = 'On my way.';

/** The job's status once the person marks it complete. */
export const COMPLETED_STATUS = 'Completed';

/** The steps of a visit, in the order a person takes them. */
export const JOB_ACTIONS = ['on-my-way', 'arrived', 'done', 'complete'] as const;
export type JobActionName = (typeof JOB_ACTIONS)[number];
