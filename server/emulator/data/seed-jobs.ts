import { cheapFields, type SeededSource } from './collection';
import { JOB_DESCRIPTIONS, WORK_DONE } from './names';
import { hash32, unit } from './prng';
import type { Rec } from './field-kinds';
import { createSeedPlan, HOUR, type JobSeedContext, type SeedPlan } from './seed-plan';
import { createActivitySource, createNoteSource } from './seed-visits';
import { createJobContactSource } from './seed-job-contacts';
import { seedJobAllocations, type SeededAllocation } from './seed-job-allocations';
import { BLANK_DATE, formatNaive } from './time';

export type { JobSeedContext } from './seed-plan';

export { JOB_INDEX } from './seed-plan';

// Module-level helpers, not closures made per record: the dev runner (tsx) wraps every closure it creates to keep
// its name, which costs more than the rest of building a job.
const DESCRIPTIONS_JSON = JOB_DESCRIPTIONS.map((text) => JSON.stringify(text));
const WORK_DONE_JSON = WORK_DONE.map((text) => JSON.stringify(text));
const d = (base: number, k: number) => hash32(base, k);
const pick = <T>(items: readonly T[], base: number, k: number): T => items[hash32(base, k) % items.length] as T;
/** A flat copy of a string built by concatenation: V8 keeps `a + b` as a rope, which every join walks again. */
const flat = (text: string) => Buffer.from(text, 'utf8').toString('utf8');
const dayOf = (naiveMs: number) => formatNaive(naiveMs).slice(0, 10);
// Constant runs of a job's JSON, chosen whole by a flag rather than joined piece by piece.
const QUOTE_SENT = (flag: 0 | 1) => `","quote_sent":${flag},"quote_sent_stamp":"${BLANK_DATE}","work_order_date":"`;
const QUOTE_SENT_0 = flat(QUOTE_SENT(0));
const QUOTE_SENT_1 = flat(QUOTE_SENT(1));
const PAYMENT_RECEIVED = (flag: 0 | 1) =>
  `","payment_processed":0,"payment_processed_stamp":"${BLANK_DATE}","payment_received":${flag},` +
  `"payment_received_stamp":"${BLANK_DATE}","completion_date":"`;
const PAYMENT_RECEIVED_0 = flat(PAYMENT_RECEIVED(0));
const PAYMENT_RECEIVED_1 = flat(PAYMENT_RECEIVED(1));
const UNSUCCESSFUL_HEAD = '","unsuccessful_date":"';
const SCHEDULED_TAIL = `","job_is_scheduled_until_stamp":"${BLANK_DATE}"}`;
const UNSUCCESSFUL_BLANK = flat(UNSUCCESSFUL_HEAD + BLANK_DATE + SCHEDULED_TAIL);

export interface SeededJobs {
  jobs: SeededSource;
  activities: SeededSource;
  notes: SeededSource;
  jobContacts: SeededSource;
  allocations: SeededAllocation[];
  /** Which field worker (index into fieldStaff) each seeded job activity is, and its job, for permission maps. */
  activityJob(k: number): number;
  activityStaff(k: number): number;
}

/**
 * Jobs, their job activities (visits), job contacts and notes, generated on demand from their index, and the few
 * job allocations (see seed-plan.ts). `primaryContactOf` answers a company's primary contact by company index.
 */
export function seedJobs(ctx: JobSeedContext, primaryContactOf: (company: number) => Rec | undefined): SeededJobs {
  const plan = createSeedPlan(ctx);
  return {
    jobs: createJobSource(ctx, plan),
    activities: createActivitySource(ctx, plan),
    notes: createNoteSource(ctx, plan),
    jobContacts: createJobContactSource(ctx, plan, primaryContactOf),
    allocations: seedJobAllocations(ctx, plan),
    activityJob: plan.schedule.rowJob,
    activityStaff: plan.schedule.rowStaff,
  };
}

