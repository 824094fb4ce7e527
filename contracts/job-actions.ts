// What acting on a job writes on the platform, the same from the side panel (lib/side-panel/visit-actions.ts) and
// the job card's panel (server/companion/addon/job-actions.ts), so the office sees one way of working whichever was
// used, and each reads the other's writes: "On my way" is a note of this text; arriving is a recorded job activity
// (activity_was_recorded 1) starting and ending at the moment of arrival, and leaving sets its end.

/** The note "On my way" leaves on the job, for the office (the platform describes no way of texting the customer). */
export const ON_MY_WAY_NOTE = 'On my way.';

/** Job statuses the platform knows (reference notes); records may carry others, so a job's status is text. */
export const JOB_STATUSES = ['Quote', 'Work Order', 'Completed', 'Unsuccessful'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The job's status once the person marks it complete. */
export const COMPLETED_STATUS = 'Completed' satisfies JobStatus;

/** The steps of a visit, in the order a person takes them. */
export const JOB_ACTIONS = ['on-my-way', 'arrived', 'done', 'complete'] as const;
export type JobActionName = (typeof JOB_ACTIONS)[number];

/** The steps, and "reopen": undoing "Mark the job complete" pressed by mistake (a gloved thumb on the wrong button). */
export const VISIT_COMMANDS = [...JOB_ACTIONS, 'reopen'] as const;
export type VisitCommand = (typeof VISIT_COMMANDS)[number];

/** The id of a visit command's button, the same in the side panel and the job card's panel. */
export const visitButtonId = (command: VisitCommand): string => `act-${command}`;

/** Where keyboard focus goes once a pressed button is gone (its step taken: "Arrived" makes way for "Done"), so a
 * person on keys or a screen reader stays on the visit instead of falling back to the top of the page: the first of
 * these buttons that is shown; else the visit's heading. A press that failed leaves its button, which keeps focus. */
export const FOCUS_AFTER: Record<VisitCommand, readonly VisitCommand[]> = {
  'on-my-way': ['arrived'],
  arrived: ['done'],
  done: ['complete', 'arrived'],
  complete: ['reopen'],
  reopen: ['complete', 'arrived'],
};

/** The status "Undo" puts back: the job's before it was completed; a Work Order when that is unknown or was itself
 * Completed (completed again after the office reopened it). */
export function reopenedAs(before: string | null | undefined): JobStatus {
  const known = JOB_STATUSES.find((s) => s === before);
  return known && known !== COMPLETED_STATUS ? known : 'Work Order';
}

/** Why an "Undo" of a completion was not sent: someone else completed the job since (the office reopened it and
 * completed it again), and undoing would undo their decision. */
export const COMPLETED_BY_OTHER =
  'Someone else marked this job complete after you did, so Fieldside did not reopen it.';

/** Whether the platform says someone other than `staff` completed the job (blank: it names no one, so it is not). */
export function completedByOther(completedBy: string | null | undefined, staff: string): boolean {
  return !!completedBy && completedBy.toLowerCase() !== staff.toLowerCase();
}
