// A page of jobs as cache columns (segment-codec.ts's JobColumns): one loop over the jobs that reads each field by
// its name. A column at a time, with the field's name in a variable, ran a function per value through `map` and a
// property lookup that met twenty names (so V8 gave up on caching it): 44-57 ms of a 100,000-job sync in the
// worker's profiles, for a function called once a page and so never optimised; a loop this long is. The compiler
// holds it to every field and its column's type (`satisfies`); segment-codec.test.ts to the same bytes as the
// column-at-a-time encoding (what IndexedDB stores), so the stored format is the same.
import type { Job } from '../../api/job-fields';
import type { JobColumns } from './segment-codec';

export function encodeJobs(jobs: readonly Job[]): JobColumns {
  const n = jobs.length;
  // Grown by push, so dense (a holey array is cloned key by key); in Job's field order, as the columns are stored.
  const uuid: Job['uuid'][] = [];
  const active = new Uint8Array(n);
  const editDate: Job['edit_date'][] = [];
  const number: string[] = [];
  const status: string[] = [];
  const date: Job['date'][] = [];
  const company: Job['company_uuid'][] = [];
  const address: string[] = [];
  const description: string[] = [];
  const workDone: string[] = [];
  const purchaseOrder: string[] = [];
  const category: Job['category_uuid'][] = [];
  const queue: Job['queue_uuid'][] = [];
  const createdBy: Job['created_by_staff_uuid'][] = [];
  const geoIsValid = new Uint8Array(n);
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  const badgeOffsets = new Uint32Array(n + 1);
  const badgeValues: string[] = [];
  const invoiceTotal = new Float64Array(n);
  const completionDate: Job['completion_date'][] = [];
  for (let i = 0; i < n; i++) {
    const job = jobs[i]!;
    uuid.push(job.uuid);
    active[i] = job.active ? 1 : 0;
    editDate.push(job.edit_date);
    number.push(job.generated_job_id);
    status.push(job.status);
    date.push(job.date);
    company.push(job.company_uuid);
    address.push(job.job_address);
    description.push(job.job_description);
    workDone.push(job.work_done_description);
    purchaseOrder.push(job.purchase_order_number);
    category.push(job.category_uuid);
    queue.push(job.queue_uuid);
    createdBy.push(job.created_by_staff_uuid);
    geoIsValid[i] = job.geo_is_valid ? 1 : 0;
    lat[i] = job.lat ?? Number.NaN;
    lng[i] = job.lng ?? Number.NaN;
    const badges: unknown = job.badges;
    // Not a list (a stored job of an older shape gone wrong): thrown, so a conversion is all or nothing.
    if (!Array.isArray(badges)) throw new TypeError(`badges of job ${job.uuid} is not a list`);
    for (let k = 0; k < badges.length; k++) badgeValues.push(badges[k] as string);
    badgeOffsets[i + 1] = badgeValues.length;
    invoiceTotal[i] = job.total_invoice_amount ?? Number.NaN;
    completionDate.push(job.completion_date);
  }
  return {
    uuid,
    active,
    edit_date: editDate,
    generated_job_id: number,
    status,
    date,
    company_uuid: company,
    job_address: address,
    job_description: description,
    work_done_description: workDone,
    purchase_order_number: purchaseOrder,
    category_uuid: category,
    queue_uuid: queue,
    created_by_staff_uuid: createdBy,
    geo_is_valid: geoIsValid,
    lat,
    lng,
    badges: { offsets: badgeOffsets, values: badgeValues },
    total_invoice_amount: invoiceTotal,
    completion_date: completionDate,
  } satisfies JobColumns;
}
