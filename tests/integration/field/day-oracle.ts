// What "My day" should show, worked out from every record the emulator holds (its control surface,
// unfiltered and unpaged), by the rules of lib/side-panel/day-plan.ts and contact-choice.ts written
// again plainly (not a test file). For days where each visited job has one visit, as the seed makes.
import { phoneView, type PhoneView } from '../../../lib/locale/phones';
import type { OutboxPlatform } from '../outbox/platform';

type Rec = Record<string, unknown>;
const BLANK = '0000-00-00 00:00:00';
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const live = (r: Rec) => Number(r.active ?? 1) === 1;
const flag = (v: unknown) => text(v) === '1';
const blank = (v: unknown) => text(v) === '' || text(v) === BLANK;

export interface ExpectedDay {
  visits: Array<{ activityUuid: string; jobUuid: string; onSite: string[] }>;
  otherJobs: Array<{ jobUuid: string; allocationUuid: string | null; onSite: string[] }>;
}

export async function expectedDay(
  platform: OutboxPlatform,
  staffUuid: string,
  date: string,
  next: string,
): Promise<ExpectedDay> {
  const records = (type: string) => platform.control.listRecords(platform.account.uuid, type);
  const [from, to] = [`${date} 00:00:00`, `${next} 00:00:00`];
  const mine = (await records('jobactivity')).filter(
    (a) => a.staff_uuid === staffUuid && live(a) && text(a.start_date) < to && text(a.end_date) > from,
  );
  const byStart = (a: Rec, b: Rec) =>
    text(a.start_date).localeCompare(text(b.start_date)) || text(a.uuid).localeCompare(text(b.uuid));
  const visits = mine.filter((a) => flag(a.activity_was_scheduled)).sort(byStart);
  const recorded = mine.filter((a) => flag(a.activity_was_recorded) && !flag(a.activity_was_scheduled)).sort(byStart);
  const visited = new Set(visits.map((v) => v.job_uuid));
  const span = (r: Rec) =>
    `${text(r.start_date).slice(11, 16)}-${blank(r.end_date) ? '' : text(r.end_date).slice(11, 16)}`;

  const priority = (a: Rec) =>
    Number.isFinite(Number(a.sort_priority)) && text(a.sort_priority) !== '' ? Number(a.sort_priority) : Infinity;
  const allocated = (await records('joballocation'))
    .filter((a) => a.staff_uuid === staffUuid && live(a) && text(a.job_uuid) !== '' && !visited.has(a.job_uuid))
    .filter((a) => text(blank(a.allocation_date) ? a.allocated_timestamp : a.allocation_date) < to)
    .filter((a) => blank(a.completion_timestamp) || text(a.completion_timestamp) >= from)
    .filter((a) => blank(a.expiry_timestamp) || text(a.expiry_timestamp) > from)
    .sort(
      (a, b) =>
        priority(a) - priority(b) ||
        text(a.allocation_date).localeCompare(text(b.allocation_date)) ||
        text(a.uuid).localeCompare(text(b.uuid)),
    );
  const otherJobs: ExpectedDay['otherJobs'] = [];
  for (const a of allocated) {
    if (!otherJobs.some((o) => o.jobUuid === a.job_uuid))
      otherJobs.push({ jobUuid: text(a.job_uuid), allocationUuid: text(a.uuid), onSite: [] });
  }
  for (const r of recorded.filter((x) => !visited.has(x.job_uuid))) {
    let other = otherJobs.find((o) => o.jobUuid === r.job_uuid);
    if (!other) otherJobs.push((other = { jobUuid: text(r.job_uuid), allocationUuid: null, onSite: [] }));
    other.onSite.push(span(r));
  }
  return {
    visits: visits.map((v) => ({
      activityUuid: text(v.uuid),
      jobUuid: text(v.job_uuid),
      onSite: recorded.filter((r) => r.job_uuid === v.job_uuid).map(span),
    })),
    otherJobs,
  };
}

/** The contact to call about a job: its on-site contact (not billing, one with a number first), else the client's. */
export async function expectedContact(
  platform: OutboxPlatform,
  jobUuid: string,
): Promise<{ name: string; phone: PhoneView | null; role: 'site' | 'client' } | null> {
  const records = (type: string) => platform.control.listRecords(platform.account.uuid, type);
  const name = (c: Rec) => `${text(c.first)} ${text(c.last)}`.trim() || text(c.email);
  const typed = (c: Rec) => text(c.mobile) || text(c.phone) || null;
  // The number as the account's country writes it (the vendor's region), as the day shows it.
  const region = text((await records('vendor'))[0]?.default_region);
  const phone = (c: Rec) => phoneView(typed(c), region);
  const site = (await records('jobcontact')).filter(
    (c) => c.job_uuid === jobUuid && live(c) && !/billing/i.test(text(c.type)),
  );
  const pickedSite = site.find(typed) ?? site[0];
  if (pickedSite) return { name: name(pickedSite), phone: phone(pickedSite), role: 'site' };
  const job = (await records('job')).find((j) => j.uuid === jobUuid);
  const client = (await records('companycontact')).filter((c) => c.company_uuid === job?.company_uuid && live(c));
  const withPhone = client.filter(typed);
  const picked = withPhone.find((c) => flag(c.is_primary_contact)) ?? withPhone[0] ?? client[0];
  return picked ? { name: name(picked), phone: phone(picked), role: 'client' } : null;
}
