// THE one place with the shapes of every platform record and answer Fieldside uses.
// Records keep only the fields Fieldside needs (the cache holds 100,000 jobs); unknown extra fields
// are allowed and dropped. Field names follow the platform's OpenAPI description
// (shared/reference/platform-openapi-subset.json); tolerance rules live in fields.ts.
import { z } from 'zod';
import * as f from './fields';
import { BASE_FIELDS as base, JOB_FIELD_TABLE, type Job } from './job-fields';
import { defineRecord, zodField } from './record-schema';

export type { Job };

export const jobRecord = defineRecord(JOB_FIELD_TABLE);

/** Whether a job is completed and by whom (the platform sets who as the status becomes Completed): read before an
 * "Undo" of a completion is sent, so it never puts back what someone else completed since. Not kept in the cache. */
export const jobCompletionRecord = defineRecord({
  ...base,
  status: f.text,
  completion_actioned_by_uuid: f.ref,
});

export const companyRecord = defineRecord({
  ...base,
  name: f.text,
  address: f.text,
  billing_address: f.text,
  is_individual: f.flag,
  parent_company_uuid: f.ref,
  badges: f.badges,
});

export const companyContactRecord = defineRecord({
  ...base,
  company_uuid: f.ref,
  first: f.text,
  last: f.text,
  phone: f.text,
  mobile: f.text,
  email: f.text,
  type: f.text,
  is_primary_contact: f.flag,
});

export const staffRecord = defineRecord({
  ...base,
  first: f.text,
  last: f.text,
  email: f.text,
  mobile: f.text,
  job_title: f.text,
  color: f.text,
  security_role_uuid: f.ref,
  hide_from_schedule: f.flag,
});

export const noteRecord = defineRecord({
  ...base,
  create_date: f.date,
  related_object: f.text,
  related_object_uuid: f.ref,
  note: f.text,
  action_required: f.flag,
  action_completed_by_staff_uuid: f.ref,
  edit_by_staff_uuid: f.ref,
});

export const badgeRecord = defineRecord({
  ...base,
  name: f.text,
  automatically_allocated: f.flag,
  file_name: f.text,
});

export const categoryRecord = defineRecord({
  ...base,
  name: f.text,
  colour: f.text,
});

export const vendorRecord = defineRecord({
  ...base,
  name: f.text,
  timezone_name: f.text,
  default_region: f.text,
  currency: f.text,
  email: f.text,
  website: f.text,
});

export const jobActivityRecord = defineRecord({
  ...base,
  job_uuid: f.ref,
  staff_uuid: f.ref,
  start_date: f.date,
  end_date: f.date,
  activity_was_scheduled: f.flag,
  activity_was_recorded: f.flag,
  travel_time_in_seconds: f.num,
});

/** The on-site contact of one job (a tenant, a site manager), apart from the client's company contacts.
 * `type` says what the contact is for: JOB, BILLING or Property Manager (the official SDK's model). */
export const jobContactRecord = defineRecord({
  ...base,
  job_uuid: f.ref,
  first: f.text,
  last: f.text,
  phone: f.text,
  mobile: f.text,
  email: f.text,
  type: f.text,
});

/** A job given to a staff member without a time slot. `allocation_date` is the earliest day it may be
 * started; an allocation is done once `completion_timestamp` is set, void after `expiry_timestamp`.
 * `sort_priority` is text in the SDK's model, so it is kept as text and read as a number only to sort. */
export const jobAllocationRecord = defineRecord({
  ...base,
  job_uuid: f.ref,
  staff_uuid: f.ref,
  allocation_date: f.date,
  allocated_timestamp: f.date,
  expiry_timestamp: f.date,
  completion_timestamp: f.date,
  sort_priority: f.text,
});

/** A file on a job (a photo, a PDF): the record; its bytes are at `attachment/{uuid}.file`. */
export const attachmentRecord = defineRecord({
  ...base,
  related_object: f.text,
  related_object_uuid: f.ref,
  attachment_name: f.text,
  file_type: f.text,
  created_by_staff_uuid: f.ref,
  timestamp: f.date,
});

export const securityRoleRecord = defineRecord({
  ...base,
  name: f.text,
  role_description: f.text,
});

