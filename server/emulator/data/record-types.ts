// The record types the emulator serves, with the real platform's field names and types (reference OpenAPI subset;
// jobcontact and joballocation, which it does not describe, from the official SDK's own model docs, typed by the
// subset's conventions) and each field's kind, which drives defaults for blank fields and validation of writes.
// openapi.test.ts holds every served record to that description.

export type FieldKind =
  | 'string'
  | 'uuid' // a UUID or '' (blank)
  | 'flag' // 0/1 number
  | 'flagString' // '0'/'1' string, as the platform sends some booleans
  | 'int'
  | 'number'
  | 'datetime' // YYYY-MM-DD HH:MM:SS (blank: 0000-00-00 00:00:00)
  | 'date' // YYYY-MM-DD
  | 'badges' // JSON array of badge uuids, sent as a string
  | 'status'; // job status

export type Rec = Record<string, string | number>;

export interface RecordTypeDef {
  name: string;
  fields: Record<string, FieldKind>;
  /** Fields a client may not write (uuid is written only on create). */
  readOnly: readonly string[];
  /** Fields a create must carry. */
  required: readonly string[];
}

export const JOB_STATUSES = ['Quote', 'Work Order', 'Completed', 'Unsuccessful'] as const;

const common = { uuid: 'uuid', active: 'flag', edit_date: 'datetime' } as const;
const s = 'string' as const;
const u = 'uuid' as const;
const dt = 'datetime' as const;

const job: Record<string, FieldKind> = {
  ...common,
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

export const RECORD_TYPES: Record<string, RecordTypeDef> = {
  job: {
    name: 'job',
    fields: job,
    readOnly: ['edit_date', 'generated_job_id', 'lat', 'lng', 'total_invoice_amount'],
    required: [],
  },
  company: {
    name: 'company',
    fields: {
      ...common,
      name: s,
      abn_number: s,
      address: s,
      billing_address: s,
      // A string, as the official SDK parses it (its OpenAPI schema says integer; the rest switch `isIndividual`).
      is_individual: 'flagString',
      parent_company_uuid: u,
      website: s,
      address_street: s,
      address_city: s,
      address_state: s,
      address_postcode: s,
      address_country: s,
      fax_number: s,
      badges: 'badges',
      tax_rate_uuid: u,
      billing_attention: s,
      payment_terms: s,
    },
    // "Derived flag ... cannot be set via the API" (the OpenAPI description).
    readOnly: ['edit_date', 'is_individual'],
    required: ['name'],
  },
  companycontact: {
    name: 'companycontact',
    fields: {
      ...common,
      company_uuid: u,
      first: s,
      last: s,
      phone: s,
      mobile: s,
      email: s,
      type: s,
      is_primary_contact: 'flagString',
    },
    readOnly: ['edit_date'],
    required: ['company_uuid'],
  },
  staff: {
    name: 'staff',
    fields: {
      ...common,
      first: s,
      last: s,
      email: s,
      mobile: s,
      lng: 'number',
      lat: 'number',
      geo_timestamp: dt,
      job_title: s,
      navigating_to_job_uuid: u,
      navigating_timestamp: dt,
      navigating_expiry_timestamp: dt,
      color: s,
      custom_icon_url: s,
      status_message: s,
      status_message_timestamp: dt,
      hide_from_schedule: 'flag',
      can_receive_push_notification: 'flagString',
      security_role_uuid: u,
      labour_material_uuid: u,
    },
    readOnly: ['edit_date'],
    required: ['first', 'email'],
  },
  note: {
    name: 'note',
    fields: {
      ...common,
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
  },
  badge: {
    name: 'badge',
    fields: {
      ...common,
      name: s,
      automatically_allocated: 'flagString',
      file_name: s,
      regarding_form_uuid: u,
      regarding_asset_type_uuid: u,
    },
    readOnly: ['edit_date'],
    required: ['name'],
  },
  category: {
    name: 'category',
    fields: { ...common, name: s, colour: s },
    readOnly: ['edit_date'],
    required: ['name'],
  },
  jobactivity: {
    name: 'jobactivity',
    fields: {
      ...common,
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
  },
  // The on-site contact of one job (not the client's company contact).
  jobcontact: {
    name: 'jobcontact',
    fields: {
      ...common,
      job_uuid: u,
      first: s,
      last: s,
      phone: s,
      mobile: s,
      email: s,
      type: s,
      is_primary_contact: 'flagString',
    },
    readOnly: ['edit_date'],
    required: ['job_uuid'],
  },
  // Gives a job to a staff member without a time slot (a job activity is a visit with a time).
  joballocation: {
    name: 'joballocation',
    fields: {
      ...common,
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
  },
  // A file on a record (a job's photo, a PDF): the official SDK's Attachment (`attachment.json`, one at
  // `dboattachment/{uuid}.json`); its bytes go to `attachment/{uuid}.file` (rest/attachment-files.ts).
  attachment: {
    name: 'attachment',
    fields: {
      ...common,
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
  },
  securityrole: {
    name: 'securityrole',
    fields: { ...common, name: s, role_description: s },
    readOnly: ['edit_date'],
    required: ['name'],
  },
  vendor: {
    name: 'vendor',
    fields: {
      ...common,
      name: s,
      abn_number: s,
      business_number: s,
      website: s,
      email: s,
      email_accounts: s,
      billing_address: s,
      accepted_payment_methods: s,
      default_region: s,
      currency: s,
      timezone_name: s,
      invoice_terms: s,
      job_default_status: 'status',
      ...Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].flatMap((d) => [
          [`opening_time_${d}`, s],
          [`closing_time_${d}`, s],
        ]),
      ),
    },
    readOnly: ['edit_date'],
    required: [],
  },
};

/** Path segments that name a type differently from its collection (the official SDK's single-note and
 * single-attachment paths). */
export const TYPE_ALIASES: Record<string, string> = { dbonote: 'note', dboattachment: 'attachment' };

export function resolveType(segment: string): RecordTypeDef | undefined {
  return RECORD_TYPES[TYPE_ALIASES[segment] ?? segment];
}

/** The blank value of a field kind, as the platform sends it. */
export function blankOf(kind: FieldKind): string | number {
  switch (kind) {
    case 'flag':
    case 'int':
    case 'number':
      return 0;
    case 'flagString':
      return '0';
    case 'datetime':
      return '0000-00-00 00:00:00';
    case 'badges':
      return '[]';
    case 'status':
      return 'Quote';
    default:
      return '';
  }
}

/** A record with every field of its type, blanks where `values` has none, in the type's field order. */
export function fillRecord(def: RecordTypeDef, values: Rec): Rec {
  const out: Rec = {};
  for (const [field, kind] of Object.entries(def.fields)) out[field] = values[field] ?? blankOf(kind);
  return out;
}
