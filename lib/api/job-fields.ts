import * as f from './fields';
import type { RecordOf } from './record-schema';

// The job's fields, declared once: lib/api/schemas.ts makes the zod schema and the generic parser
// from this table, the fast parser (job-fast-parse.ts) is held to it by the compiler, and the cache's
// columns (lib/cache/store/segment-codec.ts) are derived from it. Zod-free, so the popup, which
// decodes cached jobs, can import it.

/** Every record has these. */
export const BASE_FIELDS = { uuid: f.uuid, active: f.active, edit_date: f.date };

export const JOB_FIELD_TABLE = {
  ...BASE_FIELDS,
  generated_job_id: f.text,
  status: f.text,
  date: f.date,
  company_uuid: f.ref,
  job_address: f.text,
  job_description: f.text,
  work_done_description: f.text,
  purchase_order_number: f.text,
  category_uuid: f.ref,
  queue_uuid: f.ref,
  created_by_staff_uuid: f.ref,
  geo_is_valid: f.flag,
  lat: f.num,
  lng: f.num,
  badges: f.badges,
  total_invoice_amount: f.num,
  completion_date: f.date,
};

export type Job = RecordOf<typeof JOB_FIELD_TABLE>;
export type JobField = keyof typeof JOB_FIELD_TABLE;