function createJobSource(ctx: JobSeedContext, plan: SeedPlan): SeededSource {
  const { n, jobSeed, h, statusOf, dateOf, editOf, companyIndex, jobUuid, jobEdit } = plan;
  // Each company's fields pre-joined into the three runs a job repeats, so a job is ~45 join elements, not ~90:
  // Array.join costs about 25 ns an element on Node 20, which was most of the cost of a page.
  const companyJson = ctx.companies.map((company) => {
    const street = String(company.address_street);
    const space = street.indexOf(' ');
    const q = (value: unknown) => JSON.stringify(String(value ?? ''));
    return {
      head: flat(
        `","company_uuid":"${String(company.uuid)}","billing_address":${q(company.billing_address)},"status":"`,
      ),
      geo: flat(
        `,"geo_country":${q(company.address_country)},"geo_postcode":${q(company.address_postcode)}` +
          `,"geo_state":${q(company.address_state)},"geo_city":${q(company.address_city)}` +
          `,"geo_street":${q(street.slice(space + 1))},"geo_number":${q(street.slice(0, space))}` +
          ',"queue_uuid":"","queue_expiry_date":"' +
          BLANK_DATE +
          '","queue_assigned_staff_uuid":"","badges":"',
      ),
      address: flat(
        `","active_network_request_uuid":"","related_knowledge_articles":"","job_address":${q(company.address)},"job_description":`,
      ),
    };
  });

  const jobs: SeededSource = {
    count: n,
    kindSeed: jobSeed,
    uuidAt: jobUuid,
    cheap: cheapFields(jobUuid, {
      status: (i) => statusOf(i),
      edit_date: (i) => formatNaive(jobEdit(i)),
      generated_job_id: (i) => String(1001 + i),
    }),
    build: (i) => JSON.parse(jobJson(i)) as Rec,
    json: jobJson,
  };

  // The job as JSON text, written out directly: pages are served from this, because building 1,000 objects and
  // JSON.stringify-ing them costs several times more on Node 20. Every interpolated value is either JSON-safe by
  // construction (uuids, dates, digits, fixed words) or pre-quoted (anything from the word lists or a company).
  function jobJson(i: number): string {
    const base = h(i, 17);
    const status = statusOf(i);
    const date = dateOf(i);
    const edit = editOf(i, status, date);
    const company = companyJson[companyIndex(i)] as (typeof companyJson)[number];
    const badgeRoll = unit(d(base, 2));
    const b1 = pick(ctx.badgeUuids, base, 3);
    const b2 = pick(ctx.badgeUuids, base, 4);
    const badges =
      badgeRoll < 0.04 && b1 !== b2 ? `[\\"${b1}\\",\\"${b2}\\"]` : badgeRoll < 0.15 ? `[\\"${b1}\\"]` : '[]';
    const done = status === 'Completed';
    const quote = status === 'Quote';
    const amount = done ? `${80 + (d(base, 5) % 4900)}.${String(d(base, 6) % 100).padStart(2, '0')}` : '0.00';
    const editStamp = formatNaive(edit);
    const doneStamp = done ? editStamp : BLANK_DATE;
    const lng = Math.round((ctx.lng + (unit(d(base, 9)) - 0.5) * 0.4) * 1e6) / 1e6;
    const lat = Math.round((ctx.lat + (unit(d(base, 10)) - 0.5) * 0.4) * 1e6) / 1e6;
    const po = d(base, 12) % 5 === 0 ? `PO-${10000 + (d(base, 13) % 89999)}` : '';
    // One array joined once: far cheaper than a chain of + / template pieces, which V8 keeps as ropes to flatten.
    // Numbers are joined as numbers (join converts them without an intermediate string).
    return [
      '{"uuid":"',
      jobUuid(i),
      '","active":1,"edit_date":"',
      editStamp,
      '","created_by_staff_uuid":"',
      pick(ctx.officeStaff, base, 8),
      '","date":"',
      dayOf(date),
      company.head,
      status,
      '","lng":',
      lng,
      ',"lat":',
      lat,
      ',"payment_date":"',
      doneStamp,
      '","payment_actioned_by_uuid":"","payment_method":"',
      done ? 'EFT' : '',
      '","payment_amount":"',
      done ? amount : '',
      '","category_uuid":"',
      pick(ctx.categoryUuids, base, 11),
      '","payment_note":"","geo_is_valid":1,"purchase_order_number":"',
      po,
      done ? '","invoice_sent":1,"invoice_sent_stamp":"' : '","invoice_sent":0,"invoice_sent_stamp":"',
      doneStamp,
      done
        ? '","ready_to_invoice":"1","ready_to_invoice_stamp":"'
        : '","ready_to_invoice":"0","ready_to_invoice_stamp":"',
      doneStamp,
      '"',
      company.geo,
      badges,
      '","quote_date":"',
      quote ? formatNaive(date + 9 * HOUR) : BLANK_DATE,
      quote && d(base, 14) % 5 < 3 ? QUOTE_SENT_1 : QUOTE_SENT_0,
      quote ? BLANK_DATE : formatNaive(date + 8 * HOUR),
      company.address,
      pick(DESCRIPTIONS_JSON, base, 15),
      ',"work_done_description":',
      done ? pick(WORK_DONE_JSON, base, 16) : '""',
      ',"generated_job_id":"',
      1001 + i,
      '","total_invoice_amount":"',
      amount,
      done && d(base, 18) % 10 < 7 ? PAYMENT_RECEIVED_1 : PAYMENT_RECEIVED_0,
      doneStamp,
      '","completion_actioned_by_uuid":"',
      done ? pick(ctx.officeStaff, base, 7) : '',
      status === 'Unsuccessful' ? UNSUCCESSFUL_HEAD + editStamp + SCHEDULED_TAIL : UNSUCCESSFUL_BLANK,
    ].join('');
  }

  return jobs;
}
