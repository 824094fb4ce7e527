// What an activation asks the account to allow: the scopes the companion itself works with, each for one reason.
// Everything a field worker's own Fieldside needs beyond these is asked by the extension at their sign-in (and
// incremental authorisation asks only for what is new), so the administrator is not asked for features here.
// The job-card panel (../addon/) works with the tokens of this consent, as the signed staff member: it reads the
// job, its notes and the staff's names with the scopes above, and needs the last five to act on the job as them.
export const ACTIVATION_SCOPES: readonly string[] = [
  // The account a token belongs to (vendor.json): the change feed is the account's, and limits count per account.
  'vendor',
  // Webhook subscriptions to jobs, notes and visits, made with these tokens at activation so live changes flow before
  // any administrator opens Fieldside: the platform subscribes an app only to what it may read.
  'read_jobs',
  'read_job_notes',
  // Visits (job activities): one booked or moved brings its job to its staff member's browser (feed/enrich/visit-jobs.ts).
  'read_schedule',
  // Who may manage those subscriptions: the staff member's security role, which must be an administrator one.
  'read_staff',
  'read_security_roles',
  // The panel's "Add a note", written as the staff member who chose the action.
  'publish_job_notes',
  // The panel's badges by name: the platform lets only manage_badges read the badge definitions (badge.json).
  // The companion never changes a badge.
  'manage_badges',
  // The panel's visit: "Arrived" and "Done" record time on site as the person (a job activity), and completing the
  // job sets its status, as the signed staff member (impersonated, so never more than they may do).
  'manage_schedule',
  'manage_jobs',
  // The panel's photos: the attachment's record and its file (the official SDK names this scope for both).
  'manage_attachments',
];
