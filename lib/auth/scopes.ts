import type { Feature } from '../messaging/session-view';

// The minimal scope set of each Fieldside feature. Asking for fewer scopes earns a higher rate limit
// and a shorter consent dialog, and the platform supports incremental authorisation: a feature the
// user turns on later asks only for what is missing (missingScopes).

export const FEATURE_SCOPES = {
  /** Quick search over jobs and their customers. */
  search: ['read_jobs', 'read_customers'],
  /** "My day": the scheduled visits, allocated jobs and time on site (job activities and allocations),
   * with their jobs, customers, and whom to call: the job's on-site contact, else the client's. */
  myDay: ['read_schedule', 'read_jobs', 'read_customers', 'read_customer_contacts', 'read_job_contacts'],
  /** Reading and adding job notes. */
  notes: ['read_job_notes', 'publish_job_notes'],
  /** Badge definitions (reading badge.json needs manage_badges) and setting a job's badges. */
  badges: ['manage_badges', 'manage_jobs'],
  /** Acting on a visit: time on site recorded as the staff member (job activities) and the job's status. */
  visits: ['manage_schedule', 'manage_jobs'],
  /** A job's photos and files: listing them and attaching new ones (the Attachment endpoint). */
  photos: ['read_attachments', 'manage_attachments'],
  /** Texting a customer that the person is on the way: the platform sends it and charges the account for each. The
   * SMS history scope is not asked for: no way to read the history is known (server/emulator/FIDELITY.md). */
  texts: ['publish_sms'],
  /** A new job from an e-mail, selected text or the popup (the platform: "account charges may apply"). */
  newJobs: ['create_jobs'],
  /** A new job's customer made new, when the sender is no customer yet, with the person to reach them (their number or
   * e-mail address, the customer's contact). */
  newCustomers: ['manage_customers', 'manage_customer_contacts'],
  /** "Who are you": choosing the staff member to act as. */
  whoAreYou: ['read_staff'],
  /** The account's name and time zone. */
  account: ['vendor'],
  /** Change notifications: subscriptions are owned by the app; the records they announce are re-read
   * with the scopes of the features that show them, so webhooks need the job read scope only. */
  webhooks: ['read_jobs'],
} as const satisfies Record<Feature, readonly string[]>;

export type { Feature };

/** What a feature cannot show anything without; its other scopes add details, and a feature
 * granted only in part still shows what it can (the day without contacts is still the day). */
const ESSENTIAL_SCOPES: Partial<Record<Feature, readonly string[]>> = {
  myDay: ['read_schedule'],
};

/** Whether the granted scopes let a feature show anything at all. */
export const canUseInPart = (feature: Feature, granted: Iterable<string>): boolean => {
  const have = new Set(granted);
  return (ESSENTIAL_SCOPES[feature] ?? FEATURE_SCOPES[feature]).every((scope) => have.has(scope));
};

/** The union of the features' scopes, sorted and without repeats. */
export function scopesFor(features: Iterable<Feature>): string[] {
  const out = new Set<string>();
  for (const feature of features) for (const scope of FEATURE_SCOPES[feature]) out.add(scope);
  return [...out].sort();
}

/** Scopes the feature(s) need that `granted` lacks: what to ask for in an incremental authorisation. */
export function missingScopes(feature: Feature | Iterable<Feature>, granted: Iterable<string>): string[] {
  const have = new Set(granted);
  const features = typeof feature === 'string' ? [feature] : feature;
  return scopesFor(features).filter((scope) => !have.has(scope));
}

/** Whether the granted scopes cover a feature. */
export const canUse = (feature: Feature, granted: Iterable<string>): boolean =>
  missingScopes(feature, granted).length === 0;
