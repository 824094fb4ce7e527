// The job and the records that hang on it (its notes, visits, on-site contact, allocations, files), with the real
// platform's field names and types.
import { COMMON_FIELDS, CONTACT_FIELDS, type FieldKind, type RecordTypeDef } from './field-kinds';

const s = 'string' as const;
const u = 'uuid' as const;
const dt = 'datetime' as const;

const jobFields: Record<string, FieldKind> = {
  ...COMMON_FIELDS,
  created_by_staff_uuid: u,
  date: 'date',
  company_uuid: u,
  billing_address: s,
  status: 'status',
  lng: 'number',
  lat: 'number',
  payment_date: dt,
  payment_actioned_by_uuid: u,
  payment_method: s,
  payment_amount: s,
  category_uuid: u,
  payment_note: s,
  geo_is_valid: 'flag',
  purchase_order_number: s,
  invoice_sent: 'flag',
  invoice_sent_stamp: dt,
  ready_to_invoice: 'flagString',
  ready_to_invoice_stamp: dt,
  geo_country: s,
  geo_postcode: s,
  geo_state: s,
  geo_city: s,
  geo_street: s,
  geo_number: s,
  queue_uuid: u,
  queue_expiry_date: dt,
  queue_assigned_staff_uuid: u,
  badges: 'badges',
  quote_date: dt,
  quote_sent: 'flag',
  quote_sent_stamp: dt,
  work_order_date: dt,
  active_network_request_uuid: u,
  related_knowledge_articles: s,
  job_address: s,
  job_description: s,
  work_done_description: s,
  generated_job_id: s,
  total_invoice_amount: s,
  payment_processed: 'flag',
  payment_processed_stamp: dt,
  payment_received: 'flag',
  payment_received_stamp: dt,
  completion_date: dt,
  completion_actioned_by_uuid: u,
  unsuccessful_date: dt,
  job_is_scheduled_until_stamp: dt,
};

const job: RecordTypeDef = {
  name: 'job',
  fields: jobFields,
  readOnly: ['edit_date', 'generated_job_id', 'lat', 'lng', 'total_invoice_amount', 'completion_actioned_by_uuid'],
  required: [],
};

const note: RecordTypeDef = {
  name: 'note',
  fields: {
    ...COMMON_FIELDS,
    related_object: s,
    related_object_uuid: u,
    note: s,
    action_required: 'flagString',
    action_completed_by_staff_uuid: u,
    edit_by_staff_uuid: u,
    create_date: dt,
  },
  readOnly: ['edit_date', 'edit_by_staff_uuid', 'create_date'],
  required: ['related_object', 'related_object_uuid', 'note'],
};

const jobactivity: RecordTypeDef = {
  name: 'jobactivity',
  fields: {
    ...COMMON_FIELDS,
    job_uuid: u,
    staff_uuid: u,
    start_date: dt,
    end_date: dt,
    activity_was_scheduled: 'flagString',
    activity_was_recorded: 'flagString',
    activity_was_automated: 'flagString',
    has_been_opened: 'flagString',
    has_been_opened_timestamp: dt,
    travel_time_in_seconds: 'int',
    travel_distance_in_meters: 'int',
    allocated_by_staff_uuid: u,
    allocated_timestamp: dt,
    material_uuid: u,
    edit_by_staff_uuid: u,
  },
  readOnly: ['edit_date', 'edit_by_staff_uuid'],
  required: ['job_uuid', 'staff_uuid', 'start_date'],
};

// The on-site contact of one job (not the client's company contact).
const jobcontact: RecordTypeDef = {
  name: 'jobcontact',
  fields: {
    ...COMMON_FIELDS,
    job_uuid: u,
    ...CONTACT_FIELDS,
  },
  readOnly: ['edit_date'],
  required: ['job_uuid'],
};

// Gives a job to a staff member without a time slot (a job activity is a visit with a time).
const joballocation: RecordTypeDef = {
  name: 'joballocation',
  fields: {
    ...COMMON_FIELDS,
    job_uuid: u,
    queue_uuid: u,
    staff_uuid: u,
    allocation_date: dt,
    allocation_window_uuid: u,
    allocated_by_staff_uuid: u,
    allocated_timestamp: dt,
    expiry_timestamp: dt,
    read_timestamp: dt,
    completion_timestamp: dt,
    estimated_duration: s,
    revised_duration: s,
    sort_priority: s,
    requires_acceptance: s,
    acceptance_status: s,
    acceptance_timestamp: dt,
  },
  readOnly: ['edit_date'],
  required: ['job_uuid', 'staff_uuid'],
};

// A file on a record (a job's photo, a PDF): the official SDK's Attachment (`attachment.json`, one at
// `dboattachment/{uuid}.json`); its bytes go to `attachment/{uuid}.file` (rest/attachment-files.ts).
const attachment: RecordTypeDef = {
  name: 'attachment',
  fields: {
    ...COMMON_FIELDS,
    related_object: s,
    related_object_uuid: u,
    attachment_name: s,
    file_type: s,
    created_by_staff_uuid: u,
    timestamp: s,
    attachment_source: s,
    tags: s,
    lng: 'number',
    lat: 'number',
    photo_width: s,
    photo_height: s,
    extracted_info: s,
    is_favourite: s,
    class_name: s,
    metadata: s,
  },
  // "Read-only in the API" (the SDK's descriptions of these four), and edit_date as everywhere.
  readOnly: ['edit_date', 'photo_width', 'photo_height', 'extracted_info', 'class_name'],
  required: ['related_object', 'related_object_uuid'],
};

/** The job's record types, by name. */
export const JOB_RECORD_TYPES = { job, note, jobactivity, jobcontact, joballocation, attachment };
