// The record types the emulator serves, by name: the job's own (job-record-types.ts) and the account's people,
// customers and settings here, with the real platform's field names and types (reference OpenAPI subset;
// jobcontact and joballocation, which it does not describe, from the official SDK's own model docs, typed by the
// subset's conventions). openapi.test.ts holds every served record to that description.
import { COMMON_FIELDS, CONTACT_FIELDS, type RecordTypeDef } from './field-kinds';
import { JOB_RECORD_TYPES } from './job-record-types';

const s = 'string' as const;
const u = 'uuid' as const;
const dt = 'datetime' as const;

const company: RecordTypeDef = {
  name: 'company',
  fields: {
    ...COMMON_FIELDS,
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
};

const companycontact: RecordTypeDef = {
  name: 'companycontact',
  fields: {
    ...COMMON_FIELDS,
    company_uuid: u,
    ...CONTACT_FIELDS,
  },
  readOnly: ['edit_date'],
  required: ['company_uuid'],
};

const staff: RecordTypeDef = {
  name: 'staff',
  fields: {
    ...COMMON_FIELDS,
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
};

const badge: RecordTypeDef = {
  name: 'badge',
  fields: {
    ...COMMON_FIELDS,
    name: s,
    automatically_allocated: 'flagString',
    file_name: s,
    regarding_form_uuid: u,
    regarding_asset_type_uuid: u,
  },
  readOnly: ['edit_date'],
  required: ['name'],
};

const category: RecordTypeDef = {
  name: 'category',
  fields: { ...COMMON_FIELDS, name: s, colour: s },
  readOnly: ['edit_date'],
  required: ['name'],
};

const securityrole: RecordTypeDef = {
  name: 'securityrole',
  fields: { ...COMMON_FIELDS, name: s, role_description: s },
  readOnly: ['edit_date'],
  required: ['name'],
};

const vendor: RecordTypeDef = {
  name: 'vendor',
  fields: {
    ...COMMON_FIELDS,
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
};

const { job, note, jobactivity, jobcontact, joballocation, attachment } = JOB_RECORD_TYPES;

export const RECORD_TYPES: Record<string, RecordTypeDef> = {
  job,
  company,
  companycontact,
  staff,
  note,
  badge,
  category,
  jobactivity,
  jobcontact,
  joballocation,
  attachment,
  securityrole,
  vendor,
};

/** Path segments that name a type differently from its collection (the official SDK's single-note and
 * single-attachment paths). */
export const TYPE_ALIASES: Record<string, string> = { dbonote: 'note', dboattachment: 'attachment' };

export function resolveType(segment: string): RecordTypeDef | undefined {
  return RECORD_TYPES[TYPE_ALIASES[segment] ?? segment];
}