export const JobSchema = jobRecord.schema;
export const CompanySchema = companyRecord.schema;
export const CompanyContactSchema = companyContactRecord.schema;
export const StaffSchema = staffRecord.schema;
export const NoteSchema = noteRecord.schema;
export const BadgeSchema = badgeRecord.schema;
export const CategorySchema = categoryRecord.schema;
export const VendorSchema = vendorRecord.schema;
export const JobActivitySchema = jobActivityRecord.schema;
export const SecurityRoleSchema = securityRoleRecord.schema;
export const JobContactSchema = jobContactRecord.schema;
export const JobAllocationSchema = jobAllocationRecord.schema;
export const AttachmentSchema = attachmentRecord.schema;

export type Company = z.infer<typeof CompanySchema>;
export type CompanyContact = z.infer<typeof CompanyContactSchema>;
export type Staff = z.infer<typeof StaffSchema>;
export type Note = z.infer<typeof NoteSchema>;
export type Badge = z.infer<typeof BadgeSchema>;
export type Category = z.infer<typeof CategorySchema>;
export type Vendor = z.infer<typeof VendorSchema>;
export type JobActivity = z.infer<typeof JobActivitySchema>;
export type SecurityRole = z.infer<typeof SecurityRoleSchema>;
export type JobContact = z.infer<typeof JobContactSchema>;
export type JobAllocation = z.infer<typeof JobAllocationSchema>;
export type Attachment = z.infer<typeof AttachmentSchema>;

export { JOB_STATUSES, type JobStatus } from '../../contracts/job-actions';

const utcTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'YYYY-MM-DD HH:MM:SS');

/** A webhook subscription as listed and answered by {base_url}/webhook_subscriptions. */
/** What both kinds of subscription carry. `uuid` is listed by the emulator; whether the real list has it is unknown. */
const subscriptionState = {
  uuid: z.string().optional(),
  callback_url: z.url({ protocol: /^https?$/ }),
  unique_id: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  active: zodField(f.flag),
  last_failure_reason: z.string().nullable().default(null),
  last_failure_at: utcTimestamp.nullable().catch(null).default(null),
};

/** A record-change subscription: `object` and the watched `fields` (PLATFORM-NOTES). */
export const ObjectSubscriptionSchema = z.object({
  type: z.literal('object').default('object'),
  object: z.string().min(1),
  fields: zodField(f.stringList),
  ...subscriptionState,
});
/** An event subscription (`job.note_added`, …): no `object`, no `fields`. */
export const EventSubscriptionSchema = z.object({
  type: z.literal('event'),
  event: z.string().min(1),
  ...subscriptionState,
});
/** One entry of the list: the platform lists both kinds together. */
export const WebhookSubscriptionSchema = z.union([EventSubscriptionSchema, ObjectSubscriptionSchema]);
export type WebhookSubscription = z.infer<typeof WebhookSubscriptionSchema>;

/** The body the platform POSTs to a callback URL: only the uuid and the changed field names. */
export const WebhookNotificationSchema = z.object({
  object: z.string().min(1),
  entry: z
    .array(
      z.object({
        changed_fields: z.array(z.string()),
        time: utcTimestamp,
        uuid: z.string().refine(f.isUuid, 'expected a uuid'),
      }),
    )
    .length(1),
  resource_url: z.url({ protocol: /^https?$/ }),
});
export type WebhookNotification = z.infer<typeof WebhookNotificationSchema>;

/** The OAuth token endpoint's answer (authorization_code and refresh_token grants). */
export const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'expected a bearer token'),
  expires_in: z.coerce.number().int().positive(),
  scope: z.string().default(''),
  refresh_token: z.string().min(1),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** The OAuth endpoints' error body (undocumented; the RFC 6749 shape is what servers send). */
export const OAuthErrorBodySchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

/** The platform's error body, and its success body for writes (`{"errorCode": 0, "message": "OK"}`). */
export const PlatformErrorBodySchema = z.object({
  errorCode: z.coerce.number(),
  message: z.string(),
});
export type PlatformErrorBody = z.infer<typeof PlatformErrorBodySchema>;
