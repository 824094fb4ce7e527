// The hot path of a full sync: every job of the account is read per sync, and the client's overhead
// over plain fetch + JSON.parse is held by bench/client.ts. This reads a job with literal property
// accesses and one fixed-shape object literal, which V8 runs several times faster than the generic
// table walk of record-schema.ts. It uses the same field readers; the compiler holds its fields to
// job-fields.ts (`satisfies` below) and schemas.test.ts holds it to the same answers as JobSchema;
// on any failure it defers to the generic parser for the reason.
import { INVALID, readActive, readBadges, readDate, readFlag, readNum, readRef, readText, readUuid } from './fields';
import type { Skipped } from './record-schema';
import type { JobField } from './job-fields';
import { jobRecord, type Job } from './schemas';

const I = INVALID;

export function parseJob(raw: unknown): { ok: true; value: Job } | { ok: false; skipped: Skipped } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return jobRecord.parse(raw);
  const r = raw as Record<string, unknown>;
  const value = {
    uuid: readUuid(r.uuid),
    active: readActive(r.active),
    edit_date: readDate(r.edit_date),
    generated_job_id: readText(r.generated_job_id),
    status: readText(r.status),
    date: readDate(r.date),
    company_uuid: readRef(r.company_uuid),
    job_address: readText(r.job_address),
    job_description: readText(r.job_description),
    work_done_description: readText(r.work_done_description),
    purchase_order_number: readText(r.purchase_order_number),
    category_uuid: readRef(r.category_uuid),
    queue_uuid: readRef(r.queue_uuid),
    created_by_staff_uuid: readRef(r.created_by_staff_uuid),
    geo_is_valid: readFlag(r.geo_is_valid),
    lat: readNum(r.lat),
    lng: readNum(r.lng),
    badges: readBadges(r.badges),
    total_invoice_amount: readNum(r.total_invoice_amount),
    completion_date: readDate(r.completion_date),
  } satisfies Record<JobField, unknown>;
  if (
    value.uuid === I ||
    value.active === I ||
    value.edit_date === I ||
    value.generated_job_id === I ||
    value.status === I ||
    value.date === I ||
    value.company_uuid === I ||
    value.job_address === I ||
    value.job_description === I ||
    value.work_done_description === I ||
    value.purchase_order_number === I ||
    value.category_uuid === I ||
    value.queue_uuid === I ||
    value.created_by_staff_uuid === I ||
    value.geo_is_valid === I ||
    value.lat === I ||
    value.lng === I ||
    value.badges === I ||
    value.total_invoice_amount === I ||
    value.completion_date === I
  ) {
    return jobRecord.parse(raw);
  }
  return { ok: true, value: value as Job };
}
